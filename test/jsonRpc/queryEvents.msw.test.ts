import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InvalidFilterError, JsonRpcError } from '../../src/errors/jsonRpc.js'
import { HttpError, InvalidArgumentError, InvalidResponseError, RateLimitedError } from '../../src/errors/request.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { createJsonRpcCaller } from '../../src/jsonRpc/createJsonRpcCaller.js'
import { EventContentError } from '../../src/errors/EventContentError.js'
import { createTransport, type TransportOptions } from '../../src/transport/createTransport.js'
import { digest, idOf, wireEvent } from '../events/eventFixtures.js'

const rpcUrl = 'http://chainx.test/json-rpc'

interface Call {
  body: { jsonrpc: string; id: number; method: string; params: unknown[] }
  headers: Headers
}
const calls: Call[] = []
type Answer = (call: Call, index: number) => Response | Promise<Response>
let answers: Answer[] = []

const ok = (call: Call, result: unknown) => HttpResponse.json({ jsonrpc: '2.0', id: call.body.id, result })
const page = (events = [wireEvent(1)], hasNextPage = false) => ({ data: events, nextCursor: events.at(-1)?.id ?? null, hasNextPage })

const mock = setupServer(
  http.post(rpcUrl, async ({ request }) => {
    const call = { body: (await request.json()) as Call['body'], headers: request.headers }
    calls.push(call)
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
    if (!answer) throw new Error('no answer staged')
    return answer(call, calls.length - 1)
  }),
)
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  calls.length = 0
  answers = []
})
afterAll(() => mock.close())

function events(options: TransportOptions = {}) {
  return eventsAt(rpcUrl, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, ...options })
}

