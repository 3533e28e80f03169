import { createServer, type IncomingMessage, type Server } from 'node:http'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { InvalidArgumentError, RateLimitedError } from '../../src/errors/request.js'
import { createRateLimiter } from '../../src/transport/createRateLimiter.js'
import { createTransport } from '../../src/transport/createTransport.js'
import { decodeJsonResponse } from '../../src/transport/decodeJsonResponse.js'
import { parseRetryAfter } from '../../src/transport/parseRetryAfter.js'
import { resolveRetryOptions, type RetryOptions } from '../../src/transport/retryOptions.js'
import { backoffDelay } from '../../src/utils/withRetry.js'
import { ChainxClient } from '../../src/client.js'
import { listenLocal, type LocalServer } from '../helpers/listenLocal.js'

const url = 'http://chainx.test/rpc'
const mock = setupServer()
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mock.resetHandlers())
afterAll(() => mock.close())

const parseJson = (response: { status: number; headers: Record<string, string>; body: string }) =>
  decodeJsonResponse(response, { url, isProtocolBody: (body) => 'ok' in body })

function sequence(responses: (() => Response)[]) {
  let calls = 0
  mock.use(http.post(url, () => (responses[Math.min(calls++, responses.length - 1)] as () => Response)()))
  return () => calls
}

const fast = { retries: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 }

