import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createMockNetwork, startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { TestClient, withTimeout } from './jsonRpcTestClient.js'
import { EVENTS_QUERY, postGraphql, postRaw } from './mockNetworkClient.js'

const RPC_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chainx_queryEvents', params: [{ All: [] }, null, 2, false] })
const WAIT_MS = 5_000

async function openSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url)
  await withTimeout(once(socket, 'open'), 'open', WAIT_MS)
  return socket
}

describe('faults on demand', () => {
  let mock: RunningMockNetwork

  beforeAll(async () => {
    mock = await startMockNetwork({ events: 40, seed: 5 })
  })
  afterAll(async () => {
    await mock.close()
  })

  it('E8: the next N responses are 429 with Retry-After and a small JSON body, then normal again', async () => {
    mock.network.faults.rateLimitNext(2, { retryAfterSeconds: 3 })
    for (let i = 0; i < 2; i++) {
      const answer = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')
      expect(answer.status).toBe(429)
      expect(answer.headers.get('retry-after')).toBe('3')
      expect(answer.json).toMatchObject({ retryAfterSeconds: 3 })
      expect(answer.headers.get('x-chain-rpc-version')).toBe('2025.3.0')
    }
    expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).status).toBe(200)
  })

  it('faults: the next N responses are 503 (Retry-After when asked), on every endpoint', async () => {
    mock.network.faults.unavailableNext(2, { retryAfterSeconds: 2 })
    const graphql = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')
    const rpc = await postRaw(mock.rpcUrl, RPC_BODY)
    expect([graphql.status, rpc.status]).toEqual([503, 503])
    expect(rpc.headers.get('retry-after')).toBe('2')
    expect((await postRaw(mock.rpcUrl, RPC_BODY)).status).toBe(200)
  })

  it('faults: the next N responses are an HTML 502 page', async () => {
    mock.network.faults.badGatewayNext(1)
    const answer = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')
    expect(answer.status).toBe(502)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(answer.text).toMatch(/^<html>[\s\S]*502 Bad Gateway[\s\S]*<\/html>\s*$/)
    expect(answer.json).toBeUndefined()
  })

  it('faults: truncated JSON is a valid start cut mid-body with status 200, scoped to one endpoint', async () => {
    const full = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5 })
    mock.network.faults.truncateNext(1, { endpoint: 'graphql' })
    const rpc = await postRaw(mock.rpcUrl, RPC_BODY)
    expect(rpc.json?.result?.data).toHaveLength(2)
    const cut = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5 })
    expect(cut.status).toBe(200)
    expect(cut.json).toBeUndefined()
    expect(cut.text.length).toBeGreaterThan(0)
    expect(cut.text.length).toBeLessThan(full.text.length)
    expect(full.text.startsWith(cut.text)).toBe(true)
    expect((await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5 })).text).toBe(full.text)
  })

  it('faults: added latency still answers correctly, and clear() removes it', async () => {
    mock.network.faults.addLatency(30, { endpoint: 'rpc' })
    expect(mock.network.faults.latencyFor('rpc')).toBe(30)
    expect(mock.network.faults.latencyFor('graphql')).toBe(0)
    expect((await postRaw(mock.rpcUrl, RPC_BODY)).json.result.data).toHaveLength(2)
    mock.network.faults.clear()
    expect(mock.network.faults.latencyFor('rpc')).toBe(0)
  })

  it('faults: dropWebSockets drops every WebSocket without a close frame (code 1006)', async () => {
    const sockets = [await openSocket(mock.wsUrl), await openSocket(mock.wsUrl.replace('/ws', '/subscribe'))]
    const closed = sockets.map((socket) => withTimeout(once(socket, 'close'), 'close', WAIT_MS))
    mock.network.faults.dropWebSockets()
    for (const [code] of await Promise.all(closed)) expect(code).toBe(1006)
  })

  it('S1: faults: dropSubscriptionsSilently removes the subscriptions of open sockets without telling them (jsonrpc-anchor 2.8)', async () => {
    const client = await new TestClient(mock.wsUrl).opened()
    try {
      const dropped = (await client.call('chainx_subscribeEvent', [{ All: [] }])).result as number
      mock.network.faults.dropSubscriptionsSilently()
      const dataset = mock.network.dataset
      if (!dataset) throw new Error('dataset expected')
      const call = { sender: dataset.senders[0] as string, package: dataset.counter.package, module: 'counter', function: 'increment' }
      mock.network.execute({ ...call, emit: [{ struct: 'Incremented', fields: { value: 1n, by: 1, tags: [] } }] })
      await client.barrier()
      expect(client.notifications).toEqual([])
      expect((await client.call('chainx_unsubscribeEvent', [dropped])).result).toBe(false)
      expect(client.socket.readyState).toBe(WebSocket.OPEN)
    } finally {
      client.socket.terminate()
    }
  })
})

