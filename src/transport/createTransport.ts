import { abortError } from '../errors/abortError.js'
import { ChainxError } from '../errors/ChainxError.js'
import { ClientClosedError } from '../errors/ClientClosedError.js'
import { InvalidArgumentError, NetworkError } from '../errors/request.js'
import { readLimitMs, timerDelayMs } from '../options/optionRules.js'
import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import { checkHeaders } from './checkHeaders.js'
import type { RateLimiter, RateLimiterSettings, ReleaseSlot } from './createRateLimiter.js'
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
   * How requests are sent. `'auto'`: in Node.js itself the SDK's own HTTP/1.1 client on
   * `node:net`/`node:tls` with a keep-alive pool (through `node:http` while `http.request` is
   * patched, by msw for one), `fetch` everywhere else (browsers, Bun, Deno, Cloudflare Workers
   * and other edge runtimes, though several answer `process.versions.node`). `'node'` or
   * `'fetch'` forces one; `'node-http'` forces `node:http` with keep-alive agents.
   * @default 'auto'
   */
  transport?: TransportKind | undefined
  /**
   * A `fetch` to send every request with (implies `transport: 'fetch'`).
   * @default the global `fetch`, where the `transport` option chooses fetch
   */
  fetch?: FetchFn | undefined
  /**
   * Headers sent with every request, or a function returning them (an error it throws reaches
   * the caller unchanged). Static headers are checked and copied once, at construction; a
   * function's are checked on every request. Names must be RFC 9110 tokens and values visible
   * ASCII, spaces and tabs: anything else (CR, LF, NUL, `café`) is `INVALID_ARGUMENT` before
   * any request, never retried. They are sent to the configured endpoints only: redirects are
   * not followed.
   */
  headers?: HeadersOption | undefined
  /**
   * Names of headers to hide, besides those always hidden (`authorization`, `cookie`,
   * `proxy-authorization` and any name with `key`, `token`, `secret`, `auth`, `session`,
   * `password`, `credential` or `signature` in it), wherever the client or its options are
   * serialised or inspected (`JSON.stringify`, `console.log`).
   * @default []
   */
  secretHeaders?: readonly string[] | undefined
  /**
   * Largest response body accepted, in bytes: checked against `Content-Length` before reading,
   * then counted while the body streams. Over it the request is aborted, its connection closed,
   * and the call fails with `RESPONSE_TOO_LARGE` (not retried). The default holds any page the
   * service answers under its limits (a page of 50 events of the largest size the protocol
   * allows, with JSON and BCS, is about 70 MB) with room to spare. `Infinity` lifts it.
   * @default 134_217_728 (128 MiB)
   */
  maxResponseBytes?: number | undefined
  /**
   * Time limit of one attempt, in ms; `0` or `Infinity` sets none. A negative or `NaN` one is
   * `INVALID_ARGUMENT` when the client is created.
   * @default 30_000
   */
  timeoutMs?: number | undefined
  /**
   * Retry policy, or `false` for none.
   * @default { retries: 3, baseDelayMs: 200, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 }
   */
  retry?: RetryOptions | false | undefined
  /**
   * Client-side limit in requests per minute (the service's quota is per minute). At most this
   * many requests arrive at the service in any sliding 60 s window, retries included: a request
   * holds its slot until 60 s after it settled, so network latency cannot push more than N into
   * one of the service's windows.
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
  /**
   * Refuses every later request and attempt with `CLIENT_CLOSED`, and releases the connections
   * the transport owns (idle ones at once, busy ones after their response).
   */
  close?: (() => void) | undefined
}

// The limiter is a chunk of its own, loaded by the first request of a client that sets
// `rateLimit`, so apps without one never carry it.
function loadRateLimiter(requestsPerMinute: number, settings: RateLimiterSettings | undefined): RateLimiter {
  if (!Number.isInteger(requestsPerMinute) || requestsPerMinute < 1) {
    throw new InvalidArgumentError(`rateLimit must be a positive integer of requests per minute, got ${String(requestsPerMinute)}`)
  }
  // A chunk that fails to load (a browser offline) is CHUNK_LOAD_FAILED; the next request tries again.
  const chunk = lazyChunk(
    () => import('./createRateLimiter.js').then((module) => module.createRateLimiter(requestsPerMinute, settings)),
    (cause) => new ChunkLoadError({ chunk: 'createRateLimiter', cause }),
  )
  return {
    async acquire(signal) {
      return (await chunk.load()).acquire(signal)
    },
  }
}

// A time limit by the option rules: `0` and `Infinity` mean none. The HttpFn takes 0 for none.
function attemptTimeoutMs(timeoutMs: unknown, fallback: number): number {
  return timerDelayMs(readLimitMs('timeoutMs', timeoutMs, fallback)) ?? 0
}

