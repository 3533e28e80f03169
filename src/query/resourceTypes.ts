import type { ChainxEvent, EventId, EventQueryFilter } from '../events/types.js'
import type { EventPage } from '../resources/events.js'
import type { TransactionPage } from '../resources/transactions.js'
import type { PageShape } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import type { NoOptions, TransactionBlockResponse, TransactionBlockResponseOptions, TransactionFilter } from '../transactions/types.js'
import type { ChainxInfiniteQueryOptions, ChainxLiveQueryOptions, ChainxQueryOptions } from './types.js'

/**
 * A filter whose value may still be `undefined` (an address not loaded yet): the query waits
 * (`enabled: false`) until it is there.
 *
 * @example
 * const filter: PendingFilter<EventQueryFilter> = { Sender: account?.address } // undefined until signed in
 */
export type PendingFilter<TFilter> = TFilter extends unknown ? { [K in keyof TFilter]: TFilter[K] | undefined } : never

/**
 * The walk options of `q.<resource>.query` and `.infinite` (the client's, without `signal`).
 *
 * @example
 * const options: PageInput<EventId> = { pageSize: 20, direction: 'backward' }
 */
export interface PageInput<TCursor> {
  /**
   * Items per page; the service clamps it to its maximum.
   * @default the service's default page size (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * `'forward'` oldest first, `'backward'` newest first.
   * @default 'forward'
   */
  direction?: WalkDirection | undefined
  /**
   * Start after this item (exclusive); for `.infinite`, the first page param.
   * @default null (the oldest, or the newest backward)
   */
  cursor?: TCursor | null | undefined
}

/**
 * The options of `q.<resource>.live`: the client's `watch` options a key can hold, and the cap on items kept.
 *
 * @example
 * const options: LiveInput<string> = { intervalMs: 500, maxItems: 100 }
 */
export interface LiveInput<TCursor> {
  /**
   * Where the feed starts: `'latest'` (what arrives from now), `null` (the oldest), or a cursor
   * (exclusive). A refetch resumes after the newest item held.
   * @default 'latest'
   */
  cursor?: TCursor | null | 'latest' | undefined
  /**
   * Wait between polls once caught up, in ms.
   * @default 1000
   */
  intervalMs?: number | undefined
  /**
   * Page size of each poll.
   * @default the service's default page size (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * The newest items kept in the query's data (a positive integer).
   * @default 200
   */
  maxItems?: number | undefined
}

/**
 * What selects events: the filter (required; `undefined`, or a value `undefined`, disables the query).
 *
 * @example
 * const input: EventQueryInput = { filter: { Sender: alice }, pageSize: 10 }
 */
export interface EventSelection {
  /** A query filter (spec 6.3), checked before sending. */
  filter: PendingFilter<EventQueryFilter> | undefined
}

/**
 * Input of `q.events.query` and `q.events.infinite` (no `parse`: a key cannot hold a function; use `select`).
 *
 * @example
 * const input: EventQueryInput = { filter: { Sender: alice }, pageSize: 20, direction: 'backward' }
 */
export interface EventQueryInput extends EventSelection, PageInput<EventId> {}

/**
 * Input of `q.events.live`.
 *
 * @example
 * const input: LiveEventsInput = { filter: { Sender: alice }, intervalMs: 500, maxItems: 100 }
 */
export interface LiveEventsInput extends EventSelection, LiveInput<EventId> {}

/**
 * What selects transactions and which fields they carry (`options` types the data).
 *
 * @example
 * const selection: TransactionSelection<{ showEffects: true }> = { filter: { FromAddress: alice }, options: { showEffects: true } }
 */
export interface TransactionSelection<TOptions extends TransactionBlockResponseOptions = NoOptions> {
  /**
   * Which transactions, checked before sending; a value `undefined` disables the query.
   * @default null (every transaction)
   */
  filter?: PendingFilter<TransactionFilter> | null | undefined
  /**
   * Which fields each transaction carries besides its digest; types the data.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
}

/**
 * Input of `q.transactions.query` and `q.transactions.infinite`.
 *
 * @example
 * const input: TransactionQueryInput<{ showEffects: true }> = { filter: { FromAddress: alice }, options: { showEffects: true }, pageSize: 10 }
 */
export interface TransactionQueryInput<TOptions extends TransactionBlockResponseOptions = NoOptions>
  extends TransactionSelection<TOptions>, PageInput<string> {}

/**
 * Input of `q.transactions.live`.
 *
 * @example
 * const input: LiveTransactionsInput = { filter: { FromAddress: alice }, intervalMs: 500, maxItems: 100 }
 */
export interface LiveTransactionsInput<TOptions extends TransactionBlockResponseOptions = NoOptions>
  extends TransactionSelection<TOptions>, LiveInput<string> {}

/**
 * `q.events`: one page, an infinite query and a live feed of JSON-RPC events.
 *
 * @example
 * const { data } = useInfiniteQuery(q.events.infinite({ filter: { Sender: alice }, pageSize: 20 }))
 */
export interface EventQueryOptions {
  /** One page of `chainx_queryEvents`, as `client.events.query` returns it. */
  query(input: EventQueryInput): ChainxQueryOptions<EventPage>
  /** Pages of events, each `{ items, hasMore, cursor }`, the page param the event cursor. */
  infinite(input: EventQueryInput): ChainxInfiniteQueryOptions<PageShape<ChainxEvent, EventId>, EventId | null>
  /** The events `client.events.watch` delivers, newest last; stops when no longer observed. */
  live(input: LiveEventsInput): ChainxLiveQueryOptions<ChainxEvent[]>
}

/**
 * `q.transactions`: one page, an infinite query and a live feed of transaction blocks, typed by `options`.
 *
 * @example
 * const { data } = useInfiniteQuery(q.transactions.infinite({ filter: { FromAddress: alice }, options: { showEffects: true } }))
 * data?.pages[0]?.items[0]?.effects.status
 */
export interface TransactionQueryOptions {
  /** One page of `chainx_queryTransactionBlocks`, as `client.transactions.query` returns it. */
  query<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: TransactionQueryInput<TOptions>,
  ): ChainxQueryOptions<TransactionPage<TOptions>>
  /** Pages of transactions, each `{ items, hasMore, cursor }`, the page param the digest cursor. */
  infinite<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: TransactionQueryInput<TOptions>,
  ): ChainxInfiniteQueryOptions<PageShape<TransactionBlockResponse<TOptions>, string>, string | null>
  /** The transactions `client.transactions.watch` delivers, newest last; stops when no longer observed. */
  live<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: LiveTransactionsInput<TOptions>,
  ): ChainxLiveQueryOptions<TransactionBlockResponse<TOptions>[]>
}