describe('retries', () => {
  it('L1/E8: a 429 with Retry-After in seconds is retried after the wait', async () => {
    const calls = sequence([
      () => HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '0' } }),
      () => HttpResponse.json({ ok: true }),
    ])
    const transport = createTransport({ retry: fast })
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    expect(calls()).toBe(2)
  })

  it('L1/E8: a 429 with Retry-After as an HTTP date is retried', async () => {
    const calls = sequence([
      () => new HttpResponse('busy', { status: 429, headers: { 'retry-after': new Date(Date.now() - 1000).toUTCString() } }),
      () => HttpResponse.json({ ok: true }),
    ])
    const transport = createTransport({ retry: fast })
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    expect(calls()).toBe(2)
  })

  it('E8: a Retry-After above the ceiling fails at once with RATE_LIMITED and retryAfterMs', async () => {
    const calls = sequence([() => new HttpResponse('busy', { status: 429, headers: { 'retry-after': '3600' } })])
    const transport = createTransport({ retry: fast })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect((error as RateLimitedError).retryAfterMs).toBe(3_600_000)
    expect(calls()).toBe(1)
  })

  it('a 503 is retried, and gives HTTP with status once retries run out', async () => {
    const calls = sequence([() => HttpResponse.json({ message: 'unavailable' }, { status: 503 })])
    const transport = createTransport({ retry: fast })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'HTTP')).toBe(true)
    expect(error).toMatchObject({ status: 503, bodyExcerpt: '{"message":"unavailable"}' })
    expect(calls()).toBe(4)
  })

  it('a 503 with Retry-After is retried after the wait the server asked for, up to the ceiling', async () => {
    const calls = sequence([
      () => new HttpResponse('Service Unavailable', { status: 503, headers: { 'retry-after': '0' } }),
      () => HttpResponse.json({ ok: true }),
    ])
    const transport = createTransport({ retry: fast })
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    expect(calls()).toBe(2)
    for (const unavailable of [
      () => new HttpResponse('Service Unavailable', { status: 503, headers: { 'retry-after': '3600' } }),
      () => HttpResponse.json({ message: 'unavailable' }, { status: 503, headers: { 'retry-after': '3600' } }),
    ]) {
      const count = sequence([unavailable])
      const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
      expect(error).toMatchObject({ status: 503, retryAfterMs: 3_600_000 })
      expect(count()).toBe(1)
    }
  })

  it('status first: an HTML 502 page is HTTP 502, retried, then reported with the body excerpt', async () => {
    const calls = sequence([
      () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      () => HttpResponse.json({ ok: true }),
    ])
    const transport = createTransport({ retry: fast })
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    expect(calls()).toBe(2)
    const noRetry = createTransport({ retry: false })
    sequence([() => new HttpResponse('<html>502</html>', { status: 502 })])
    const error = await noRetry.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'HTTP')).toBe(true)
    expect(error).toMatchObject({ status: 502, bodyExcerpt: '<html>502</html>', message: `HTTP 502 from ${url}` })
  })

  it('status first: a 503 in plain text, a 404 and a gateway 401 are HTTP with their status, never INVALID_RESPONSE', async () => {
    const transport = createTransport({ retry: false })
    for (const [status, body] of [
      [503, 'Service Unavailable'],
      [404, 'Not Found'],
      [401, '<html>Unauthorized</html>'],
      [400, '{"truncated'],
    ] as const) {
      sequence([() => new HttpResponse(body, { status })])
      const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'HTTP', status, bodyExcerpt: body, message: `HTTP ${status} from ${url}` })
    }
  })

  it('status first: a protocol error in a failing status is parsed and kept as the cause; 429 stays RATE_LIMITED', async () => {
    const readErrorBody = (json: Record<string, unknown>) => new Error(String(json.error))
    const decode = (response: { status: number; headers: Record<string, string>; body: string }) =>
      decodeJsonResponse(response, { url, isProtocolBody: (body) => 'ok' in body, readErrorBody })
    const http413 = (() => {
      try {
        return decode({ status: 413, headers: {}, body: '{"error":"too big"}' })
      } catch (error) {
        return error
      }
    })()
    expect(http413).toMatchObject({ code: 'HTTP', status: 413, cause: { message: 'too big' } })
    const limited = (() => {
      try {
        return decode({ status: 429, headers: { 'retry-after': '2' }, body: '<html>slow down</html>' })
      } catch (error) {
        return error
      }
    })()
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 2_000 })
  })

  it('an undecodable 200 (truncated JSON) is INVALID_RESPONSE, retried like a 5xx, then reported with its body excerpt', async () => {
    const calls = sequence([() => new HttpResponse('{"data":{"epoch":{"epo', { status: 200 })])
    const transport = createTransport({ retry: fast })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'INVALID_RESPONSE')).toBe(true)
    expect(error).toMatchObject({ status: 200, bodyExcerpt: '{"data":{"epoch":{"epo', cause: expect.any(SyntaxError) })
    expect(calls()).toBe(4)
    const recovered = sequence([() => new HttpResponse('{"ok', { status: 200 }), () => HttpResponse.json({ ok: true })])
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    expect(recovered()).toBe(2)
  })

  it('retry: false still means one attempt for an undecodable response', async () => {
    const calls = sequence([() => HttpResponse.json({ rejected: true })])
    const transport = createTransport({ retry: false })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'INVALID_RESPONSE')).toBe(true)
    expect(calls()).toBe(1)
  })

  it('a rejected query (non-retryable error from parse) is never retried', async () => {
    const calls = sequence([() => HttpResponse.json({ ok: false })])
    const transport = createTransport({ retry: fast })
    const rejected = new InvalidArgumentError('rejected by the service')
    const error = await transport
      .request({
        url,
        body: '{}',
        parse: () => {
          throw rejected
        },
      })
      .catch((e: unknown) => e)
    expect(error).toBe(rejected)
    expect(calls()).toBe(1)
  })

  it('retry options left undefined take their defaults (an undefined retries retried forever)', () => {
    const defaults = { retries: 3, baseDelayMs: 200, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 }
    expect(resolveRetryOptions({ retries: undefined, baseDelayMs: undefined, maxDelayMs: undefined, maxRetryAfterMs: undefined })).toEqual(
      defaults,
    )
    expect(resolveRetryOptions({ retries: 1, maxRetryAfterMs: undefined })).toEqual({ ...defaults, retries: 1 })
  })

  it('retries NaN, Infinity, -1 or 1.5 and a NaN or negative delay are INVALID_ARGUMENT when the client is created, naming retry.<field>', () => {
    const bad: RetryOptions[] = [
      { retries: NaN },
      { retries: Infinity },
      { retries: -1 },
      { retries: 1.5 },
      { baseDelayMs: NaN },
      { maxDelayMs: NaN },
      { baseDelayMs: Infinity },
      { maxRetryAfterMs: -1 },
    ]
    for (const retry of bad) {
      expect(() => createTransport({ retry }), JSON.stringify(Object.entries(retry))).toThrow(InvalidArgumentError)
      expect(() => new ChainxClient({ graphqlUrl: url, retry })).toThrow(InvalidArgumentError)
    }
    expect(resolveRetryOptions({ retries: 0, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 })).toMatchObject({
      retries: 0,
      maxDelayMs: 0,
    })
    expect(() => createTransport({ retry: { maxRetryAfterMs: -1 } })).toThrow(/^retry\.maxRetryAfterMs must be a number of ms >= 0/)
    expect(() => createTransport({ retry: { retries: 1.5 } })).toThrow(/^retry\.retries must be a whole number >= 0, got 1\.5/)
    // Caps (the option rules): Infinity means no cap.
    expect(resolveRetryOptions({ maxDelayMs: Infinity, maxRetryAfterMs: Infinity })).toMatchObject({
      maxDelayMs: Infinity,
      maxRetryAfterMs: Infinity,
    })
  })

  it('timeoutMs -5 or NaN is INVALID_ARGUMENT when the client is created, or per call before anything is sent', async () => {
    for (const timeoutMs of [-5, NaN]) {
      expect(() => createTransport({ timeoutMs })).toThrow(InvalidArgumentError)
      expect(() => new ChainxClient({ graphqlUrl: url, timeoutMs })).toThrow(InvalidArgumentError)
    }
    const calls = sequence([() => HttpResponse.json({ ok: true })])
    const error = await createTransport({ retry: fast })
      .request({ url, body: '{}', timeoutMs: -5, parse: parseJson })
      .catch((caught: unknown) => caught)
    expect(isChainxError(error, 'INVALID_ARGUMENT')).toBe(true)
    expect(calls()).toBe(0)
  })

  it('backoff grows exponentially with jitter and is capped', () => {
    const options = resolveRetryOptions({ baseDelayMs: 100, maxDelayMs: 1_000 })
    expect(backoffDelay(0, options, () => 0)).toBe(50)
    expect(backoffDelay(0, options, () => 1)).toBe(100)
    expect(backoffDelay(2, options, () => 1)).toBe(400)
    expect(backoffDelay(10, options, () => 1)).toBe(1_000)
  })

  it('Retry-After parses both forms', () => {
    const now = Date.parse('2026-11-22T00:00:00Z')
    expect(parseRetryAfter('7', now)).toBe(7_000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:03 GMT', now)).toBe(3_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:03 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe('hooks and headers', () => {
  it('an error thrown by the headers function reaches the caller as is, not as ABORTED', async () => {
    const calls = sequence([() => HttpResponse.json({ ok: true })])
    const failure = new Error('token refresh failed')
    const transport = createTransport({ retry: fast, headers: async () => Promise.reject(failure) })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(error).toBe(failure)
    expect(calls()).toBe(0)
  })

  it('an error thrown by onResponse is neither NETWORK nor retried', async () => {
    const calls = sequence([() => HttpResponse.json({ ok: true })])
    const failure = new Error('hook bug')
    const transport = createTransport({
      retry: fast,
      onResponse: () => {
        throw failure
      },
    })
    const error = await transport.request({ url, body: '{}', parse: parseJson }).catch((e: unknown) => e)
    expect(error).toBe(failure)
    expect(calls()).toBe(1)
  })

  it('an abort while the headers function runs stops the request before it is sent', async () => {
    const calls = sequence([() => HttpResponse.json({ ok: true })])
    const controller = new AbortController()
    const transport = createTransport({
      retry: false,
      headers: async () => {
        controller.abort(new Error('user left'))
        return {}
      },
    })
    const error = await transport.request({ url, body: '{}', signal: controller.signal, parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'ABORTED')).toBe(true)
    expect(calls()).toBe(0)
  })

  it('an abort while onRequest runs stops the request before it is sent', async () => {
    const calls = sequence([() => HttpResponse.json({ ok: true })])
    const controller = new AbortController()
    const transport = createTransport({ retry: false, onRequest: () => controller.abort() })
    const error = await transport.request({ url, body: '{}', signal: controller.signal, parse: parseJson }).catch((e: unknown) => e)
    expect(isChainxError(error, 'ABORTED')).toBe(true)
    expect(calls()).toBe(0)
  })
})

describe('over a real socket', () => {
  let server: Server
  let local: LocalServer
  let base: string
  let hits = 0
  let mode: 'reset-then-ok' | 'hang' | 'half-body' = 'reset-then-ok'
  beforeAll(async () => {
    mock.close()
    server = createServer((req, res) => {
      hits++
      if (mode === 'hang') return
      if (mode === 'half-body') {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"ok":')
        return
      }
      if (hits === 1) {
        req.socket.destroy()
        return
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ ok: true, headers: req.headers, rawHeaders: req.rawHeaders }))
    })
    local = await listenLocal(server)
    base = `${local.origin}/`
  })
  afterAll(async () => {
    await local.close()
    mock.listen({ onUnhandledRequest: 'error' })
  })

  it.each(['auto', 'node-http', 'fetch'] as const)(
    'sends one line per header name, whatever its case, the latest source winning (%s)',
    async (kind) => {
      hits = 1
      mode = 'reset-then-ok'
      const transport = createTransport({
        transport: kind,
        retry: false,
        headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: 'Bearer a' },
      })
      const { rawHeaders } = await transport.request({
        url: base,
        body: '{}',
        headers: { AUTHORIZATION: 'Bearer b' },
        parse: (response) => JSON.parse(response.body) as { rawHeaders: string[] },
      })
      const sent = (name: string) => rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]?.toLowerCase() === name)
      expect(sent('content-type')).toEqual(['application/json; charset=utf-8'])
      expect(sent('authorization')).toEqual(['Bearer b'])
    },
  )

  it('a connection reset is NETWORK and retried over node:http keep-alive', async () => {
    hits = 0
    mode = 'reset-then-ok'
    const seen: number[] = []
    const transport = createTransport({
      retry: fast,
      headers: async () => ({ authorization: 'Bearer lazily-computed' }),
      onRequest: (info) => void seen.push(info.attempt),
      onResponse: (info) => void seen.push(info.status),
    })
    const result = await transport.request({
      url: base,
      body: '{}',
      parse: (response) => JSON.parse(response.body) as { ok: boolean; headers: Record<string, string> },
    })
    expect(result.ok).toBe(true)
    expect(result.headers.authorization).toBe('Bearer lazily-computed')
    expect(result.headers['content-type']).toBe('application/json')
    expect(hits).toBe(2)
    expect(seen).toEqual([0, 1, 200])
  })

  for (const [name, options] of [
    ['node:http', {}],
    ['fetch', { transport: 'fetch' }],
  ] as const) {
    it(`TIMEOUT (retryable) when no response arrives in timeoutMs; ABORTED when the caller aborts; the connection closed either way (${name})`, async () => {
      mode = 'hang'
      const transport = createTransport({ ...options, retry: false, timeoutMs: 50 })
      const closed = () =>
        new Promise<void>((resolve) => server.once('request', (req: IncomingMessage) => req.socket.once('close', resolve)))
      let connectionClosed = closed()
      const timeout = await transport.request({ url: base, body: '{}', parse: (r) => r }).catch((e: unknown) => e)
      expect(timeout).toMatchObject({ code: 'TIMEOUT', timeoutMs: 50, retryable: true })
      await connectionClosed
      connectionClosed = closed()
      const controller = new AbortController()
      server.once('request', () => controller.abort()) // aborts a request the server holds
      const pending = transport.request({ url: base, body: '{}', timeoutMs: 10_000, signal: controller.signal, parse: (r) => r })
      const aborted = await pending.catch((e: unknown) => e)
      expect(aborted).toMatchObject({ code: 'ABORTED', retryable: false })
      await connectionClosed
    })

    it(`the time limit covers a body that stops halfway, and the caller's signal too (${name})`, async () => {
      mode = 'half-body'
      const transport = createTransport({ ...options, retry: false, timeoutMs: 50 })
      const timeout = await transport.request({ url: base, body: '{}', parse: (r) => r }).catch((e: unknown) => e)
      expect(timeout).toMatchObject({ code: 'TIMEOUT', timeoutMs: 50 })
      const controller = new AbortController()
      server.once('request', () => controller.abort()) // after the handler wrote half a body
      const pending = transport.request({ url: base, body: '{}', timeoutMs: 0, signal: controller.signal, parse: (r) => r })
      expect(await pending.catch((e: unknown) => e)).toMatchObject({ code: 'ABORTED' })
    })
  }

  it('an injected fetch is used instead of node:http', async () => {
    mode = 'reset-then-ok'
    hits = 1
    let used = 0
    const transport = createTransport({
      retry: false,
      fetch: (input, init) => {
        used++
        return globalThis.fetch(input, init)
      },
    })
    const result = await transport.request({ url: base, body: '{}', parse: (r) => r.status })
    expect(result).toBe(200)
    expect(used).toBe(1)
  })
})