// Header names are case-insensitive: a later source's `Content-Type` replaces the default
// `content-type` instead of going out beside it (twice on the wire, or joined by fetch).
function assignHeaders(headers: Record<string, string>, source: Record<string, string> | undefined) {
  for (const name in source) {
    const lower = name.toLowerCase()
    for (const existing in headers) if (existing !== name && existing.toLowerCase() === lower) delete headers[existing]
    headers[name] = source[name] as string
  }
}

/**
 * The default `maxResponseBytes`: 128 MiB.
 *
 * @example
 * new ChainxClient({ graphqlUrl, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES / 4 })
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024

/**
 * What tests and benchmarks tune beyond the public options.
 *
 * @example
 * createTransport({ rateLimit: 400 }, { rateLimiter: { windowMs: 200 } })
 */
export interface TransportInternals {
  /** Clock and window of the rate limiter. */
  rateLimiter?: RateLimiterSettings | undefined
}

/**
 * Creates the transport shared by the GraphQL and JSON-RPC clients.
 *
 * @example
 * const transport = createTransport({ timeoutMs: 10_000, retry: { retries: 2 } })
 * const text = await transport.request({ url, body: '{}', parse: (r) => r.body })
 */
export function createTransport(options: TransportOptions = {}, internals: TransportInternals = {}): Transport {
  const http: HttpFn = selectHttp(options)
  const retry = resolveRetryOptions(options.retry)
  const defaultTimeoutMs = attemptTimeoutMs(options.timeoutMs, 30_000)
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  if (!(maxResponseBytes > 0)) throw new InvalidArgumentError(`maxResponseBytes must be a positive number, got ${maxResponseBytes}`)
  const limit = typeof options.rateLimit === 'number' ? options.rateLimit : options.rateLimit?.requestsPerMinute
  const limiter: RateLimiter | undefined = limit === undefined ? undefined : loadRateLimiter(limit, internals.rateLimiter)
  const headersOption = options.headers
  // Static headers are checked once, here; a copy keeps later changes to the caller's object out.
  const staticHeaders =
    typeof headersOption === 'function' || headersOption === undefined
      ? undefined
      : { ...checkHeaders(headersOption, 'the headers option') }
  const { onRequest, onResponse } = options
  let closed = false

  async function attempt<T>(request: TransportRequest<T>, timeoutMs: number, attemptNumber: number): Promise<T> {
    const { url, body, signal } = request
    // A retry after close() is refused like a new request (not retryable: the loop ends).
    if (closed) throw new ClientClosedError()
    // No limiter, no turn of the event loop waiting for one.
    const release: ReleaseSlot | undefined = limiter && (await limiter.acquire(signal))
    let sent = false
    let response: HttpResponse
    let started: number
    try {
      const extra =
        typeof headersOption === 'function' ? checkHeaders(await headersOption(), 'the headers function') : staticHeaders
      // A fresh object each attempt: onRequest may change it.
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      assignHeaders(headers, extra)
      assignHeaders(headers, request.headers)
      if (onRequest) {
        await onRequest({ url, headers, body, attempt: attemptNumber })
        checkHeaders(headers, 'onRequest')
      }
      // The signal may have aborted while the limiter, the headers function or onRequest ran;
      // its 'abort' event is over by now, so the HttpFn would never hear it.
      if (signal?.aborted) throw abortError(signal.reason)
      started = Date.now()
      sent = true
      try {
        // The HttpFn enforces the time limit and the caller's signal, each in its cheapest way.
        response = await http({ url, headers, body, signal, timeoutMs, maxResponseBytes })
      } catch (error) {
        if (error instanceof ChainxError) throw error
        throw new NetworkError({ url, cause: error })
      }
    } finally {
      release?.(sent)
    }
    // Outside the try: an error of the hook or of `parse` is not a network fault.
    onResponse?.({ url, status: response.status, headers: response.headers, attempt: attemptNumber, durationMs: Date.now() - started })
    return request.parse(response)
  }

  return {
    async request(request) {
      if (closed) throw new ClientClosedError()
      if (request.signal?.aborted) throw abortError(request.signal.reason)
      const timeoutMs = request.timeoutMs === undefined ? defaultTimeoutMs : attemptTimeoutMs(request.timeoutMs, 0)
      // Per-call headers are the same for every attempt: checked once.
      if (request.headers) checkHeaders(request.headers, 'per-call headers')
      try {
        return await withRetry((n) => attempt(request, timeoutMs, n), retry, request.signal)
      } catch (error) {
        if (error instanceof ChainxError) throw error
        // The signal aborted during a backoff or rate-limit wait; anything else (an error of
        // the headers function or a hook) is the caller's own and reaches them unchanged.
        if (request.signal?.aborted) throw abortError(request.signal.reason)
        throw error
      }
    },
    close() {
      closed = true
      http.close?.()
    },
  }
}
