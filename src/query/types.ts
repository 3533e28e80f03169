import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxError } from '../errors/ChainxError.js'
import type { PageInfo } from '../graphql/readConnection.js'
import type { PageShape } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import type { ChainxEvent, EventId, EventQueryFilter } from '../events/types.js'
import type { EventPage } from '../resources/events.js'
import type { TransactionPage } from '../resources/transactions.js'
import type { NoOptions, TransactionBlockResponse, TransactionBlockResponseOptions, TransactionFilter } from '../transactions/types.js'

/**
 * A JSON value as it sits in a query key: what `JSON.stringify` writes and reads back unchanged.
 *
 * @example
 * const input: JsonValue = { filter: { Sender: '0xa11ce' }, pageSize: 20 }
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * The key of every query `chainx-sdk/query` builds, most general first so that each prefix names
 * a group (see `chainxKeys`):
 * - JSON-RPC resources: `['chainx', rpcUrl, 'events' | 'transactions', 'query' | 'infinite' | 'live', input]`;
 * - GraphQL: `['chainx', graphqlUrl, 'graphql', operationName, 'query' | 'infinite', { document, variables, ... }]`,
 *   `document` a hash of the document's text (two documents sharing a name stay apart).
 * The endpoint has its credentials redacted; the input is canonical JSON (keys sorted, `undefined` members left out).
 *
 * @example
 * const key: ChainxQueryKey = ['chainx', 'http://127.0.0.1:9000/json-rpc', 'events', 'query', { filter: { All: [] } }]
 */
export type ChainxQueryKey = readonly ['chainx', string, string, string, ...JsonValue[]]

/**
 * Options of one query, for `useQuery`, `fetchQuery`, `prefetchQuery` and their counterparts in
 * every TanStack Query adapter. `retry` is `false`: the SDK already retries what is worth retrying
 * (client `retry` option); a second layer would multiply requests. Building never throws: input
 * the query cannot run with fails the query with the `ChainxError`.
 *
 * @example
 * const { data } = useQuery(q.graphql.epoch())
 */
export interface ChainxQueryOptions<TData> {
  /** `['chainx', endpoint, resource, operation, ...input]` (see `chainxKeys`), tagged with the data type for `getQueryData`. */
  queryKey: DataTag<ChainxQueryKey, TData, ChainxError>
  /** Runs the request with TanStack's `signal`: cancelling the query aborts it on the wire. */
  queryFn: (context: QueryFunctionContext<ChainxQueryKey>) => Promise<TData>
  /**
   * `false` while a filter value is still `undefined` (`{ Sender: undefined }`): the query waits.
   * @default true
   */
  enabled: boolean
  /** @default false (the SDK retries; see the interface) */
  retry: false
}

/**
 * Options of a live query (`q.events.live`): its data grows while the query fetches; `staleTime`
 * 0 restarts on a new mount the stream the last unmount stopped (React's StrictMode mounts twice).
 *
 * @example
 * const { data: feed = [] } = useQuery(q.events.live({ filter: { All: [] } }))
 */
export interface ChainxLiveQueryOptions<TData> extends ChainxQueryOptions<TData> {
  /** @default 0 */
  staleTime: 0
}

/**
 * Options of an infinite query (`useInfiniteQuery`, `fetchInfiniteQuery`): the page param is
 * the walk's cursor (`null` first), so `fetchNextPage` follows one cursor chain.
 *
 * @example
 * const events = useInfiniteQuery(q.paginate(EventsDocument, {}, { pageSize: 20 }))
 */
export interface ChainxInfiniteQueryOptions<TPage, TPageParam> {
  queryKey: DataTag<ChainxQueryKey, InfiniteData<TPage, TPageParam>, ChainxError>
  queryFn: (context: QueryFunctionContext<ChainxQueryKey, TPageParam>) => Promise<TPage>
  initialPageParam: TPageParam
  getNextPageParam: (lastPage: TPage, allPages: TPage[], lastPageParam: TPageParam) => TPageParam | undefined
  /**
   * `false` while a filter value is still `undefined`, as in `ChainxQueryOptions`.
   * @default true
   */
  enabled: boolean
  /** @default false (the SDK retries) */
  retry: false
}

/**
 * A page of `q.paginate`: `{ items, hasMore, cursor }` plus the connection's `pageInfo` as received.
 *
 * @example
 * const last: GraphQLQueryPage<EventNode> = data.pages.at(-1)!
 * console.log(last.pageInfo.endCursor)
 */
export interface GraphQLQueryPage<TNode> extends PageShape<TNode, string> {
  pageInfo: Partial<PageInfo>
}

/**
 * Options of `q.paginate`: which connection, how many per page, which way, and where to start
 * (the walk sends the page variables itself).
 *
 * @example
 * const options: InfiniteWalkOptions<'epoch.transactionBlocks'> = { connection: 'epoch.transactionBlocks', pageSize: 20 }
 */
export interface InfiniteWalkOptions<TPath extends string = string> extends PageInput<string> {
  /**
   * Dotted path of the connection in the result.
   * @default the single object with `pageInfo` in the first result
   */
  connection?: TPath | undefined
}

/**
 * A filter whose value may still be `undefined` (an address not loaded yet): the query waits
 * (`enabled: false`) until it is there.
 *
 * @example
 * const filter: PendingFilter<EventQueryFilter> = { Sender: account?.address } // undefined until signed in
 */
export type PendingFilter<TFilter> = TFilter extends unknown ? { [K in keyof TFilter]: TFilter[K] | undefined } : never

/**
 * The walk options of `q.<resource>.query`, `.infinite` and `q.paginate` (the client's, without `signal`).
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
