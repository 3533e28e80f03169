import { InvalidArgumentError } from '../errors/request.js'
import { readCount, readGroup, readObject } from '../options/optionRules.js'
import type { EndpointChange, FailoverOptions } from './endpointTypes.js'
import type { RetryOptions } from './retryOptions.js'
import type { TransportKind } from './selectHttp.js'
import type { TelemetryOptions } from './telemetry/types.js'
import type { FetchFn } from './types.js'
import type { Logger } from '../utils/logger.js'

/**
 * Static headers, or a function computing them before every request (may be async).
 *
 * @example
 * const headers: HeadersOption = async () => ({ authorization: `Bearer ${await getToken()}` })
 */
export type HeadersOption = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)

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
   * How requests are sent. `'auto'`: in Node.js itself `node:http`/`node:https` with keep-alive
   * agents, `fetch` everywhere else (browsers, Bun, Deno, Cloudflare Workers and other edge
   * runtimes, though several answer `process.versions.node`). `'node-http'` or `'fetch'` forces one.
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
   * allows, with JSON and BCS, is about 70 MB) with room to spare. `Infinity` lifts it; anything
   * but a whole number >= 1 or `Infinity` is `INVALID_ARGUMENT` at construction.
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
   * one of the service's windows. A whole number >= 1; `Infinity` is no limit; anything else
   * is `INVALID_ARGUMENT` (naming `rateLimit` or `rateLimit.requestsPerMinute`) at construction.
   * @default undefined (no limit)
   */
  rateLimit?: number | { requestsPerMinute: number } | undefined
  /** Called before each attempt; an error it throws fails the request unchanged, without retries. */
  onRequest?: ((info: RequestInfo) => void | Promise<void>) | undefined
  /** Called after each attempt that received a response; an error it throws fails the request unchanged, without retries. */
  onResponse?: ((info: ResponseInfo) => void) | undefined
  /**
   * How calls move between several endpoints of a kind (`graphqlUrl`, `rpcUrl` or `wsUrl`
   * given as a list). With several, the retry budget covers the whole call across them, a
   * `Retry-After` holds back only the endpoint that sent it, and `rateLimit` counts per endpoint.
   * @default { cooldownMs: 5_000, maxCooldownMs: 60_000, rankByLatency: true }
   */
  failover?: FailoverOptions | undefined
  /**
   * Called when the preferred endpoint of a kind changes (a failure, a recovery, the ranking).
   * @default undefined
   */
  onEndpointChange?: ((change: EndpointChange) => void) | undefined
  /**
   * OpenTelemetry traces and metrics (see `TelemetryOptions`); `false` turns them off. On by
   * default when `@opentelemetry/api` is installed: spans and metrics go to the providers the
   * app registered (none registered: the API's no-op ones).
   * @default {}
   */
  telemetry?: TelemetryOptions | false | undefined
  /**
   * Where the client reports what it handles on its own (see `Logger`): retries, failovers and
   * subscription reconnects at `info`, a subscription connection that gave up at `warn`,
   * errors of a subscription without `onError` at `error`. Each level optional; a level not
   * given keeps its default. A level that is not a function is `INVALID_ARGUMENT` at construction.
   * @default { debug: silent, info: silent, warn: console.warn, error: console.error }
   * @example
   * new ChainxClient({ graphqlUrl, logger: console }) // retries and failovers too
   */
  logger?: Logger | undefined
}

/**
 * The transport options `readTransportOptions` resolves: the response size limit and the rate
 * limit in requests per minute (`undefined`: none).
 *
 * @example
 * const { maxResponseBytes, requestsPerMinute }: TransportSettings = readTransportOptions({ rateLimit: 100 })
 */
export interface TransportSettings {
  maxResponseBytes: number
  requestsPerMinute: number | undefined
}

/**
 * The default `maxResponseBytes`: 128 MiB.
 *
 * @example
 * new ChainxClient({ graphqlUrl, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES / 4 })
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024

// The rule book's row of each option, with the default documented where it is declared
// (`TransportOptions`, `FailoverOptions`, `TelemetryOptions`).
const TRANSPORT = {
  fetch: ['function'],
  onRequest: ['function'],
  onResponse: ['function'],
  onEndpointChange: ['function'],
  maxResponseBytes: ['count', DEFAULT_MAX_RESPONSE_BYTES, 1, true],
  logger: ['group', { debug: ['function'], info: ['function'], warn: ['function'], error: ['function'] }],
} as const
const FAILOVER = { cooldownMs: ['wait', 5_000], maxCooldownMs: ['cap', 60_000], rankByLatency: ['boolean'] } as const
const TELEMETRY = { api: ['object'], name: ['string'], httpSpans: ['boolean'] } as const

/**
 * Checks the transport options the others do not (`transport` and `fetch` together:
 * `selectHttp`; `timeoutMs`: `readLimitMs`; `retry`: `resolveRetryOptions`; static headers:
 * `checkHeaders`) by the option rules, pure and before any request: hooks are functions,
 * `maxResponseBytes` and `rateLimit` counts (`Infinity`: no limit), `failover`'s cool-downs a
 * wait and a cap, `telemetry` `false` or an object, `logger` an object of functions. A bad value throws `InvalidArgumentError`
 * naming the option as the caller wrote it (`rateLimit.requestsPerMinute`).
 *
 * @example
 * readTransportOptions({ maxResponseBytes: Infinity, rateLimit: { requestsPerMinute: 600 } }) // { maxResponseBytes: Infinity, requestsPerMinute: 600 }
 */
export function readTransportOptions(options: TransportOptions): TransportSettings {
  const { headers, secretHeaders, telemetry, rateLimit } = options
  const { maxResponseBytes } = readGroup('', options, TRANSPORT)
  if (typeof headers !== 'function') readObject('headers', headers)
  if (secretHeaders !== undefined && !(Array.isArray(secretHeaders) && secretHeaders.every((name) => typeof name === 'string'))) {
    throw new InvalidArgumentError('secretHeaders must be an array of header names')
  }
  readGroup('failover', options.failover, FAILOVER)
  if (telemetry !== false) readGroup('telemetry', telemetry, TELEMETRY)
  const inObject = typeof rateLimit === 'object'
  const perMinute: unknown = inObject
    ? readGroup('rateLimit', rateLimit, { requestsPerMinute: ['count', NaN, 1, true] }).requestsPerMinute
    : rateLimit
  const requestsPerMinute = readCount('rateLimit', perMinute, Infinity, { min: 1, infinite: true })
  return { maxResponseBytes, requestsPerMinute: requestsPerMinute === Infinity ? undefined : requestsPerMinute }
}
