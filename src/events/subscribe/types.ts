import type { ChainxError } from '../../errors/ChainxError.js'
import type { ChainxEvent, EventId, EventSubscriptionFilter, ParsedJsonParser } from '../types.js'

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
 *
 * @example
 * onStateChange: (change) => {
 *   if (change.state === 'gap') console.warn(`events between ${change.startMs} and ${change.endMs} may be missing`)
 *   if (change.state === 'stalled') console.warn('the service dropped the subscription; subscribing again')
 * }
 */
export type SubscriptionStateChange =
  /** Opening the shared socket for the first time. */
  | { state: 'connecting' }
  /** Subscribed on the server: live events flow. */
  | { state: 'open' }
  /** The socket was lost (or a connect failed); the next attempt starts after `delayMs`. */
  | { state: 'reconnecting'; attempt: number; delayMs: number; error: ChainxError }
  /** Missed events were fetched with `queryEvents` after (re)subscribing; `delivered` of `scanned` passed the filter. */
  | { state: 'backfilled'; delivered: number; scanned: number; after: EventId | null }
  /**
   * The server subscription went silent while the socket stayed up (the service drops slow
   * subscribers without a word): `missed`, a matching event newer than the last one handled,
   * was on the chain at one check and still not delivered at the next. The subscription is
   * subscribed again and backfilled (`open`, then `backfilled`, follow). Only reported with
   * `verifyIntervalMs` on (the default) and `queryEvents`.
   */
  | { state: 'stalled'; missed: EventId }
  /**
   * Events in `[startMs, endMs]` may have been missed and could not be fetched: no
   * `queryEvents`, the fetch failed, or it went over `maxEvents`.
   */
  | { state: 'gap'; startMs: number; endMs: number; reason: string }
  /** Ended: unsubscribed, client closed, or given up (`error` then says why). */
  | { state: 'closed'; error?: ChainxError | undefined }

/**
 * Parameters of `subscribe`.
 *
 * @example
 * const parameters: SubscribeParameters = { filter: { Sender: '0xa11ce' }, onEvent: (event) => console.log(event.id) }
 */
export interface SubscribeParameters<TParsed = Record<string, unknown>> {
  /** A subscription filter of spec 6.4 (see `subscriptionFilter` for builders). Checked before sending. */
  filter: EventSubscriptionFilter
  /**
   * Called once per event, in order. A returned promise is not awaited (no backpressure);
   * a throw or a rejection goes to `onError` and the stream goes on.
   */
  onEvent: (event: ChainxEvent<TParsed>) => void | Promise<void>
  /**
   * Checks and types each event's `parsedJson` (see `query`), e.g. a generated Move definition
   * (`parse: market.Listed`). An event it rejects is not delivered: its `EventContentError`
   * goes to `onError` and the stream goes on.
   * @default undefined (parsedJson as received)
   */
  parse?: ParsedJsonParser<TParsed> | undefined
  /**
   * Errors that do not end the subscription (a throwing `onEvent`, a failed backfill, a
   * malformed frame) and the one that does (then a `closed` state follows).
   * @default logs with console.error
   */
  onError?: ((error: unknown) => void) | undefined
  /**
   * Connection and backfill progress of this subscription.
   * @default no listener
   */
  onStateChange?: ((change: SubscriptionStateChange) => void) | undefined
}
