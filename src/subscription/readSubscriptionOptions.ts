import { readGroup } from '../options/optionRules.js'
import type { ResolvedRetryOptions } from '../transport/retryOptions.js'
import type { ReconnectOptions } from './createSocketKeeper.js'
import type { SubscriptionMachineOptions } from './subscriptionMachineOptions.js'
import type { ResolvedBackfill } from './Subscription.js'
import { SUBSCRIPTION_OPTION_RULES } from './subscriptionOptionRules.js'

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
 * Reads the subscription machine's options by their rows of the rule book
 * (`SUBSCRIPTION_OPTION_RULES`), pure and before any socket; a bad value throws
 * `InvalidArgumentError` naming it (`reconnect.maxDelayMs`). `new ChainxClient` checks its
 * `subscriptions` by the same rows, as `subscriptions.reconnect.maxDelayMs`.
 *
 * @example
 * readSubscriptionOptions({ reconnect: { retries: 3 } }).reconnect // { retries: 3, baseDelayMs: 500, maxDelayMs: 30000, maxRetryAfterMs: 30000 }
 */
export function readSubscriptionOptions(options: Partial<Omit<SubscriptionMachineOptions, 'wsUrl'>> | undefined): SubscriptionSettings {
  const read = readGroup('', options, SUBSCRIPTION_OPTION_RULES) as unknown as SubscriptionSettings
  const reconnect = read.reconnect
  return { ...read, reconnect: reconnect && { ...reconnect, maxRetryAfterMs: reconnect.maxDelayMs } }
}

/**
 * Reads the `reconnect` option alone (see `readSubscriptionOptions`): `retries` a whole
 * number >= 0 or `Infinity`, `baseDelayMs` a wait, `maxDelayMs` a cap.
 *
 * @example
 * readReconnect({ retries: 3 }) // { retries: 3, baseDelayMs: 500, maxDelayMs: 30000, maxRetryAfterMs: 30000 }
 */
export function readReconnect(reconnect: ReconnectOptions | false | undefined): ResolvedRetryOptions | false {
  return readSubscriptionOptions({ reconnect }).reconnect
}
