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
   * How requests are sent: `'auto'` is `node:http` keep-alive in Node.js itself and `fetch`
   * everywhere else (browsers, Bun, Deno, edge runtimes); `'node-http'` or `'fetch'` forces one.
   * @default 'auto'
   */
  transport?: TransportKind | undefined
  /**
   * A `fetch` to send every request with (implies `transport: 'fetch'`).
   * @default the global `fetch`, where the `transport` option chooses fetch
   */
  fetch?: FetchFn | undefined
  /**
   * Headers sent with every request, or a function returning them before each (an error it
   * throws reaches the caller unchanged). Names must be RFC 9110 tokens and values visible
   * ASCII, spaces and tabs, else `INVALID_ARGUMENT` before any request. They go to the
   * configured endpoints only: redirects are not followed.
   */
  headers?: HeadersOption | undefined
  /**
   * Names of headers whose values are hidden when the client or its options are serialised or
   * inspected, besides `authorization`, `cookie` and any name with `key`, `token`, `secret`,
   * `auth`, `session`, `password`, `credential` or `signature` in it.
   * @default []
   */
  secretHeaders?: readonly string[] | undefined
  /**
   * Largest response body accepted, in bytes (`Content-Length` checked first, then counted as
   * the body streams): over it the connection is closed and the call fails with
   * `RESPONSE_TOO_LARGE` (not retried). The default holds the largest page the service can
   * answer (about 70 MB) with room to spare; `Infinity` lifts it.
   * @default 134_217_728 (128 MiB)
   */
  maxResponseBytes?: number | undefined
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
   * Client-side limit in requests per minute, as the service's quota: at most this many
   * requests (retries included) arrive in any sliding 60 s window, each holding its slot until
   * 60 s after it settled. A whole number >= 1; `Infinity` is no limit.
   * @default undefined (no limit)
   */
  rateLimit?: number | { requestsPerMinute: number } | undefined
  /** Called before each attempt; an error it throws fails the request unchanged, without retries. */
  onRequest?: ((info: RequestInfo) => void | Promise<void>) | undefined
  /** Called after each attempt that received a response; an error it throws fails the request unchanged, without retries. */
  onResponse?: ((info: ResponseInfo) => void) | undefined
  /**
   * How calls move between several endpoints of a kind (a URL option given as a list): the
   * retry budget covers the whole call, and `Retry-After` and `rateLimit` count per endpoint.
   * @default { cooldownMs: 5_000, maxCooldownMs: 60_000, rankByLatency: true }
   */
  failover?: FailoverOptions | undefined
  /**
   * Called when the preferred endpoint of a kind changes (a failure, a recovery, the ranking).
   * @default undefined
   */
  onEndpointChange?: ((change: EndpointChange) => void) | undefined
  /**
   * OpenTelemetry traces and metrics (see `TelemetryOptions`), through the providers the app
   * registered when `@opentelemetry/api` is installed; `false` turns them off.
   * @default {}
   */
  telemetry?: TelemetryOptions | false | undefined
  /**
   * Where the client reports what it handles on its own (see `Logger`): retries, failovers and
   * reconnects at `info`, a subscription that gave up at `warn`, errors of a subscription
   * without `onError` at `error`. A level not given keeps its default.
   * @default { debug: silent, info: silent, warn: console.warn, error: console.error }
   * @example
   * new ChainxClient({ graphqlUrl, logger: console }) // retries and failovers too
   */
  logger?: Logger | undefined
}

// The option rules of each option (defaults documented where it is declared).
const TRANSPORT = {
  fetch: ['function'],
  onRequest: ['function'],
  onResponse: ['function'],
  onEndpointChange: ['function'],
  maxResponseBytes: ['count', 128 * 1024 * 1024, 1, true],
  logger: ['group', { debug: ['function'], info: ['function'], warn: ['function'], error: ['function'] }],
} as const
const FAILOVER = { cooldownMs: ['wait', 5_000], maxCooldownMs: ['cap', 60_000], rankByLatency: ['boolean'] } as const
const TELEMETRY = { api: ['object'], name: ['string'], httpSpans: ['boolean'] } as const

/**
 * Checks the transport options that `selectHttp`, `readLimitMs`, `resolveRetryOptions` and
 * `checkHeaders` do not, by the option rules: a bad value throws `InvalidArgumentError` naming
 * the option as the caller wrote it (`rateLimit.requestsPerMinute`). Resolves the response
 * size limit and the rate limit (`undefined`: none).
 */
export function readTransportOptions(options: TransportOptions): { maxResponseBytes: number; requestsPerMinute: number | undefined } {
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
