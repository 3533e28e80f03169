import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient, ClientClosedError, EventsDocument, isChainxError } from '../src/index.js'
import { createMockNetwork, type RunningMockNetwork } from '../src/testing/index.js'
import { useMockNetwork } from './helpers/mockNetworkFixture.js'
import { startNeverIdleServer, type NeverIdleServer } from './helpers/neverIdleServer.js'

// client.close() and long-running loops over real sockets: no listener left on a caller's
// signal, no socket left open, nothing running after close, a typed error for calls after it.

let mock: RunningMockNetwork
useMockNetwork({ events: 40, seed: 11, autoEmitMs: 15 }, (started) => {
  mock = started
})

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length

/** A client whose `responses` counts the answers it received (one per poll of a caught-up watch). */
function countingClient(): { client: ChainxClient; responses: () => number } {
  let responses = 0
  const client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, onResponse: () => void responses++ })
  return { client, responses: () => responses }
}

describe("watch and walks leave nothing on the caller's signal", () => {
  it('after 60 polls of a watch the signal carries at most one listener, and none once the loop ended by break, throw or abort', async () => {
    for (const exit of ['break', 'throw', 'abort'] as const) {
      const { client, responses } = countingClient()
      const controller = new AbortController()
      const during: number[] = []
      const loop = (async () => {
        for await (const _event of client.events.watch({
          filter: { All: [] },
          cursor: 'latest',
          intervalMs: 1,
          signal: controller.signal,
        })) {
          during.push(abortListeners(controller.signal))
          if (responses() < 60) continue
          if (exit === 'break') break
          if (exit === 'throw') throw new Error('consumer failed')
          controller.abort()
        }
      })()
      const outcome = await loop.then(
        () => 'returned',
        (error: Error) => error.message,
      )
      expect(outcome).toBe(exit === 'throw' ? 'consumer failed' : 'returned')
      expect(responses()).toBeGreaterThanOrEqual(60)
      expect(Math.max(...during)).toBeLessThanOrEqual(1)
      expect(abortListeners(controller.signal)).toBe(0)
      await client.close()
    }
  })

  it('a walk with a signal leaves no listener on it when it ends, breaks, throws or is aborted', async () => {
    const { client } = countingClient()
    const signal = new AbortController().signal
    expect(await client.events.iterate({ filter: { All: [] }, pageSize: 5, signal }).toArray({ maxItems: 20 })).toHaveLength(20)
    expect(abortListeners(signal)).toBe(0)
    for await (const _event of client.events.iterate({ filter: { All: [] }, pageSize: 5, signal })) break
    expect(abortListeners(signal)).toBe(0)
    await expect(
      (async () => {
        for await (const _event of client.events.iterate({ filter: { All: [] }, pageSize: 5, signal })) throw new Error('consumer failed')
      })(),
    ).rejects.toThrow('consumer failed')
    expect(abortListeners(signal)).toBe(0)
    const controller = new AbortController()
    const aborted = (async () => {
      for await (const _event of client.paginate(EventsDocument, {}, { pageSize: 5, signal: controller.signal })) controller.abort()
    })()
    await expect(aborted).rejects.toMatchObject({ code: 'ABORTED' })
    expect(abortListeners(controller.signal)).toBe(0)
    await client.close()
  })
})

describe('client.close()', () => {
  let server: NeverIdleServer
  beforeAll(async () => {
    server = await startNeverIdleServer(createMockNetwork({ events: 5, seed: 2 }))
  })
  afterAll(() => server.close())

  it.each(['node-http'] as const)(
    "200 clients (transport '%s') closed against a server that never closes idle connections leave no socket open",
    async (transport) => {
      const accepted = server.accepted
      for (let index = 0; index < 200; index++) {
        const client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: server.rpcUrl, transport })
        await client.events.query({ filter: { All: [] }, pageSize: 1 })
        await client.close()
      }
      expect(server.accepted - accepted).toBe(200)
      await server.drained(5_000)
      expect(server.open).toBe(0)
    },
  )

  it('calls after close fail with CLIENT_CLOSED, before any request', async () => {
    const { client, responses } = countingClient()
    await client.close()
    expect(client.closed).toBe(true)
    const failures = [
      await client.graphql.query(EventsDocument, {}).catch((error: unknown) => error),
      await client.events.query({ filter: { All: [] } }).catch((error: unknown) => error),
      await client.events.subscribe({ filter: { All: [] }, onEvent: () => undefined }).catch((error: unknown) => error),
      await (async () => client.events.watch({ filter: { All: [] } }))().catch((error: unknown) => error),
      await (async () => client.events.iterate({ filter: { All: [] } }))().catch((error: unknown) => error),
      await (async () => client.paginate(EventsDocument, {}))().catch((error: unknown) => error),
    ]
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ClientClosedError)
      expect(isChainxError(failure, 'CLIENT_CLOSED')).toBe(true)
    }
    expect(responses()).toBe(0)
    // A second close waits for the first.
    await expect(client.close()).resolves.toBeUndefined()
  })

  it('a running watch (no signal of its own) ends when the client is closed, in the middle of its wait between polls', async () => {
    const { client, responses } = countingClient()
    const loop = (async () => {
      let events = 0
      // A minute between polls: only close() can end the loop within the test's time.
      for await (const _event of client.events.watch({ filter: { All: [] }, cursor: 'latest', intervalMs: 60_000 })) events++
      return events
    })()
    await vi.waitFor(() => expect(responses()).toBeGreaterThanOrEqual(2))
    await client.close()
    await expect(loop).resolves.toBeGreaterThanOrEqual(0)
  })

  it('a walk running when the client closes fails at its next page with CLIENT_CLOSED and where to resume', async () => {
    const { client } = countingClient()
    const walk = client.events.iterate({ filter: { All: [] }, pageSize: 5, prefetch: false })
    const seen: string[] = []
    const error = await (async () => {
      for await (const event of walk) {
        seen.push(event.id.eventSeq)
        if (seen.length === 5) await client.close()
      }
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ClientClosedError)
    expect(error).toMatchObject({ code: 'CLIENT_CLOSED', delivered: 5, resumeCursor: walk.cursor })
  })

  it('await using closes the client at the end of the block', async () => {
    let kept: ChainxClient | undefined
    {
      await using client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl })
      kept = client
      await client.events.query({ filter: { All: [] }, pageSize: 1 })
      expect(client.closed).toBe(false)
    }
    expect(kept.closed).toBe(true)
  })
})
