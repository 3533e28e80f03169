import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient, EventsDocument } from '../../src/index.js'
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
      await vi.waitFor(() => expect(mock.network.ledger.latestCheckpoint.sequenceNumber).toBeGreaterThanOrEqual(start + 3))
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
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
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

interface RawExchange {
  status: number | undefined
  contentLength: number | undefined
  received: number
  error: string | undefined
}

/** One POST over node:http, reporting what arrived before the connection ended (a reset included). */
function exchange(url: string, body: string): Promise<RawExchange> {
  return new Promise((resolve) => {
    const outcome: RawExchange = { status: undefined, contentLength: undefined, received: 0, error: undefined }
    const finish = (error?: Error & { code?: string }) => {
      outcome.error ??= error ? (error.code ?? error.message) : undefined
      resolve(outcome)
    }
    const request = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false, timeout: WAIT_MS },
      (response) => {
        outcome.status = response.statusCode
        outcome.contentLength = Number(response.headers['content-length'])
        response.on('data', (chunk: Buffer) => (outcome.received += chunk.length))
        response.on('aborted', () => (outcome.error ??= 'aborted'))
        response.on('error', finish)
        response.on('close', () => finish())
      },
    )
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', finish)
    request.end(body)
  })
}

describe('faults for hostile-network tests', () => {
  let mock: RunningMockNetwork

  beforeAll(async () => {
    mock = await startMockNetwork({ events: 40, seed: 5 })
  })
  afterEach(() => {
    mock.network.faults.clear()
  })
  afterAll(async () => {
    await mock.close()
  })

  it('E8: faults: a 429 can be a proxy HTML page, with Retry-After in seconds or as an HTTP date', async () => {
    mock.network.faults
      .rateLimitNext(1, { html: true, retryAfterSeconds: 2 })
      .rateLimitNext(1, { html: true, retryAfterDate: true, retryAfterSeconds: 30 })
    const seconds = await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')
    expect(seconds.status).toBe(429)
    expect(seconds.headers.get('content-type')).toBe('text/html')
    expect(seconds.text).toContain('<h1>429 Too Many Requests</h1>')
    expect(seconds.headers.get('retry-after')).toBe('2')
    // The clock stands still (Date only is faked): the date is exactly 30 s after it.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.UTC(2030, 0, 2, 3, 4, 5))
    const dated = await postRaw(mock.rpcUrl, RPC_BODY).finally(() => vi.useRealTimers())
    expect(dated.status).toBe(429)
    expect(dated.json).toBeUndefined()
    expect(dated.headers.get('retry-after')).toBe('Wed, 02 Jan 2030 03:04:35 GMT')
    expect(mock.network.faults.injectedCounts()).toMatchObject({ rateLimitHtml: 1, rateLimitHtmlDate: 1, rateLimit: 0 })
  })

  it('faults: resetNext resets the connection before any byte of the response', async () => {
    mock.network.faults.resetNext(1, { endpoint: 'rpc' })
    const reset = await exchange(mock.rpcUrl, RPC_BODY)
    expect(reset).toMatchObject({ status: undefined, received: 0, error: 'ECONNRESET' })
    expect((await exchange(mock.rpcUrl, RPC_BODY)).status).toBe(200)
  })

  it('faults: resetNext with midBody sends the status, the full content-length and half the body, then resets', async () => {
    const whole = await exchange(mock.graphqlUrl, JSON.stringify({ query: EVENTS_QUERY, variables: { first: 10 } }))
    mock.network.faults.resetNext(1, { midBody: true })
    const cut = await exchange(mock.graphqlUrl, JSON.stringify({ query: EVENTS_QUERY, variables: { first: 10 } }))
    expect(cut.status).toBe(200)
    expect(cut.contentLength).toBe(whole.received)
    expect(cut.received).toBeGreaterThan(0)
    expect(cut.received).toBeLessThan(whole.received)
    expect(cut.error).toBeDefined()
    expect(mock.network.faults.injectedCounts().resetMidBody).toBe(1)
  })

  it('faults: slowNext answers correctly but late, so a client deadline shorter than the delay fires first', async () => {
    mock.network.faults.slowNext(1, { delayMs: 20, endpoint: 'rpc' }).slowNext(1, { delayMs: 5_000, endpoint: 'rpc' })
    const late = await postRaw(mock.rpcUrl, RPC_BODY)
    expect(late.json.result.data).toHaveLength(2)
    const gaveUp = fetch(mock.rpcUrl, { method: 'POST', body: RPC_BODY, signal: AbortSignal.timeout(50) })
    await expect(gaveUp).rejects.toMatchObject({ name: 'TimeoutError' })
    expect(mock.network.faults.injectedCounts().slow).toBe(2)
  })

  it('faults: randomFaults draws about `rate` of the responses from a seeded PRNG, every kind equally often, and the same seed repeats it', async () => {
    const statuses = async (seed: number): Promise<{ outcomes: string[]; counts: Record<string, number> }> => {
      const network = createMockNetwork({ events: 20, seed: 3 })
      network.faults.randomFaults({ rate: 0.25, seed, slowMs: 1 })
      const outcomes: string[] = []
      for (let i = 0; i < 400; i++) {
        const answer = await network.handle({
          method: 'POST',
          url: i % 2 ? '/json-rpc' : '/graphql',
          headers: {},
          body: i % 2 ? RPC_BODY : '{"query":"{ chainIdentifier }"}',
        })
        // A Retry-After date is now + the wait: the two runs compared may straddle a second.
        const retryAfter = answer.headers['retry-after'] ?? ''
        outcomes.push(
          answer.reset ?? `${answer.status} ${answer.headers['content-type']} ${retryAfter.endsWith(' GMT') ? '<date>' : retryAfter}`,
        )
      }
      return { outcomes, counts: network.faults.injectedCounts() }
    }
    const first = await statuses(11)
    expect((await statuses(11)).outcomes).toEqual(first.outcomes)
    expect((await statuses(12)).outcomes).not.toEqual(first.outcomes)
    const kinds = Object.entries(first.counts).filter(([kind]) => kind !== 'emptyPage' && kind !== 'hostileServiceConfig')
    const total = kinds.reduce((sum, [, count]) => sum + count, 0)
    expect(total).toBeGreaterThan(60)
    expect(total).toBeLessThan(140)
    const perKind = kinds.map(([, count]) => count)
    expect(Math.max(...perKind) - Math.min(...perKind)).toBeLessThanOrEqual(1)
    expect(first.outcomes.filter((outcome) => outcome === 'midBody')).toHaveLength(first.counts.resetMidBody ?? -1)
    expect(first.outcomes.filter((outcome) => outcome.startsWith('502 text/html'))).toHaveLength(first.counts.badGateway ?? -1)
  })

  it('faults: randomFaults keeps to its kinds and endpoint; rate 0 and clear() stop it', async () => {
    mock.network.faults.randomFaults({ rate: 1, kinds: ['unavailable'], endpoint: 'rpc' })
    expect((await postRaw(mock.rpcUrl, RPC_BODY)).status).toBe(503)
    expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).status).toBe(200)
    mock.network.faults.randomFaults({ rate: 0 })
    expect((await postRaw(mock.rpcUrl, RPC_BODY)).status).toBe(200)
    expect(mock.network.faults.injectedCounts().unavailable).toBe(1)
    mock.network.faults.clear()
    expect(mock.network.faults.injectedCounts().unavailable).toBe(0)
    expect(() => mock.network.faults.randomFaults({ rate: 1.5 })).toThrow(RangeError)
  })

  it('P1: faults: emptyPagesNext(Infinity) answers every GraphQL page with no items, more claimed and a fresh cursor', async () => {
    const firstPage = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5 })
    mock.network.faults.emptyPagesNext(Infinity, { endpoint: 'graphql' })
    const cursors = new Set<string>()
    let after: string | null = null
    for (let i = 0; i < 5; i++) {
      const page = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5, after })
      const { pageInfo, edges } = page.json.data.events
      expect(edges).toEqual([])
      expect(pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true })
      expect(pageInfo.startCursor).toBe(pageInfo.endCursor)
      after = pageInfo.endCursor as string
      cursors.add(after)
    }
    expect(cursors.size).toBe(5)
    expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).json.data.chainIdentifier).toMatch(/^[0-9a-f]{8}$/)
    expect(mock.network.faults.injectedCounts().emptyPage).toBe(5)
    mock.network.faults.clear()
    // The last fresh cursor stands for the first request: the walk picks up where it was.
    expect((await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5, after })).json).toEqual(firstPage.json)
  })

  it('J3: faults: emptyPagesNext gives chainx_queryEvents pages with no events, more claimed and a fresh cursor, positional or named params', async () => {
    const rpc = (cursor: unknown, named = false) =>
      postRaw(
        mock.rpcUrl,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 3,
          method: 'chainx_queryEvents',
          params: named ? { query: { All: [] }, cursor, limit: 4 } : [{ All: [] }, cursor, 4, false],
        }),
      )
    const real = (await rpc(null)).json.result
    mock.network.faults.emptyPagesNext(3, { endpoint: 'rpc' })
    let cursor: unknown = null
    const seen = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const page = (await rpc(cursor, i === 1)).json.result
      expect(page.data).toEqual([])
      expect(page.hasNextPage).toBe(true)
      expect(page.nextCursor.eventSeq).toMatch(/^\d{19,20}$/)
      cursor = page.nextCursor
      seen.add(JSON.stringify(cursor))
    }
    expect(seen.size).toBe(3)
    // Three empty pages used up: the fresh cursor leads back to the start, nothing lost.
    expect((await rpc(cursor)).json.result).toEqual(real)
    expect((await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 2 })).json.data.events.edges).toHaveLength(2)
  })

  it('P1, J3: faults: a finite run of empty pages is a sparse stretch: the SDK walks page through it and deliver every event once', async () => {
    const client = new ChainxClient({ ...mock, retry: false })
    try {
      const graphql = await client.paginate(EventsDocument, {}, { pageSize: 7 }).toArray({ maxItems: 1_000 })
      const rpc = await client.events.iterate({ filter: { All: [] }, pageSize: 7 }).toArray({ maxItems: 1_000 })
      mock.network.faults.emptyPagesNext(3)
      expect(await client.paginate(EventsDocument, {}, { pageSize: 7 }).toArray({ maxItems: 1_000 })).toEqual(graphql)
      mock.network.faults.emptyPagesNext(3)
      expect(await client.events.iterate({ filter: { All: [] }, pageSize: 7 }).toArray({ maxItems: 1_000 })).toEqual(rpc)
      expect(rpc).toHaveLength(40)
      expect(mock.network.faults.injectedCounts().emptyPage).toBe(6)
    } finally {
      await client.close()
    }
  })

  it('O7: faults: hostileServiceConfig answers serviceConfig queries with {"data":{}}, null, wrong types, deep nesting or a given body', async () => {
    const ask = async () =>
      (await postGraphql(mock.graphqlUrl, '{ chainIdentifier serviceConfig { maxPageSize defaultPageSize requestTimeoutMs } }')).text
    const normal = JSON.parse(await ask())
    mock.network.faults.hostileServiceConfig('missing', { count: 1 })
    expect(await ask()).toBe('{"data":{}}')
    mock.network.faults.hostileServiceConfig('null', { count: 1 })
    expect(JSON.parse(await ask())).toEqual({ data: { chainIdentifier: normal.data.chainIdentifier, serviceConfig: null } })
    mock.network.faults.hostileServiceConfig('wrongTypes', { count: 1 })
    expect(JSON.parse(await ask()).data.serviceConfig).toEqual({ maxPageSize: '50', defaultPageSize: -1, requestTimeoutMs: 2.5 })
    mock.network.faults.hostileServiceConfig({ deepNesting: 40 }, { count: 1 })
    let value: unknown = JSON.parse(await ask()).data.serviceConfig.maxPageSize
    let depth = 0
    for (; Array.isArray(value) && depth < 100; depth++) value = value[0]
    expect(depth).toBe(40)
    mock.network.faults.hostileServiceConfig('deepNesting', { count: 1 })
    expect((await ask()).length).toBeGreaterThan(3 * 20_000)
    mock.network.faults.hostileServiceConfig({ body: '{"data":{"serviceConfig":{"maxPageSize":"many"}}}' })
    expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier }')).json.data.chainIdentifier).toBe(normal.data.chainIdentifier)
    expect(await ask()).toBe('{"data":{"serviceConfig":{"maxPageSize":"many"}}}')
    expect(await ask()).toBe('{"data":{"serviceConfig":{"maxPageSize":"many"}}}')
    expect(mock.network.faults.injectedCounts().hostileServiceConfig).toBe(7)
    mock.network.faults.clear()
    expect(JSON.parse(await ask())).toEqual(normal)
  })
})