describe('request timeout', () => {
  it('L2: latency beyond requestTimeoutMs gives the real timeout error without a code', async () => {
    const mock = await startMockNetwork({ events: 0, limits: { requestTimeoutMs: 20 } })
    try {
      mock.network.faults.addLatency(10_000, { endpoint: 'graphql' })
      const answer = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual({ data: null, errors: [{ message: 'Query request timed out. Limit: 0.02s' }] })
    } finally {
      await mock.close()
    }
  })
})

describe('restart and rate limit', () => {
  it('restart: the server stops and starts on the same port with the data kept and sockets dropped', async () => {
    const mock = await startMockNetwork({ events: 30, seed: 9 })
    try {
      const before = await postGraphql(mock.graphqlUrl, '{ chainIdentifier events(last: 3) { nodes { json } } }')
      const socket = await openSocket(mock.wsUrl)
      const closed = withTimeout(once(socket, 'close'), 'close', WAIT_MS)
      await mock.network.restart()
      const [code] = await closed
      expect(code).toBe(1006)
      const after = await postGraphql(mock.graphqlUrl, '{ chainIdentifier events(last: 3) { nodes { json } } }')
      expect(after.status).toBe(200)
      expect(after.json).toEqual(before.json)
      expect(new URL(mock.graphqlUrl).port).toBe(String(mock.port))
      const again = await openSocket(mock.wsUrl)
      again.terminate()
    } finally {
      await mock.close()
    }
  })

  it('L1: the per-minute rate limit applies to all HTTP endpoints, answering 429 with Retry-After', async () => {
    let now = 1_000_000
    const mock = await startMockNetwork({ events: 5, rateLimitPerMinute: 3, now: () => now })
    try {
      const statuses = [
        (await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).status,
        (await postRaw(mock.rpcUrl, RPC_BODY)).status,
        (await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).status,
      ]
      expect(statuses).toEqual([200, 200, 200])
      now += 15_000
      const refused = [await postGraphql(mock.graphqlUrl, '{ chainIdentifier }'), await postRaw(mock.rpcUrl, RPC_BODY)]
      for (const answer of refused) {
        expect(answer.status).toBe(429)
        expect(answer.headers.get('retry-after')).toBe('45')
        expect(answer.json).toMatchObject({ retryAfterSeconds: 45 })
      }
      now += 45_000
      expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).status).toBe(200)
    } finally {
      await mock.close()
    }
  })

  it('close: resolves with every socket closed, and a second close is a no-op', async () => {
    const mock = await startMockNetwork({ events: 0 })
    const socket = await openSocket(mock.wsUrl)
    const closed = withTimeout(once(socket, 'close'), 'close', WAIT_MS)
    await mock.close()
    await closed
    await mock.close()
    await expect(postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).rejects.toThrow()
  })
})

describe('demo helpers', () => {
  it('M1: with a clock, new checkpoints and their events carry its time (never going backwards)', () => {
    let now = 2_000_000_000_000
    const network = createMockNetwork({ events: 5, clock: () => now })
    const dataset = network.dataset
    if (!dataset) throw new Error('dataset expected')
    const call = { sender: dataset.senders[0] as string, package: dataset.counter.package, module: 'counter', function: 'increment' }
    const emit = [{ struct: 'Incremented', fields: { value: 1n, by: 1, tags: [] } }]
    expect(network.execute({ ...call, emit }).events[0]?.timestampMs).toBe('2000000000000')
    now -= 10_000
    expect(network.execute({ ...call, emit }).events[0]?.timestampMs).toBe('2000000000000')
    expect(network.advance().timestampMs).toBe(2_000_000_000_000)
  })

  it('M2: autoEmitMs keeps emitting transactions whose events reach GraphQL queries', async () => {
    const mock = await startMockNetwork({ events: 10, autoEmitMs: 5 })
    try {
      const start = mock.network.ledger.latestCheckpoint.sequenceNumber
      for (let i = 0; i < 200 && mock.network.ledger.latestCheckpoint.sequenceNumber < start + 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(mock.network.ledger.latestCheckpoint.sequenceNumber).toBeGreaterThanOrEqual(start + 3)
      const answer = await postGraphql(mock.graphqlUrl, '{ availableRange { last { sequenceNumber } } }')
      expect(answer.json.data.availableRange.last.sequenceNumber).toBeGreaterThanOrEqual(start + 3)
    } finally {
      await mock.close()
    }
  })
})

describe('browsers', () => {
  it('G4: CORS preflight is answered and responses expose x-chain-rpc-version to other origins', async () => {
    const mock = await startMockNetwork({ events: 0 })
    try {
      const preflight = await fetch(mock.graphqlUrl, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        signal: AbortSignal.timeout(10_000),
      })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
      expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
      const answer = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }', undefined, { origin: 'http://localhost:5173' })
      expect(answer.headers.get('access-control-allow-origin')).toBe('*')
      expect(answer.headers.get('access-control-expose-headers')).toContain('x-chain-rpc-version')
    } finally {
      await mock.close()
    }
  })
})
