import type { ChainxError } from '../errors/ChainxError.js'
import type { HttpResponse } from '../transport/types.js'
import type { PageShape, StaleOptions, WalkOptions } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import type { KindQuery, SubscriptionKind } from '../subscription/SubscriptionKind.js'
import type { SubscriptionStateChange } from '../subscription/types.js'
import type { WatchLoopOptions } from '../subscription/watchLoop.js'

export type JsonRpcChunk = typeof import('./jsonRpcChunk.js')

/**
 * The options of one page read (`query`) of every resource, besides its own (`parse`, `options`).
 *
 * @example
 * const options: ResourceQueryOptions<{ Sender: string }, EventId> = { filter: { Sender: '0x2' }, pageSize: 20, direction: 'backward' }
 */
export interface ResourceQueryOptions<TFilter, TCursor> {
  /** Which items; checked at the call (`INVALID_ARGUMENT` naming `filter`). */
  filter: TFilter
  /**
   * Where to continue (exclusive): the `cursor` of an earlier page, `walk.cursor`, or an error's `resumeCursor`.
   * @default null (from the start: the oldest, or the newest going backward)
   */
  cursor?: TCursor | null | undefined
  /**
   * Items per request: a positive integer, cut by the service to its maximum.
   * @default the service's default page size (on JSON-RPC its maximum, 50 unless its operator configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * `'forward'` (oldest first) or `'backward'` (newest first).
   * @default 'forward'
   */
  direction?: WalkDirection | undefined
  /**
   * Aborts the request (`ABORTED`).
   * @default undefined
   */
  signal?: AbortSignal | undefined
}

/**
 * The options of a walk (`iterate`) of every resource: a page read's, the page machine's bounds and `onStale`.
 *
 * @example
 * const options: ResourceIterateOptions<{ Sender: string }, EventId, ChainxEvent> = { filter: { Sender: '0x2' }, maxItems: 1_000 }
 */
export type ResourceIterateOptions<TFilter, TCursor, TItem> = ResourceQueryOptions<TFilter, TCursor> & WalkOptions & StaleOptions<TItem>

/**
 * The options of a watch (`watch`) of every resource: the watch loop's, and where to start.
 *
 * @example
 * const options: ResourceWatchOptions<{ Sender: string }, EventId> = { filter: { Sender: '0x2' }, cursor: 'latest', intervalMs: 2_000 }
 */
export interface ResourceWatchOptions<TFilter, TCursor> extends WatchLoopOptions {
  /** Which items; checked at the call. */
  filter: TFilter
  /**
   * Where to start: a cursor saved from `watcher.cursor`, `null` (the oldest item), or `'latest'` (items after the start).
   * @default null
   */
  cursor?: TCursor | null | 'latest' | undefined
  /**
   * Stop after this many items (the loop returns, as with `signal`).
   * @default Infinity (no limit)
   */
  maxItems?: number | undefined
}

/**
 * The callbacks every resource's `subscribe` takes besides its item callback (`onEvent`, `onTransaction`).
 *
 * @example
 * const callbacks: SubscribeCallbacks<EventId> = { onError: console.warn, onStateChange: (change) => console.log(change.state) }
 */
export interface SubscribeCallbacks<TCursor> {
  /**
   * Errors that do not end the subscription (a throwing callback, a failed backfill, a malformed
   * frame) and the one that does (a `closed` state follows). Always a `ChainxError`.
   * @default logs with console.error
   */
  onError?: ((error: ChainxError) => void) | undefined
  /**
   * Connection and backfill progress of this subscription.
   * @default no listener
   */
  onStateChange?: ((change: SubscriptionStateChange<TCursor>) => void) | undefined
}

/** One page read with checked parameters, as the generic machines send it. */
export interface ResourcePageRequest<TFilter, TCursor> {
  filter: TFilter
  /** The resource's own options as `readOwn` returned them. */
  own: unknown
  cursor: TCursor | null
  pageSize: number | undefined
  direction: WalkDirection
  signal?: AbortSignal | undefined
}

/** How a watch differs from a plain cursor poll (events' `TimeRange`): the filter of each poll, which items to yield, a start step. */
export interface WatchPlan<TItem, TCursor, TFilter> {
  pollFilter(): TFilter
  admit(item: TItem): boolean
  start?(
    cursor: TCursor | null,
    read: (request: Omit<ResourcePageRequest<TFilter, TCursor>, 'own'>) => Promise<PageShape<TItem, TCursor>>,
    signal: AbortSignal | undefined,
  ): Promise<void>
}

/** A paged JSON-RPC resource as data: what `createResourceClient` needs to know of it. */
export interface ResourceDescriptor<TItem, TCursor, TFilter> {
  /** The client's property, e.g. `'events'`: errors say `client.events.iterate`. */
  name: string
  method: string
  /** The resource's own option keys of every read (`parse`, `options`). */
  ownKeys: readonly string[]
  /** Checks the filter as written; throws `INVALID_ARGUMENT` naming `filter`. */
  checkFilter(filter: unknown): TFilter
  /** Checks a cursor as written; throws `INVALID_ARGUMENT` naming `cursor`. */
  checkCursor(cursor: unknown): TCursor | null
  readOwn(options: Record<string, unknown>): unknown
  params(request: ResourcePageRequest<TFilter, TCursor>): unknown[]
  /** Reads one JSON-RPC result into a page, every item checked. */
  reader(chunk: JsonRpcChunk): (result: unknown, response: HttpResponse, own: unknown) => PageShape<TItem, TCursor>
  cursorOf(item: TItem): TCursor
  /** Identity of an item (restart de-duplication). */
  key(item: TItem): string
  /** Cursor equality. @default Object.is */
  sameCursor?: ((a: TCursor, b: TCursor) => boolean) | undefined
  /** A watch's own plan over the checked filter. @default a plain cursor poll */
  watchPlan?: ((filter: TFilter) => WatchPlan<TItem, TCursor, TFilter> | undefined) | undefined
  subscription: SubscriptionDescriptor<TCursor>
}

/** The subscription side (service-deprecated) of a resource descriptor. */
export interface SubscriptionDescriptor<TCursor> {
  /** The name of the item callback: `onEvent`, `onTransaction`. */
  onItem: string
  /** Keys of the parameters besides `filter`, the item callback, `onError` and `onStateChange` (`parse`). */
  ownKeys: readonly string[]
  /** The one-time `DeprecationWarning`: the process-wide flag, its message and code. */
  deprecation: { flag: string; message: string; code: string }
  /** Checks the subscription filter as written (`typeNameLimits` from the client's options). */
  checkFilter(filter: unknown, settings: { typeNameLimits?: unknown }): unknown
  kind(
    chunk: JsonRpcChunk,
  ): (filter: never, query: KindQuery<any, TCursor> | undefined, parameters: never) => SubscriptionKind<any, TCursor>
}
