import type { ReconnectOptions } from './createSocketKeeper.js'
import type { WebSocketConstructor } from '../jsonRpc/webSocketTypes.js'
import type { ConnectionTrace } from '../transport/telemetry/types.js'
import type { Logger } from '../utils/logger.js'

/**
 * How missed items are fetched with the item kind's query (`client.events.query`,
 * `client.transactions.query`) after (re)subscribing.
 *
 * @example
 * createSubscriptionClient({ wsUrl, queryEvents, backfill: { onSubscribe: false, maxItems: 50_000 } })
 */
export interface BackfillOptions {
  /**
   * Also fetch events emitted between `subscribe` and the server's acknowledgement: the
   * newest matching event is noted before subscribing (one extra query) and everything
   * after it is fetched once the subscription is live.
   * @default true
   */
  onSubscribe?: boolean | undefined
  /**
   * Most events one backfill reads; past it, the rest is reported as a `gap` and delivery
   * resumes at the newest event.
   * @default 10_000
   */
  maxItems?: number | undefined
  /**
   * Page size of the backfill queries (the service clamps it to its maximum).
   * @default 50
   */
  pageSize?: number | undefined
  /**
   * Live events held back while a backfill runs; past it they are dropped from memory and
   * fetched again by one more backfill pass.
   * @default 10_000
   */
  maxBufferedItems?: number | undefined
}

/**
 * Options of `createSubscriptionMachine`: the socket, its heartbeat and reconnects, and the
 * backfill and liveness settings every subscription of the machine shares.
 *
 * @example
 * const options: SubscriptionMachineOptions = { wsUrl: 'ws://127.0.0.1:9001', heartbeatMs: 15_000 }
 */
export interface SubscriptionMachineOptions {
  /**
   * The WebSocket endpoint, {ws_url}, or several in order of preference: a connection that
   * fails or is lost reconnects to the next one (and backfills what was missed).
   */
  wsUrl: string | readonly string[]
  /**
   * The WebSocket class.
   * @default the global WebSocket outside Node; `ws` (isomorphic-ws, imported on first use) in Node
   */
  WebSocket?: WebSocketConstructor | undefined
  /**
   * Time between two heartbeat probes in ms (a cheap `chainx_unsubscribeEvent` of id -1,
   * which the service answers `false`); 0, Infinity or more than a timer holds (2^31 - 1 ms)
   * sends none; negative or NaN throws `INVALID_ARGUMENT`.
   * @default 15_000
   */
  heartbeatMs?: number | undefined
  /**
   * A probe with no answer (and no other frame) within this many ms marks the socket dead:
   * it is dropped and reconnected. 0, Infinity or more than a timer holds (2^31 - 1 ms) sets no
   * deadline (a probe waits for its answer); negative or NaN throws `INVALID_ARGUMENT`.
   * @default 10_000
   */
  heartbeatTimeoutMs?: number | undefined
  /**
   * A connect attempt fails after this many ms. 0 (before 0.2: fail at once), Infinity or more than a timer holds
   * (2^31 - 1 ms) sets no time limit; negative or NaN throws `INVALID_ARGUMENT`.
   * @default 10_000
   */
  connectTimeoutMs?: number | undefined
  /**
   * A subscribe or unsubscribe call with no answer fails after this many ms. 0, Infinity or more
   * than a timer holds (2^31 - 1 ms) sets no time limit (the call still fails as soon as the
   * socket closes); negative or NaN throws `INVALID_ARGUMENT`.
   * @default 30_000
   */
  callTimeoutMs?: number | undefined
  /**
   * Reconnecting after a lost socket or a failed connect; `false` ends every subscription instead.
   * A negative or NaN delay, or `retries` that is not a whole number
   * >= 0 (or Infinity), throws `INVALID_ARGUMENT` naming the field.
   * @default { retries: 10, baseDelayMs: 500, maxDelayMs: 30_000 }
   */
  reconnect?: ReconnectOptions | false | undefined
  /**
   * Fetching missed events; `false` reports every reconnect as a `gap`.
   * @default { onSubscribe: true, maxItems: 10_000, pageSize: 50, maxBufferedItems: 10_000 }
   */
  backfill?: BackfillOptions | false | undefined
  /**
   * Time between two checks that each subscription's server side is still alive, in ms;
   * 0 (or Infinity, or more than a timer holds, 2^31 - 1) makes none; negative or NaN throws
   * `INVALID_ARGUMENT`. Needs the kind's query and backfill (nothing runs without them).
   *
   * The service can remove a subscription whose consumer is slow and say nothing: the socket
   * stays open and answers calls (so the heartbeat passes), but no event comes any more and a
   * later unsubscribe answers `false` (jsonrpc-anchor 2.8). Only missing events show it. So
   * each check reads the newest events of the subscription's backfill query (`planBackfill`;
   * one event when that query is exact, else one page of `backfill.pageSize` checked with
   * `matchSubscriptionFilter`, so a drop shows once a matching event is among the newest
   * `pageSize` events of that query at a check). A matching event newer than the last one handled that is
   * still not delivered at the next check (a whole interval later, so ordinary latency is
   * not taken for a loss) means the subscription is dead: a `stalled` state is reported,
   * the old id unsubscribed, a new server subscription made on the same socket, and what
   * was missed backfilled from the last event handled, each event once and in order. Events
   * the service dropped from a live subscription are recovered the same way.
   *
   * Why on by default: without it a dropped subscription stops for good with no signal,
   * which breaks the once-and-in-order promise; the price is one small query (one event,
   * or one page) per subscription per interval, run one subscription after the other (skipped while the
   * previous round still runs), and a drop is found within about two intervals. Set 0 with
   * many subscriptions under a tight rate limit, or when losing the stream is acceptable.
   * @default 60_000
   */
  verifyIntervalMs?: number | undefined
  /**
   * Watches each connection (the transport's `onConnectionStart`: with telemetry, a
   * `chainx subscription` span with `connecting`, `reconnecting`, `open` and `lost` events).
   * @default none
   */
  onConnectionStart?: (() => ConnectionTrace | undefined) | undefined
  /**
   * The client's `logger` option: connections lost and reconnecting (`info`), given up (`warn`),
   * errors of a subscription without `onError` (`error`).
   * @default { warn: console.warn, error: console.error }
   */
  logger?: Logger | undefined
}