describe('JSON-RPC envelope (msw)', () => {
  it('params with a BigInt or a cycle reject with INVALID_ARGUMENT (the TypeError as cause) and nothing is sent', async () => {
    answers = [(call) => ok(call, page())]
    const rpc = createJsonRpcCaller({ url: rpcUrl, transport: createTransport({ retry: false }) })
    const cyclic: unknown[] = []
    cyclic.push(cyclic)
    for (const params of [[1n], cyclic]) {
      const error = await rpc.call('chainx_queryEvents', params).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(InvalidArgumentError)
      expect((error as Error).message).toBe('params must be JSON-serialisable')
      expect((error as Error).cause).toBeInstanceOf(TypeError)
    }
    expect(calls).toHaveLength(0)
  })

  it('J1: POSTs jsonrpc 2.0 with an integer id, method chainx_queryEvents and a params array', async () => {
    answers = [(call) => ok(call, page())]
    const client = events()
    await client.query({ filter: { All: [] } })
    await client.query({ filter: { All: [] } })
    expect(calls).toHaveLength(2)
    const [first, second] = calls as [Call, Call]
    expect(first.headers.get('content-type')).toBe('application/json')
    expect(first.body.jsonrpc).toBe('2.0')
    expect(first.body.method).toBe('chainx_queryEvents')
    expect(Array.isArray(first.body.params)).toBe(true)
    expect(Number.isInteger(first.body.id)).toBe(true)
    expect(second.body.id).not.toBe(first.body.id)
  })

  it('J2: params are [filter, cursor ?? null, limit ?? null, descending ?? false] (ascending by default, as the server)', async () => {
    answers = [(call) => ok(call, page())]
    const client = events()
    await client.query({ filter: { Sender: '0x7' } })
    await client.query({ filter: { Sender: '0x7' }, cursor: idOf(3), pageSize: 20, direction: 'backward' })
    expect(calls[0]!.body.params).toEqual([{ Sender: '0x7' }, null, null, false])
    expect(calls[1]!.body.params).toEqual([{ Sender: '0x7' }, idOf(3), 20, true])
  })

  it('J15: TimeRange bounds are sent as strings of milliseconds', async () => {
    answers = [(call) => ok(call, page([]))]
    await events().query({ filter: { TimeRange: { startTime: 1_700_000_000_000, endTime: '1700000005000' } } })
    expect(calls[0]!.body.params[0]).toEqual({ TimeRange: { startTime: '1700000000000', endTime: '1700000005000' } })
  })

  it('J3, J4, J5: the page is validated; eventSeq, timestampMs and large integers stay strings', async () => {
    answers = [(call) => ok(call, page([wireEvent(1), wireEvent(2)], true))]
    const result = await events().query({ filter: { All: [] } })
    expect(result.hasMore).toBe(true)
    expect(result.cursor).toEqual(idOf(2))
    expect(result.items).toEqual([wireEvent(1), wireEvent(2)])
    expect(typeof result.items[0]!.id.eventSeq).toBe('string')
    expect(typeof result.items[0]!.timestampMs).toBe('string')
    expect((result.items[0]!.parsedJson as { price: string }).price).toBe('18446744073709551615')
  })

  it('J4: an event with a numeric eventSeq is INVALID_RESPONSE', async () => {
    const bad = { ...wireEvent(1), id: { txDigest: digest(1), eventSeq: 0 } }
    answers = [(call) => ok(call, page([bad as never]))]
    await expect(events().query({ filter: { All: [] } })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('J4: parsedJson may be any JSON value (an array, a string, null), as the real Event schema allows; absent is INVALID_RESPONSE', async () => {
    answers = [(call) => ok(call, page([wireEvent(1, { parsedJson: [1, 2] as never }), wireEvent(2, { parsedJson: 'text' as never })]))]
    const result = await events().query({ filter: { All: [] } })
    expect(result.items.map((event) => event.parsedJson)).toEqual([[1, 2], 'text'])
    const { parsedJson: _dropped, ...without } = wireEvent(1)
    answers = [(call) => ok(call, page([without as never]))]
    await expect(events().query({ filter: { All: [] } })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('J3: a result that is not a page is INVALID_RESPONSE', async () => {
    answers = [(call) => ok(call, [wireEvent(1)])]
    await expect(events().query({ filter: { All: [] } })).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('J2: a missing nextCursor becomes null and a null timestampMs is dropped', async () => {
    answers = [(call) => ok(call, { data: [{ ...wireEvent(1), timestampMs: null }], hasNextPage: false })]
    const result = await events().query({ filter: { All: [] } })
    expect(result.cursor).toBeNull()
    expect('timestampMs' in result.items[0]!).toBe(false)
  })
})

describe('JSON-RPC errors (msw)', () => {
  it('J2: -32602 invalid params keeps code, message and data (the detail the official client drops)', async () => {
    const data = 'unknown variant `MoveEventField`, expected one of `All`, `Transaction`'
    answers = [(call) => HttpResponse.json({ jsonrpc: '2.0', id: call.body.id, error: { code: -32602, message: 'Invalid params', data } })]
    const error = await events()
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error).toMatchObject({
      code: 'JSON_RPC',
      rpcCode: -32602,
      message: 'Invalid params',
      data,
      method: 'chainx_queryEvents',
      retryable: false,
    })
    expect(calls).toHaveLength(1)
  })

  it('J17: -32601 method not found is a JsonRpcError with rpcCode -32601', async () => {
    answers = [(call) => HttpResponse.json({ jsonrpc: '2.0', id: call.body.id, error: { code: -32601, message: 'Method not found' } })]
    const rpc = createJsonRpcCaller({ url: rpcUrl, transport: createTransport({ retry: false }) })
    await expect(rpc.call('chainx_nope', [])).rejects.toMatchObject({ rpcCode: -32601, message: 'Method not found', data: undefined })
  })

  it('J1: a response whose id is not the request id is INVALID_RESPONSE', async () => {
    answers = [(call) => HttpResponse.json({ jsonrpc: '2.0', id: call.body.id + 1, result: page() })]
    const error = await events()
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as InvalidResponseError).message).toMatch(/does not match request id/)
  })

  it('J1: a body that is not JSON-RPC 2.0 is INVALID_RESPONSE', async () => {
    answers = [(call) => HttpResponse.json({ jsonrpc: '1.0', id: call.body.id, result: page() })]
    await expect(events({ retry: false }).query({ filter: { All: [] } })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('E8: -32009 "Too many requests" with id null is RATE_LIMITED, retried by the transport', async () => {
    answers = [
      () => HttpResponse.json({ jsonrpc: '2.0', id: null, error: { code: -32009, message: 'Too many requests' } }),
      (call) => ok(call, page()),
    ]
    const result = await events().query({ filter: { All: [] } })
    expect(result.items).toHaveLength(1)
    expect(calls).toHaveLength(2)
  })

  it('E8: -32009 without retries surfaces as RateLimitedError keeping the JSON-RPC error as cause', async () => {
    answers = [() => HttpResponse.json({ jsonrpc: '2.0', id: null, error: { code: -32009, message: 'Too many requests' } })]
    const error = await events({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryable: true, status: 200 })
    expect((error as RateLimitedError).cause).toMatchObject({ rpcCode: -32009 })
  })

  it('J1: -32603 with id null (the service timed the request out) is retried; with an id it is not', async () => {
    const timedOut = () => HttpResponse.json({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal error' } })
    answers = [timedOut, (call) => ok(call, page())]
    const result = await events().query({ filter: { All: [] } })
    expect(result.items).toHaveLength(1)
    expect(calls).toHaveLength(2)
    calls.length = 0
    answers = [(call) => HttpResponse.json({ jsonrpc: '2.0', id: call.body.id, error: { code: -32603, message: 'Internal error' } })]
    const error = await events()
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'JSON_RPC', rpcCode: -32603, retryable: false })
    expect(calls).toHaveLength(1)
  })

  it('E8: HTTP 429 with an HTML body and Retry-After in seconds is RATE_LIMITED with retryAfterMs', async () => {
    answers = [
      () =>
        new HttpResponse('<html><body>Too Many Requests</body></html>', {
          status: 429,
          headers: { 'retry-after': '7', 'content-type': 'text/html' },
        }),
    ]
    const error = await events({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).retryAfterMs).toBe(7000)
  })

  it('E8: HTTP 429 with Retry-After as an HTTP-date gives the wait until that date', async () => {
    const date = new Date(Date.now() + 30_000).toUTCString()
    answers = [() => new HttpResponse('slow down', { status: 429, headers: { 'retry-after': date } })]
    const error = (await events({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)) as RateLimitedError
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error.retryAfterMs).toBeGreaterThan(25_000)
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000)
  })

  it('E8: HTTP 429 with Retry-After 0 is retried and the retry succeeds', async () => {
    answers = [() => new HttpResponse('<html>429</html>', { status: 429, headers: { 'retry-after': '0' } }), (call) => ok(call, page())]
    await expect(events().query({ filter: { All: [] } })).resolves.toMatchObject({ hasMore: false })
    expect(calls).toHaveLength(2)
  })

  it('J3: an HTML 502 page is HTTP 502 (status first), retryable, and retried', async () => {
    answers = [() => new HttpResponse('<html><h1>502 Bad Gateway</h1></html>', { status: 502, headers: { 'content-type': 'text/html' } })]
    const error = (await events()
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)) as HttpError
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ code: 'HTTP', status: 502, retryable: true })
    expect(error.bodyExcerpt).toContain('502 Bad Gateway')
    expect(calls).toHaveLength(3)
  })

  it('J3: truncated JSON with status 200 is INVALID_RESPONSE, retried like a 5xx (reads are idempotent)', async () => {
    answers = [
      (call) => new HttpResponse(JSON.stringify({ jsonrpc: '2.0', id: call.body.id, result: page() }).slice(0, 40), { status: 200 }),
    ]
    const error = await events()
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', retryable: true, bodyExcerpt: expect.stringContaining('"jsonrpc"') })
    expect(calls).toHaveLength(3)
    answers = [
      (call) => new HttpResponse(JSON.stringify({ jsonrpc: '2.0', id: call.body.id, result: page() }).slice(0, 40), { status: 200 }),
      (call) => ok(call, page()),
    ]
    calls.length = 0
    await expect(events().query({ filter: { All: [] } })).resolves.toMatchObject({ hasMore: false })
    expect(calls).toHaveLength(2)
  })

  it('J16: a combination is rejected with INVALID_FILTER before any request is sent', async () => {
    answers = [(call) => ok(call, page())]
    const error = await events()
      .query({ filter: { And: [{ Sender: '0x1' }, { All: [] }] } as never })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidFilterError)
    expect(error).toMatchObject({ code: 'INVALID_FILTER', path: 'And' })
    expect(calls).toHaveLength(0)
  })

  it('J2: a bad limit or cursor is rejected with INVALID_ARGUMENT before sending', async () => {
    answers = [(call) => ok(call, page())]
    const client = events()
    await expect(client.query({ filter: { All: [] }, pageSize: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(client.query({ filter: { All: [] }, pageSize: 2.5 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(client.query({ filter: { All: [] }, cursor: { txDigest: digest(1) } as never })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    expect(calls).toHaveLength(0)
  })
})

describe('parse option (msw)', () => {
  const Listed = z.object({ item: z.number(), price: z.string() })

  it('M1: a zod schema types and checks parsedJson of each event', async () => {
    answers = [(call) => ok(call, page([wireEvent(1), wireEvent(2)]))]
    const result = await events().query({ filter: { All: [] }, parse: Listed })
    const price: string = result.items[1]!.parsedJson.price
    expect(price).toBe('18446744073709551615')
    expect(result.items.map((event) => event.parsedJson.item)).toEqual([1, 2])
  })

  it('M1: a function parser receives parsedJson and the event', async () => {
    answers = [(call) => ok(call, page([wireEvent(4)]))]
    const result = await events().query({
      filter: { All: [] },
      parse: (json, event) => ({ item: (json as { item: number }).item, type: event.type }),
    })
    expect(result.items[0]!.parsedJson).toEqual({ item: 4, type: wireEvent(4).type })
  })

  it('M1: a rejected parsedJson fails the call with EventContentError (INVALID_RESPONSE) naming the event', async () => {
    answers = [(call) => ok(call, page([wireEvent(1), wireEvent(2, { parsedJson: { item: 'two' } })]))]
    const error = (await events()
      .query({ filter: { All: [] }, parse: Listed })
      .catch((e: unknown) => e)) as EventContentError
    expect(error).toBeInstanceOf(EventContentError)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', retryable: false, eventId: idOf(2) })
    expect(error.cause).toBeInstanceOf(z.ZodError)
    expect(calls).toHaveLength(1)
  })
})
