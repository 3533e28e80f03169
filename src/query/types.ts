import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxError } from '../errors/ChainxError.js'
import type { PageInfo } from '../graphql/readConnection.js'
import type { PageShape } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'

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
export interface InfiniteWalkOptions<TPath extends string = string> {
  /**
   * Dotted path of the connection in the result.
   * @default the single object with `pageInfo` in the first result
   */
  connection?: TPath | undefined
  /**
   * Items per page, clamped to the service's `maxPageSize`.
   * @default the service's `defaultPageSize`
   */
  pageSize?: number | undefined
  /**
   * `'forward'` (`first`/`after`, oldest first) or `'backward'` (`last`/`before`, newest first).
   * @default 'forward'
   */
  direction?: WalkDirection | undefined
  /**
   * Start after this cursor (exclusive), e.g. one saved from a walk.
   * @default null (the start of the connection in the walk's direction)
   */
  cursor?: string | null | undefined
}
