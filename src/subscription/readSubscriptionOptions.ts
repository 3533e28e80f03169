import { InvalidArgumentError } from '../errors/request.js'
import { readBackoff, readCount, readLimitMs, readObject, timerDelayMs } from '../options/optionRules.js'
import { resolveAlias } from '../pagination/walkOptions.js'
import type { ResolvedRetryOptions } from '../transport/withRetry.js'
import type { ReconnectOptions } from './createSocketKeeper.js'
import type { BackfillOptions, SubscriptionMachineOptions } from './createSubscriptionMachine.js'
import type { ResolvedBackfill } from './Subscription.js'

/**
 * The subscription options as `readSubscriptionOptions` reads them: each time limit or period
 * a timer delay (`undefined`: off), `reconnect` and `backfill` with every field set.
 *
 * @example
 * const settings: SubscriptionSettings = readSubscriptionOptions({ heartbeatMs: 0 }) // heartbeatMs undefined
 */
export interface SubscriptionSettings {
  heartbeatMs: number | undefined
  heartbeatTimeoutMs: number | undefined
  connectTimeoutMs: number | undefined
  callTimeoutMs: number | undefined
  verifyIntervalMs: number | undefined
  reconnect: ResolvedRetryOptions | false
  backfill: ResolvedBackfill | false
}

/**
 * The options `readSubscriptionOptions` reads: the machine's (without its URL) and the events
 * client's type-name limits.
 *
 * @example
 * const options: SubscriptionOptionsInput = { reconnect: { retries: 3 }, typeNameLimits: { maxTypeArgumentDepth: 8 } }
 */
export type SubscriptionOptionsInput = Partial<Omit<SubscriptionMachineOptions, 'wsUrl'>> & {
  typeNameLimits?: { maxTypeArgumentDepth?: number | undefined; maxTypeArgumentWidth?: number | undefined } | undefined
}

/**
 * Reads the subscription options by the option rules (`options/optionRules.ts`), pure and
 * before any socket: the `ChainxClient` constructor runs it on `subscriptions` (names
 * prefixed `subscriptions.`), the subscription machine on its own options. A bad value
 * throws `InvalidArgumentError` naming the option as the caller wrote it
 * (`subscriptions.reconnect.maxDelayMs`).
 *
 * @example
 * readSubscriptionOptions({ reconnect: { maxDelayMs: -1 } }, 'subscriptions.') // throws: subscriptions.reconnect.maxDelayMs must be ...
 */
export function readSubscriptionOptions(options: SubscriptionOptionsInput | undefined, prefix = ''): SubscriptionSettings {
  if (prefix) readObject(prefix.slice(0, -1), options)
  const limit = (
    name: 'heartbeatMs' | 'heartbeatTimeoutMs' | 'connectTimeoutMs' | 'callTimeoutMs' | 'verifyIntervalMs',
    fallback: number,
  ) => timerDelayMs(readLimitMs(prefix + name, options?.[name], fallback))
  for (const name of ['WebSocket', 'onConnectionStart'] as const) {
    const value = options?.[name]
    if (value !== undefined && typeof value !== 'function') throw new InvalidArgumentError(`${prefix}${name} must be a function`)
  }
  const limits = options?.typeNameLimits
  readObject(`${prefix}typeNameLimits`, limits)
  for (const name of ['maxTypeArgumentDepth', 'maxTypeArgumentWidth'] as const)
    readCount(`${prefix}typeNameLimits.${name}`, limits?.[name], 0)
  return {
    heartbeatMs: limit('heartbeatMs', 15_000),
    heartbeatTimeoutMs: limit('heartbeatTimeoutMs', 10_000),
    connectTimeoutMs: limit('connectTimeoutMs', 10_000),
    callTimeoutMs: limit('callTimeoutMs', 30_000),
    verifyIntervalMs: limit('verifyIntervalMs', 60_000),
    reconnect: readReconnect(options?.reconnect, `${prefix}reconnect`),
    backfill: readBackfill(options?.backfill, `${prefix}backfill`),
  }
}

/**
 * Reads the `reconnect` option by the option rules, under the name the caller wrote:
 * `retries` (or the deprecated `maxAttempts`) a whole number >= 0 or `Infinity`, `baseDelayMs`
 * a wait (a delay longer than a timer holds is waited in full), `maxDelayMs` a cap.
 *
 * @example
 * readReconnect({ retries: 3 }) // { retries: 3, baseDelayMs: 500, maxDelayMs: 30000, maxRetryAfterMs: 30000 }
 */
export function readReconnect(reconnect: ReconnectOptions | false | undefined, name = 'reconnect'): ResolvedRetryOptions | false {
  if (reconnect === false) return false
  readObject(name, reconnect)
  // Keyed by the names as written, so a disagreement names them so.
  const written = { [`${name}.retries`]: reconnect?.retries, [`${name}.maxAttempts`]: reconnect?.maxAttempts }
  const retries = resolveAlias(written, `${name}.retries`, `${name}.maxAttempts`)
  const backoff = readBackoff(name, reconnect, { baseDelayMs: 500, maxDelayMs: 30_000 })
  const field = reconnect?.retries === undefined && reconnect?.maxAttempts !== undefined ? 'maxAttempts' : 'retries'
  return { retries: readCount(`${name}.${field}`, retries, 10, { infinite: true }), ...backoff, maxRetryAfterMs: backoff.maxDelayMs }
}

// Each bound is a whole number >= 1 (finite: they size the memory of recent keys).
function readBackfill(options: BackfillOptions | false | undefined, name: string): ResolvedBackfill | false {
  if (options === false) return false
  readObject(name, options)
  const onSubscribe = options?.onSubscribe ?? true
  if (typeof onSubscribe !== 'boolean') throw new InvalidArgumentError(`${name}.onSubscribe must be a boolean, got ${String(onSubscribe)}`)
  return {
    onSubscribe,
    maxEvents: readCount(`${name}.maxEvents`, options?.maxEvents, 10_000, { min: 1 }),
    pageSize: readCount(`${name}.pageSize`, options?.pageSize, 50, { min: 1 }),
    maxBufferedEvents: readCount(`${name}.maxBufferedEvents`, options?.maxBufferedEvents, 10_000, { min: 1 }),
  }
}
