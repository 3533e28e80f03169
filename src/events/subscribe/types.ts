import type { ChainxError } from '../../errors/ChainxError.js'
import type { ChainxEvent, EventSubscriptionFilter, ParsedJsonParser } from '../types.js'
import type { SubscriptionStateChange } from '../../subscription/types.js'

export type { SubscriptionStateChange, Unsubscribe } from '../../subscription/types.js'

/**
 * Parameters of `subscribe`.
 *
 * @example
 * const parameters: SubscribeParameters = { filter: { Sender: '0xa11ce' }, onEvent: (event) => console.log(event.id) }
 */
export interface SubscribeParameters<TParsed = unknown> {
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
   * malformed frame) and the one that does (then a `closed` state follows). Always a
   * `ChainxError`, as `watch`'s: what `onEvent`, `onStateChange` or `parse` throws arrives as
   * an `UnexpectedError` (code `UNEXPECTED`, `source` the option's name, `cause` the thrown value).
   * @default logs with console.error
   */
  onError?: ((error: ChainxError) => void) | undefined
  /**
   * Connection and backfill progress of this subscription.
   * @default no listener
   */
  onStateChange?: ((change: SubscriptionStateChange) => void) | undefined
}
