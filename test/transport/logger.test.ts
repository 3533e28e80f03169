// The logger option against the mock network over real sockets: retries, failovers and
// subscription reconnects at info, a connection that gave up at warn, errors of a subscription
// without onError at error; silent by default for debug and info; never a credential.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChainxClient, HttpError, type LogMethod } from '../../src/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { subscribeThroughDrop } from '../helpers/subscribeThroughDrop.js'

let mock: RunningMockNetwork
let replica: RunningMockNetwork

beforeAll(async () => {
  mock = await startMockNetwork({ events: 20, seed: 3 })
  replica = await startMockNetwork({ network: mock.network })
}, 60_000)

afterAll(async () => {
  await Promise.all([mock?.close(), replica?.close()])
})

beforeEach(() => {
  mock.faults.clear()
  vi.restoreAllMocks()
})

const FAST = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }
const waitOptions = { timeout: 10_000, interval: 10 }
const recorder = () => {
  const lines: { level: string; message: string; details: Record<string, unknown> | undefined }[] = []
  const level =
    (name: string): LogMethod =>
    (message, details) =>
      void lines.push({ level: name, message, details })
  return { lines, logger: { debug: level('debug'), info: level('info'), warn: level('warn'), error: level('error') } }
}

describe('logger option', () => {
  it('a retry is logged at info with the endpoint, the attempt and the error it follows', async () => {
    const { lines, logger } = recorder()
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, retry: FAST, logger })
    mock.faults.unavailableNext(1, { endpoint: 'rpc' })
    await client.events.query({ filter: { All: [] }, pageSize: 2 })
    expect(lines).toEqual([
      {
        level: 'info',
        message: `[chainx-sdk] retry 1 to ${mock.rpcUrl} after HTTP`,
        details: { url: mock.rpcUrl, attempt: 1, failover: false, error: expect.any(HttpError) },
      },
    ])
  })

  it('a failover is logged at info, with URLs redacted', async () => {
    const { lines, logger } = recorder()
    const secret = (url: string) => url.replace('http://', 'http://alice:pa55word@') + '?apiKey=k3y'
    const client = new ChainxClient({
      graphqlUrl: [secret(mock.graphqlUrl), secret(replica.graphqlUrl)],
      limits: false,
      retry: FAST,
      logger,
    })
    mock.faults.unavailableNext(1)
    await client.graphql.query('query Chain { chainIdentifier }')
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      [
        'info',
        expect.stringMatching(/^\[chainx-sdk\] failover 1 to http:\/\/127\.0\.0\.1:\d+\/graphql\?apiKey=%5Bredacted%5D after HTTP$/),
      ],
    ])
    const text = JSON.stringify(lines)
    for (const word of ['pa55word', 'alice', 'k3y']) expect(text).not.toContain(word)
  })

  it('by default retries are silent: nothing reaches the console', async () => {
    const spies = (['debug', 'info', 'log', 'warn', 'error'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => undefined),
    )
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, retry: FAST })
    mock.faults.unavailableNext(1, { endpoint: 'rpc' })
    await client.events.query({ filter: { All: [] }, pageSize: 2 })
    for (const spy of spies) expect(spy).not.toHaveBeenCalled()
  })

  it('a subscription socket lost and reconnecting is logged at info', async () => {
    const { lines, logger } = recorder()
    const client = new ChainxClient({
      rpcUrl: mock.rpcUrl,
      wsUrl: mock.wsUrl,
      logger,
      subscriptions: { heartbeatMs: 0, verifyIntervalMs: 0, reconnect: { baseDelayMs: 5, maxDelayMs: 20, retries: 20 } },
    })
    const unsubscribe = await subscribeThroughDrop(client, mock)
    await unsubscribe()
    await client.close()
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ['info', '[chainx-sdk] subscription connection lost (SOCKET_CLOSED)'],
      [
        'info',
        expect.stringMatching(new RegExp(`^\\[chainx-sdk\\] subscription reconnecting to ${mock.wsUrl} in \\d+ ms \\(attempt 1\\)$`)),
      ],
    ])
  })

  it('a connection that gives up is logged at warn, console.warn by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const client = new ChainxClient({
      rpcUrl: mock.rpcUrl,
      wsUrl: 'ws://127.0.0.1:9/nothing-listens-here',
      subscriptions: { heartbeatMs: 0, verifyIntervalMs: 0, backfill: false, reconnect: { baseDelayMs: 1, maxDelayMs: 2, retries: 1 } },
    })
    await client.events.subscribe({ filter: { All: [] }, onEvent: () => undefined, onError: () => undefined }).catch(() => undefined)
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), waitOptions)
    await client.close()
    expect(warn.mock.calls[0]?.[0]).toMatch(/^\[chainx-sdk\] subscription connection gave up \(/)
  })

  it('an error of a subscription without onError goes to logger.error (console.error by default); with onError, there only', async () => {
    const { lines, logger } = recorder()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // A network that makes an event every 20 ms: each reaches the throwing listeners.
    const emitting = await startMockNetwork({ events: 5, seed: 4, autoEmitMs: 20 })
    const options = { rpcUrl: emitting.rpcUrl, wsUrl: emitting.wsUrl, subscriptions: { heartbeatMs: 0, verifyIntervalMs: 0 } }
    const throwing = () => {
      throw new Error('listener bug')
    }
    const logged = new ChainxClient({ ...options, logger })
    const byDefault = new ChainxClient(options)
    const handled = new ChainxClient({ ...options, logger })
    const onError = vi.fn()
    const unsubscribes = await Promise.all([
      logged.events.subscribe({ filter: { All: [] }, onEvent: throwing }),
      byDefault.events.subscribe({ filter: { All: [] }, onEvent: throwing }),
      handled.events.subscribe({ filter: { All: [] }, onEvent: throwing, onError }),
    ])
    await vi.waitFor(
      () => expect(Math.min(lines.length, consoleError.mock.calls.length, onError.mock.calls.length)).toBeGreaterThan(0),
      waitOptions,
    )
    for (const unsubscribe of unsubscribes) await unsubscribe()
    await Promise.all([logged.close(), byDefault.close(), handled.close(), emitting.close()])
    expect(lines.every((line) => line.level === 'error')).toBe(true)
    expect(lines[0]).toMatchObject({ level: 'error', message: expect.stringMatching(/^\[chainx-sdk\] event subscription error: /) })
    expect(lines[0]?.details?.error).toMatchObject({ code: 'UNEXPECTED' })
    expect(consoleError.mock.calls[0]?.[0]).toMatch(/^\[chainx-sdk\] event subscription error/)
  })

  it('is checked by the option rules at construction', () => {
    expect(() => new ChainxClient({ rpcUrl: mock.rpcUrl, logger: 5 as never })).toThrow(/logger must be an object/)
    expect(() => new ChainxClient({ rpcUrl: mock.rpcUrl, logger: { info: 'loud' } as never })).toThrow(/logger\.info must be a function/)
    expect(() => new ChainxClient({ rpcUrl: mock.rpcUrl, logger: console })).not.toThrow()
  })
})
