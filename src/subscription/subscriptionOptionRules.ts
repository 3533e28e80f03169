import { readGroup, type OptionRules } from '../options/optionRules.js'
import type { ConnectionTrace } from '../transport/telemetry/types.js'
import type { Logger } from '../utils/logger.js'
import type { WebSocketConstructor } from '../jsonRpc/webSocketTypes.js'

/**
 * How a lost or failed connection is retried.
 *
 * @example
 * new ChainxClient({ rpcUrl, wsUrl, subscriptions: { reconnect: { retries: Infinity, maxDelayMs: 60_000 } } })
 */
export interface ReconnectOptions {
  /**
   * Connect retries in a row before giving up, after the first attempt (0: no retry), like
   * `retry.retries`; `Infinity` retries forever (delays stay capped).
   * @default 10
   */
  retries?: number | undefined
  /**
   * Delay before the first retry in ms; doubles each retry, with jitter (50-100% of the value).
   * @default 500
   */
  baseDelayMs?: number | undefined
  /**
   * Largest delay between two attempts, in ms; `Infinity` leaves the doubling uncapped.
   * @default 30_000
   */
  maxDelayMs?: number | undefined
}

/**
 * How missed items are fetched with the resource's query after (re)subscribing.
 *
 * @example
 * new ChainxClient({ rpcUrl, wsUrl, subscriptions: { backfill: { onSubscribe: false, maxItems: 50_000 } } })
 */
export interface BackfillOptions {
  /**
   * Also fetch items emitted between `subscribe` and the server's acknowledgement (one extra
   * query notes the newest matching item before subscribing).
   * @default true
   */
  onSubscribe?: boolean | undefined
  /**
   * Most items one backfill reads; past it, the rest is a `gap` and delivery resumes at the newest item.
   * @default 10_000
   */
  maxItems?: number | undefined
  /**
   * Page size of the backfill queries (the service clamps it to its maximum).
   * @default 50
   */
  pageSize?: number | undefined
  /**
   * Live items held back while a backfill runs; past it they are dropped from memory and read by one more backfill pass.
   * @default 10_000
   */
  maxBufferedItems?: number | undefined
}

/** Backfill settings with the defaults applied. */
export type ResolvedBackfill = Required<BackfillOptions>

/**
 * Options of `createSubscriptionMachine`: the socket, its heartbeat and reconnects, and the
 * backfill and liveness settings every subscription of the machine shares. Every time limit or
 * period takes 0, Infinity or more than a timer holds (2^31 - 1 ms) as off; a negative or NaN
 * value throws `INVALID_ARGUMENT` naming it.
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
   * Time between two heartbeat probes in ms (a `chainx_unsubscribeEvent` of id -1, which the service answers `false`).
   * @default 15_000
   */
  heartbeatMs?: number | undefined
  /**
   * A probe with no answer (and no other frame) within this many ms marks the socket dead: it is dropped and reconnected.
   * @default 10_000
   */
  heartbeatTimeoutMs?: number | undefined
  /**
   * A connect attempt fails after this many ms.
   * @default 10_000
   */
  connectTimeoutMs?: number | undefined
  /**
   * A subscribe or unsubscribe call with no answer fails after this many ms (and as soon as the socket closes).
   * @default 30_000
   */
  callTimeoutMs?: number | undefined
  /**
   * Reconnecting after a lost socket or a failed connect; `false` ends every subscription instead.
   * @default { retries: 10, baseDelayMs: 500, maxDelayMs: 30_000 }
   */
  reconnect?: ReconnectOptions | false | undefined
  /**
   * Fetching missed items; `false` reports every reconnect as a `gap`.
   * @default { onSubscribe: true, maxItems: 10_000, pageSize: 50, maxBufferedItems: 10_000 }
   */
  backfill?: BackfillOptions | false | undefined
  /**
   * Time between two checks that each subscription's server side still delivers, in ms (needs the
   * resource's query and backfill): the service can drop a slow subscriber silently (jsonrpc-anchor
   * 2.8). A matching item on the chain at one check and still not delivered at the next is `stalled`,
   * then subscribed again and backfilled. Costs one small query per subscription per interval (0: off).
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

/** The rows of the subscription options (and the events' `typeNameLimits`): `new ChainxClient` checks `subscriptions` by them. */
export const SUBSCRIPTION_OPTION_RULES = {
  heartbeatMs: ['limit', 15_000],
  heartbeatTimeoutMs: ['limit', 10_000],
  connectTimeoutMs: ['limit', 10_000],
  callTimeoutMs: ['limit', 30_000],
  verifyIntervalMs: ['limit', 60_000],
  WebSocket: ['function'],
  onConnectionStart: ['function'],
  reconnect: ['group', { retries: ['count', 10, 0, true], baseDelayMs: ['wait', 500], maxDelayMs: ['cap', 30_000] }, true],
  // Finite: the bounds size the memory of recent keys.
  backfill: [
    'group',
    {
      onSubscribe: ['boolean', true],
      maxItems: ['count', 10_000, 1],
      pageSize: ['count', 50, 1],
      maxBufferedItems: ['count', 10_000, 1],
    },
    true,
  ],
  typeNameLimits: ['group', { maxTypeArgumentDepth: ['count', 16], maxTypeArgumentWidth: ['count', 32] }],
} as const satisfies OptionRules

/** Reads the subscription machine's options by `SUBSCRIPTION_OPTION_RULES`; a bad value throws `InvalidArgumentError` naming it. */
export function readSubscriptionOptions(options: Partial<Omit<SubscriptionMachineOptions, 'wsUrl'>> | undefined) {
  const read = readGroup('', options, SUBSCRIPTION_OPTION_RULES)
  return read as typeof read & { reconnect: Required<ReconnectOptions> | false; backfill: ResolvedBackfill | false }
}
