import { readBackoff, readCount, readGroup, readObject } from '../options/optionRules.js'
import { resolveAlias } from '../pagination/walkOptions.js'
import type { ResolvedRetryOptions } from '../transport/withRetry.js'
import type { ReconnectOptions } from './createSocketKeeper.js'
import type { SubscriptionMachineOptions } from './createSubscriptionMachine.js'
import type { ResolvedBackfill } from './Subscription.js'

/**
 * The subscription options as `readSubscriptionOptions` reads them: each time limit or period
 * in ms (`Infinity`: off), `reconnect` and `backfill` with every field set.
 *
 * @example
 * const settings: SubscriptionSettings = readSubscriptionOptions({ heartbeatMs: 0 }) // heartbeatMs Infinity
 */
export interface SubscriptionSettings {
  heartbeatMs: number
  heartbeatTimeoutMs: number
  connectTimeoutMs: number
  callTimeoutMs: number
  verifyIntervalMs: number
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

// The rule book's row of each option, with the default documented where it is declared
// (`SubscriptionMachineOptions`, `BackfillOptions`, `ParseTypeNameOptions`).
const MACHINE = {
  heartbeatMs: ['limit', 15_000],
  heartbeatTimeoutMs: ['limit', 10_000],
  connectTimeoutMs: ['limit', 10_000],
  callTimeoutMs: ['limit', 30_000],
  verifyIntervalMs: ['limit', 60_000],
  WebSocket: ['function'],
  onConnectionStart: ['function'],
} as const
// Finite: the bounds size the memory of recent keys.
const BACKFILL = {
  onSubscribe: ['boolean', true],
  maxEvents: ['count', 10_000, 1],
  pageSize: ['count', 50, 1],
  maxBufferedEvents: ['count', 10_000, 1],
} as const
const TYPE_NAME_LIMITS = { maxTypeArgumentDepth: ['count', 16], maxTypeArgumentWidth: ['count', 32] } as const

/**
 * Reads the subscription options by the option rules (`options/optionRules.ts`), pure and
 * before any socket: the `ChainxClient` constructor runs it on `subscriptions` (names
 * prefixed `subscriptions.`), the subscription machine on its own options. A bad value
 * throws `InvalidArgumentError` naming the option as the caller wrote it
 * (`subscriptions.reconnect.maxDelayMs`).
 *
 * @example
 * readSubscriptionOptions({ reconnect: { maxDelayMs: -1 } }, 'subscriptions') // throws: subscriptions.reconnect.maxDelayMs must be ...
 */
export function readSubscriptionOptions(options: SubscriptionOptionsInput | undefined, name = ''): SubscriptionSettings {
  const at = name ? `${name}.` : ''
  readGroup(`${at}typeNameLimits`, options?.typeNameLimits, TYPE_NAME_LIMITS)
  const backfill = options?.backfill
  return {
    ...readGroup(name, options, MACHINE),
    reconnect: readReconnect(options?.reconnect, `${at}reconnect`),
    backfill: backfill === false ? false : (readGroup(`${at}backfill`, backfill, BACKFILL) as ResolvedBackfill),
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
