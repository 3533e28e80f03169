import type { ChainxError } from '../errors/ChainxError.js'
import type { PageShape } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import type { SubscriptionStateChange } from './types.js'

/** A resource's `query` as the item kinds call it: a filter (and the resource's own options), a cursor, a size and a direction. */
export type KindQuery<TItem, TCursor> = (parameters: {
  filter: unknown
  options?: object | undefined
  cursor: TCursor | null
  pageSize?: number | undefined
  direction?: WalkDirection | undefined
  signal?: AbortSignal | undefined
}) => Promise<PageShape<TItem, TCursor>>

/**
 * What the one subscription machine needs from an item kind (events, transactions): its wire
 * methods, how to check a notification, each item's key, cursor and time, and the query that
 * reads missed items. Built per subscription, from its validated filter.
 *
 * @example
 * const kind: SubscriptionKind<ChainxEvent, EventId> = eventSubscriptionKind(filter, queryEvents)
 */
export interface SubscriptionKind<TItem, TCursor> {
  /** What one item is called in messages: `event`, `transaction`. */
  noun: string
  /** What the query is called in messages, e.g. `queryEvents`. */
  queryName: string
  /** The subscribe method; notifications carry the same name (jsonrpc-anchor 2.8). */
  subscribeMethod: string
  /** The unsubscribe method (also the heartbeat probe, with id -1). */
  unsubscribeMethod: string
  /** The subscribe call's params, e.g. `[filter]`. */
  subscribeParams: unknown[]
  /** Checks a notification's `result`; throws `DecodeFailure` naming what is wrong. */
  decode(result: unknown): TItem
  /** Identity of an item, for dropping one delivered twice (live and backfilled). */
  key(item: TItem): string
  /** The cursor that resumes after `item` (the query's cursor). */
  cursorOf(item: TItem): TCursor
  /** The key of the item a cursor points at (same as `key` of that item). */
  cursorKey(cursor: TCursor): string
  /** Cursor equality. */
  sameCursor(a: TCursor, b: TCursor): boolean
  /** Unix ms of an item, when it carries one (gap reports). */
  timestampOf(item: TItem | undefined): number | undefined
  /** A page of the backfill query: after `cursor` oldest first, or newest first `'backward'`. Absent: missed items are gaps. */
  query?: ((page: Omit<Parameters<KindQuery<TItem, TCursor>>[0], 'filter' | 'options'>) => Promise<PageShape<TItem, TCursor>>) | undefined
  /** Whether the query selects exactly the subscription's items; when false, `matches` checks each. */
  exact: boolean
  /** Whether an item the query returned is one the subscription selects. */
  matches(item: TItem): boolean
  /** The item as the listener gets it (e.g. `parsedJson` checked by `parse`); a throw goes to `onError` and the item is skipped. */
  prepare?: ((item: TItem) => TItem) | undefined
}

/** The callbacks of one subscription (each resource names `onItem` its own way: `onEvent`, `onTransaction`). */
export interface SubscriptionListener<TItem, TCursor> {
  onItem: (item: TItem) => void | Promise<void>
  onError?: ((error: ChainxError) => void) | undefined
  onStateChange?: ((change: SubscriptionStateChange<TCursor>) => void) | undefined
}