describe('rate limiter', () => {
  // Fake timers drive the limiter's waits; its clock is injected to follow them.
  const fakeClock = { now: () => Date.now() }

  it('L1: a slot frees 60 s after its request settled, so at most N arrive in any 60 s window', async () => {
    vi.useFakeTimers()
    try {
      const limiter = createRateLimiter(2, fakeClock)
      const first = await limiter.acquire()
      const second = await limiter.acquire()
      let third = false
      const pending = limiter.acquire().then((release) => {
        third = true
        return release
      })
      // Both still in flight: time alone frees nothing.
      await vi.advanceTimersByTimeAsync(120_000)
      expect(third).toBe(false)
      first()
      second()
      await vi.advanceTimersByTimeAsync(59_000)
      expect(third).toBe(false)
      await vi.advanceTimersByTimeAsync(1_000)
      ;(await pending)()
      expect(third).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('L1: a slot whose request was never sent frees at once', async () => {
    const limiter = createRateLimiter(1, { now: () => 0 })
    ;(await limiter.acquire())(false)
    const release = await limiter.acquire()
    release()
    release() // a second release is ignored
    const controller = new AbortController()
    const waiting = limiter.acquire(controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
  })

  it('L1: a request queued behind another rejects as soon as its signal aborts, and takes no slot', async () => {
    vi.useFakeTimers()
    try {
      const limiter = createRateLimiter(2, fakeClock)
      ;(await limiter.acquire())()
      ;(await limiter.acquire())()
      const order: string[] = []
      const second = limiter.acquire().then((release) => {
        release()
        order.push('waiting')
      })
      const controller = new AbortController()
      const queued = limiter.acquire(controller.signal).then(
        () => void order.push('queued resolved'),
        (error: unknown) => void order.push(`queued rejected: ${(error as Error).message}`),
      )
      controller.abort(new Error('stop'))
      await vi.advanceTimersByTimeAsync(0)
      expect(order).toEqual(['queued rejected: stop'])
      await vi.advanceTimersByTimeAsync(60_000)
      await Promise.all([second, queued])
      // The aborted request took no slot: one more may start in this window.
      let fourth = false
      const next = limiter.acquire().then(() => {
        fourth = true
      })
      await vi.advanceTimersByTimeAsync(0)
      expect(fourth).toBe(true)
      await next
      expect(order).toEqual(['queued rejected: stop', 'waiting'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('rejects a waiting request when its signal aborts', async () => {
    const limiter = createRateLimiter(1, { now: () => 0 })
    await limiter.acquire()
    const controller = new AbortController()
    const waiting = limiter.acquire(controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
  })
})

describe('options', () => {
  it('L1: a rateLimit that is not a positive integer is INVALID_ARGUMENT at construction, before any request', () => {
    for (const rateLimit of [0, -1, 1.5, Number.NaN, { requestsPerMinute: 0 }]) {
      expect(() => createTransport({ rateLimit })).toThrow(InvalidArgumentError)
    }
    expect(() => createTransport({ rateLimit: { requestsPerMinute: 30 } })).not.toThrow()
  })

  it('L1: the limiter, loaded with the first request, still spaces requests (a slot of 1 per window)', async () => {
    let arrivals = 0
    mock.use(
      http.post(url, () => {
        arrivals++
        return HttpResponse.json({ ok: true })
      }),
    )
    const transport = createTransport(
      { retry: false, rateLimit: 1, fetch: (input, init) => fetch(input, init) },
      { rateLimiter: { windowMs: 60_000 } },
    )
    await expect(transport.request({ url, body: '{}', parse: parseJson })).resolves.toEqual({ ok: true })
    // The second waits for the window; it is given up while it waits, and never arrives.
    const controller = new AbortController()
    const second = transport.request({ url, body: '{}', parse: parseJson, signal: controller.signal })
    setTimeout(() => controller.abort(new Error('gave up')), 50)
    await expect(second).rejects.toMatchObject({ code: 'ABORTED' })
    expect(arrivals).toBe(1)
  })

  it('timeoutMs: 0 or Infinity sets no time limit (a timer over 2^31 - 1 ms would fire at once)', async () => {
    // An answer an hour late, on fake timers: any time limit shorter than that would fire first.
    let asked = 0
    mock.use(
      http.post(url, async () => {
        asked++
        await new Promise((resolve) => setTimeout(resolve, 3_600_000))
        return HttpResponse.json({ ok: true })
      }),
    )
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      for (const [index, timeoutMs] of [0, Infinity, 2 ** 32].entries()) {
        const transport = createTransport({ retry: false, timeoutMs, fetch: (input, init) => fetch(input, init) })
        const answer = transport.request({ url, body: '{}', parse: parseJson })
        await vi.waitFor(() => expect(asked).toBe(index + 1))
        await vi.advanceTimersByTimeAsync(3_600_000)
        await expect(answer).resolves.toEqual({ ok: true })
      }
    } finally {
      vi.useRealTimers()
    }
  })
})
