import { ChainxError } from '../errors/ChainxError.js'
import { AbortedError, NetworkError, TimeoutError } from '../errors/request.js'
import { MAX_TIMER_MS } from '../utils/maxTimerMs.js'
import { createRateLimiter, type RateLimiter } from './createRateLimiter.js'
import { selectHttp, type TransportKind } from './selectHttp.js'
import type { FetchFn, HttpFn, HttpResponse } from './types.js'
import { resolveRetryOptions, withRetry, type RetryOptions } from './withRetry.js'

/**
 * Static headers, or a function computing them before every request (may be async).
 *
 * @example
 * const headers: HeadersOption = async () => ({ authorization: `Bearer ${await getToken()}` })
 */
export type HeadersOption =
  | Record<string, string>
  | (() => Record<string, string> | Promise<Record<string, string>>)

/**
 * Passed to `onRequest` before each attempt; `headers` may be changed in place.
 *
 * @example
 * onRequest: (info: RequestInfo) => {
 *   info.headers['x-request-id'] = crypto.randomUUID()
 * }
 */
export interface RequestInfo {
  url: string
  headers: Record<string, string>
  body: string
  /** 0 for the first attempt, then 1, 2, ... for retries. */
  attempt: number
}

/**
 * Passed to `onResponse` after each attempt that got a response.
 *
 * @example
 * onResponse: ({ status, attempt, durationMs }: ResponseInfo) => console.warn(`${status} after ${durationMs} ms (attempt ${attempt})`)
 */
export interface ResponseInfo {
  url: string
  status: number
  headers: Record<string, string>
  attempt: number
  durationMs: number
}

/**
 * Options of the HTTP transport shared by the GraphQL and JSON-RPC clients.
 *
 * @example
 * const options: TransportOptions = { timeoutMs: 10_000, retry: { retries: 2 }, rateLimit: 100 }
 */
export interface TransportOptions {
  /**
   * How requests are sent. `'auto'`: `node:http`/`node:https` with keep-alive agents in Node.js
   * itself, `fetch` everywhere else (browsers, Bun, Deno, Cloudflare Workers and other edge
   * runtimes, though several answer `process.versions.node`). `'node'` or `'fetch'` forces one.
   * @default 'auto'
   */
  transport?: TransportKind | undefined
  /**
   * A `fetch` to send every request with (implies `transport: 'fetch'`).
   * @default the global `fetch`, where the `transport` option chooses fetch
   */
  fetch?: FetchFn | undefined
  /** Headers sent with every request, or a function returning them (an error it throws reaches the caller unchanged). */
  headers?: HeadersOption | undefined
  /**
   * Time limit of one attempt, in ms; `0` or `Infinity` sets none.
   * @default 30_000
   */
  timeoutMs?: number | undefined
  /**
   * Retry policy, or `false` for none.
   * @default { retries: 3, baseDelayMs: 200, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 }
   */
  retry?: RetryOptions | false | undefined
  /**
   * Client-side limit in requests per minute (the service's quota is per minute).
   * @default undefined (no limit)
   */
  rateLimit?: number | { requestsPerMinute: number } | undefined
  /** Called before each attempt; an error it throws fails the request unchanged, without retries. */
  onRequest?: ((info: RequestInfo) => void | Promise<void>) | undefined
  /** Called after each attempt that received a response; an error it throws fails the request unchanged, without retries. */
  onResponse?: ((info: ResponseInfo) => void) | undefined
}

/**
 * One request through the transport.
 *
 * @example
 * const request: TransportRequest<number> = { url, body: '{}', parse: (response) => response.status }
 */
export interface TransportRequest<T> {
  url: string
  body: string
  headers?: Record<string, string> | undefined
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  /** Turns a response into a result, or throws a ChainxError (retryable ones are retried). */
  parse: (response: HttpResponse) => T
}

/**
 * Sends requests with timeouts, retries, rate limiting and hooks.
 *
 * @example
 * const transport: Transport = createTransport({ timeoutMs: 5_000 })
 */
export interface Transport {
  request<T>(request: TransportRequest<T>): Promise<T>
}


/**
 * Creates the transport shared by the GraphQL and JSON-RPC clients.
 *
 * @example
 * const transport = createTransport({ timeoutMs: 10_000, retry: { retries: 2 } })
 * const text = await transport.request({ url, body: '{}', parse: (r) => r.body })
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const http: HttpFn = selectHttp(options)
  const retry = resolveRetryOptions(options.retry)
  const defaultTimeoutMs = options.timeoutMs ?? 30_000
  const limit = typeof options.rateLimit === 'number' ? options.rateLimit : options.rateLimit?.requestsPerMinute
  const limiter: RateLimiter | undefined = limit === undefined ? undefined : createRateLimiter(limit)

  async function attempt<T>(request: TransportRequest<T>, attemptNumber: number): Promise<T> {
    const { url, body, signal } = request
    await limiter?.acquire(signal)
    const extra = typeof options.headers === 'function' ? await options.headers() : options.headers
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extra, ...request.headers }
    await options.onRequest?.({ url, headers, body, attempt: attemptNumber })
    // The signal may have aborted while the limiter, the headers function or onRequest ran;
    // its 'abort' event is over by now, so the listener below would never hear it.
    if (signal?.aborted) throw new AbortedError({ cause: signal.reason })
    const timeoutMs = request.timeoutMs ?? defaultTimeoutMs
    const controller = new AbortController()
    // Timers take at most 2^31 - 1 ms; above that Node fires them at once.
    const timer =
      timeoutMs > 0 && timeoutMs < MAX_TIMER_MS
        ? setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs)
        : undefined
    const onAbort = () => controller.abort(new AbortedError({ cause: signal?.reason }))
    signal?.addEventListener('abort', onAbort, { once: true })
    const started = Date.now()
    let response: HttpResponse
    try {
      response = await http({ url, headers, body, signal: controller.signal })
    } catch (error) {
      if (error instanceof ChainxError) throw error
      const reason: unknown = controller.signal.reason
      if (controller.signal.aborted && reason instanceof ChainxError) throw reason
      throw new NetworkError({ url, cause: error })
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    // Outside the try: an error of the hook or of `parse` is not a network fault.
    options.onResponse?.({
      url,
      status: response.status,
      headers: response.headers,
      attempt: attemptNumber,
      durationMs: Date.now() - started,
    })
    return request.parse(response)
  }

  return {
    async request(request) {
      if (request.signal?.aborted) throw new AbortedError({ cause: request.signal.reason })
      try {
        return await withRetry((n) => attempt(request, n), retry, request.signal)
      } catch (error) {
        if (error instanceof ChainxError) throw error
        // The signal aborted during a backoff or rate-limit wait; anything else (an error of
        // the headers function or a hook) is the caller's own and reaches them unchanged.
        if (request.signal?.aborted) throw new AbortedError({ cause: request.signal.reason })
        throw error
      }
    },
  }
}
