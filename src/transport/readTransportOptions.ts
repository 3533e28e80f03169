import { InvalidArgumentError } from '../errors/request.js'
import { readCount, readGroup, readObject } from '../options/optionRules.js'
import type { TransportOptions } from './createTransport.js'

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
