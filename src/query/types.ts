import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxError } from '../errors/ChainxError.js'
import type { PageInfo } from '../graphql/readConnection.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import type { ChainxQueryKey } from './queryKey.js'

/**
 * Options of one query, for `useQuery`, `queryClient.fetchQuery`, `prefetchQuery` and their
 * counterparts in every TanStack Query adapter. `retry` is `false`: the SDK already retries
 * what is worth retrying (time-outs, 5xx, 429, resets) with backoff and `Retry-After`, under
 * the client's `retry` option, and a second layer of retries would multiply the requests;
 * set `retry` on the query to retry more. Building the options never throws: input the query
 * cannot run with fails the query (its `queryFn` rejects with the `ChainxError`).
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
   * `false` while a filter value is still `undefined` (`{ Sender: undefined }`), as wagmi does:
   * the query waits instead of running; spread the options and set `enabled` to add conditions.
   * @default true
   */
  enabled: boolean
  /** @default false (the SDK retries; see the interface) */
  retry: false
}

/**
 * Options of a live query (`q.events.live`): its data grows while the query fetches, and
 * `staleTime` is 0 whatever the QueryClient's default, so a component that mounts again (React's
 * StrictMode mounts twice) restarts the stream its last unmount stopped.
 *
 * @example
 * const { data: feed = [] } = useQuery(q.events.live({ filter: { All: [] } }))
 */
export interface ChainxLiveQueryOptions<TData> extends ChainxQueryOptions<TData> {
  /** @default 0 */
  staleTime: 0
}

/**
 * Options of an infinite query (`useInfiniteQuery`, `fetchInfiniteQuery`): the page param
 * is the walk's cursor, `null` for the first page, and `getNextPageParam` reads the next
 * one from the last page, so `fetchNextPage` follows one cursor chain. `retry` is `false`
 * as in `ChainxQueryOptions`.
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
 * One page of an infinite query, plain JSON: the items, whether the connection claims more
 * in the walk's direction, and the cursor to continue from (`null` when there is none).
 *
 * @example
 * const rows = data.pages.flatMap((page: ChainxPage<EventNode>) => page.items)
 */
export interface ChainxPage<TItem, TCursor = string> {
  items: TItem[]
  hasMore: boolean
  cursor: TCursor | null
}

/**
 * A page of `q.paginate`: `ChainxPage` plus the connection's `pageInfo` as received.
 *
 * @example
 * const last: GraphQLQueryPage<EventNode> = data.pages.at(-1)!
 * console.log(last.pageInfo.endCursor)
 */
export interface GraphQLQueryPage<TNode> extends ChainxPage<TNode> {
  pageInfo: Partial<PageInfo>
}

/**
 * Options of `q.paginate`: which connection, how many per page, which way, and where to start.
 * The page variables are not among them: the walk sends `first`/`after` forward and
 * `last`/`before` backward, never both.
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
