import { CursorNotAdvancingError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { PageDirection } from '../graphql/checkPagingVariables.js'
import { chainxQueryKey } from './queryKey.js'
import { streamIntoQuery } from './streamIntoQuery.js'
import type { ChainxInfiniteQueryOptions, ChainxLiveQueryOptions, ChainxPage, ChainxQueryOptions } from './types.js'

/**
 * What `walkQueryOptions` needs of one kind of JSON-RPC item (events, transactions): its
 * name in the keys, its endpoint, one page, how a page reads, and the watch.
 *
 * @example
 * const kind: WalkKind<ChainxEvent, EventId, EventPage> = { name: 'events', endpoint, query: client.events.query, ... }
 */
export interface WalkKind<TItem, TCursor, TPage> {
  /** The operations' prefix in the keys: `'events'` gives `events.query`, `events.infinite`, `events.live`. */
  name: string
  endpoint: string | readonly string[] | undefined
  /** One page, as the client's `query` returns it. */
  query(parameters: Record<string, unknown> & { signal: AbortSignal }): Promise<TPage>
  /** The page in the SDK's shape. */
  readPage(page: TPage): ChainxPage<TItem, TCursor>
  sameCursor(a: TCursor, b: TCursor): boolean
  /** The client's `watch`. */
  watch(parameters: Record<string, unknown> & { signal: AbortSignal }): AsyncIterable<TItem>
  /** The cursor that resumes after an item. */
  cursorOf(item: TItem): TCursor
}

/** The paging members of an infinite query's input; the rest (filter, options...) goes to every page as given. */
interface InfiniteInput<TCursor> {
  pageSize?: number | undefined
  direction?: PageDirection | undefined
  cursor?: TCursor | null | undefined
}

/** The members of a live query's input the feed reads; the rest goes to the watch as given. */
interface LiveInput<TCursor> {
  cursor?: TCursor | null | 'latest' | undefined
  intervalMs?: number | undefined
  pageSize?: number | undefined
}

/**
 * The machinery of `q.events` and `q.transactions`, written once: one page, an infinite query
 * following the item cursor (refusing a cursor that does not advance), and a live feed of the
 * watch that keeps the newest `max` items and resumes after the last one held. Keys are
 * `['chainx', endpoint, '<name>.query' | '<name>.infinite' | '<name>.live', input]`.
 *
 * @example
 * const walk = walkQueryOptions(kind)
 * await queryClient.fetchInfiniteQuery(walk.infinite({ filter: { All: [] }, pageSize: 20 }))
 */
export function walkQueryOptions<TItem, TCursor, TPage>(kind: WalkKind<TItem, TCursor, TPage>) {
  const { name, endpoint } = kind
  return {
    query: (input: object): ChainxQueryOptions<TPage> => ({
      queryKey: chainxQueryKey(endpoint, `${name}.query`, input) as ChainxQueryOptions<TPage>['queryKey'],
      queryFn: ({ signal }) => kind.query({ ...input, signal }),
      retry: false,
    }),
    infinite(input: InfiniteInput<TCursor>): ChainxInfiniteQueryOptions<ChainxPage<TItem, TCursor>, TCursor | null> {
      const { pageSize, direction = 'forward', cursor = null, ...rest } = input
      if (direction !== 'forward' && direction !== 'backward') {
        throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
      }
      type Options = ChainxInfiniteQueryOptions<ChainxPage<TItem, TCursor>, TCursor | null>
      return {
        queryKey: chainxQueryKey(endpoint, `${name}.infinite`, { ...rest, pageSize, direction, cursor }) as Options['queryKey'],
        initialPageParam: cursor,
        async queryFn({ signal, pageParam }) {
          const page = kind.readPage(await kind.query({ ...rest, cursor: pageParam, pageSize, direction, signal }))
          const next = page.hasMore ? page.cursor : null
          if (next !== null && pageParam !== null && kind.sameCursor(next, pageParam as TCursor))
            throw new CursorNotAdvancingError({ cursor: next, delivered: 0 })
          return { items: page.items, hasMore: page.hasMore, cursor: next }
        },
        getNextPageParam: (lastPage) => (lastPage.hasMore && lastPage.cursor !== null ? lastPage.cursor : undefined),
        retry: false,
      }
    },
    /** `maxName` is the input member `max` came from (`maxEvents`, `maxItems`): the key names it so. */
    live(input: LiveInput<TCursor>, max: number, maxName: string): ChainxLiveQueryOptions<TItem[]> {
      if (!Number.isInteger(max) || max < 1) throw new InvalidArgumentError(`${maxName} must be a positive integer, got ${String(max)}`)
      const { cursor = 'latest', intervalMs, pageSize, ...rest } = input
      return {
        queryKey: chainxQueryKey(endpoint, `${name}.live`, { ...rest, cursor, intervalMs, pageSize, [maxName]: max }) as ChainxQueryOptions<
          TItem[]
        >['queryKey'],
        queryFn: streamIntoQuery<TItem>((signal, held) => {
          const last = held.at(-1)
          return kind.watch({ ...rest, cursor: last === undefined ? cursor : kind.cursorOf(last), intervalMs, pageSize, signal })
        }, max),
        retry: false,
        staleTime: 0,
      }
    },
  }
}
