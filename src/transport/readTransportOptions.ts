import { InvalidArgumentError } from '../errors/request.js'
import { readCapMs, readCount, readObject, readWaitMs } from '../options/optionRules.js'
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

const FUNCTIONS = ['fetch', 'onRequest', 'onResponse', 'onEndpointChange'] as const

/**
 * Checks the transport options the others do not (`transport` and `fetch` together:
 * `selectHttp`; `timeoutMs`: `readLimitMs`; `retry`: `resolveRetryOptions`; static headers:
 * `checkHeaders`) by the option rules, pure and before any request: hooks are functions,
 * `maxResponseBytes` and `rateLimit` counts (`Infinity`: no limit), `failover`'s cool-downs a
 * wait and a cap, `telemetry` `false` or an object. A bad value throws `InvalidArgumentError`
 * naming the option as the caller wrote it (`rateLimit.requestsPerMinute`).
 *
 * @example
 * readTransportOptions({ maxResponseBytes: Infinity, rateLimit: { requestsPerMinute: 600 } }) // { maxResponseBytes: Infinity, requestsPerMinute: 600 }
 */
export function readTransportOptions(options: TransportOptions): TransportSettings {
  for (const name of FUNCTIONS) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new InvalidArgumentError(`${name} must be a function`)
  }
  const { headers, secretHeaders, failover, telemetry, rateLimit } = options
  if (typeof headers !== 'function') readObject('headers', headers)
  if (secretHeaders !== undefined && !(Array.isArray(secretHeaders) && secretHeaders.every((name) => typeof name === 'string'))) {
    throw new InvalidArgumentError('secretHeaders must be an array of header names')
  }
  readObject('failover', failover)
  readWaitMs('failover.cooldownMs', failover?.cooldownMs, 5_000)
  readCapMs('failover.maxCooldownMs', failover?.maxCooldownMs, 60_000)
  if (failover?.rankByLatency !== undefined && typeof failover.rankByLatency !== 'boolean') {
    throw new InvalidArgumentError(`failover.rankByLatency must be a boolean, got ${String(failover.rankByLatency)}`)
  }
  if (telemetry !== false) readObject('telemetry', telemetry)
  if (telemetry && telemetry.name !== undefined && typeof telemetry.name !== 'string') {
    throw new InvalidArgumentError('telemetry.name must be a string')
  }
  if (telemetry) readObject('telemetry.api', telemetry.api)
  const inObject = typeof rateLimit === 'object' && rateLimit !== null
  if (inObject) readObject('rateLimit', rateLimit)
  const perMinute: unknown = inObject ? rateLimit.requestsPerMinute : rateLimit
  if (inObject && perMinute === undefined) throw new InvalidArgumentError('rateLimit.requestsPerMinute is missing')
  const requestsPerMinute = readCount(inObject ? 'rateLimit.requestsPerMinute' : 'rateLimit', perMinute, Infinity, {
    min: 1,
    infinite: true,
  })
  return {
    maxResponseBytes: readCount('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, { min: 1, infinite: true }),
    requestsPerMinute: requestsPerMinute === Infinity ? undefined : requestsPerMinute,
  }
}
