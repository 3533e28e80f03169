import type { ChainxError } from '../errors/ChainxError.js'

/**
 * Removes a subscription. Resolves with the server's answer: `false` when the server had
 * already dropped it; `true` too when the socket was down (the server subscription ended with it).
 *
 * @example
 * const unsubscribe: Unsubscribe = await client.events.subscribe({ filter, onEvent })
 * await unsubscribe() // true
 */
export type Unsubscribe = () => Promise<boolean>

/**
 * Where a subscription stands; `onStateChange` receives one of these at each change.
 * `TCursor` is the item kind's cursor: an event id for events, a digest for transactions.
 *
 * @example
 * onStateChange: (change) => {
 *   if (change.state === 'gap') console.warn(`events between ${change.startMs} and ${change.endMs} may be missing`)
 *   if (change.state === 'stalled') console.warn('the service dropped the subscription; subscribing again')
 * }
 */
export type SubscriptionStateChange<TCursor = { txDigest: string; eventSeq: string }> =
  /** Opening the shared socket for the first time. */
  | { state: 'connecting' }
  /** Subscribed on the server: live items flow. */
  | { state: 'open' }
  /** The socket was lost (or a connect failed); the next attempt starts after `delayMs`. */
  | { state: 'reconnecting'; attempt: number; delayMs: number; error: ChainxError }
  /** Missed items were fetched with the kind's query after (re)subscribing; `delivered` of `scanned` passed the filter. */
  | { state: 'backfilled'; delivered: number; scanned: number; after: TCursor | null }
  /**
   * The server subscription went silent while the socket stayed up: `missed`, a matching item on
   * the chain at one `verifyIntervalMs` check, was still not delivered at the next. The subscription
   * is subscribed again and backfilled (`open`, then `backfilled`, follow).
   */
  | { state: 'stalled'; missed: TCursor }
  /**
   * Items in `[startMs, endMs]` may have been missed and could not be fetched: no
   * query, the fetch failed, or it went over `maxItems`.
   */
  | { state: 'gap'; startMs: number; endMs: number; reason: string }
  /** Ended: unsubscribed, client closed, or given up (`error` then says why). */
  | { state: 'closed'; error?: ChainxError | undefined }
