import type { ChainxClient } from '../client.js'
import { CursorNotAdvancingError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import { resourceKey } from './chainxKeys.js'
import { endpointName, type ChainxQueryKey } from './queryKey.js'
import { streamIntoQuery } from './streamIntoQuery.js'
import type { ChainxInfiniteQueryOptions, ChainxLiveQueryOptions, ChainxPage, ChainxQueryOptions } from './types.js'

/** What the option builders use of a client resource (`client.events`, `client.transactions`): its public `query` and `watch`. */
interface ResourceMethods {
  query(parameters: object): Promise<ChainxPage<unknown, unknown>>
  watch(parameters: object): AsyncIterable<unknown>
}

/**
 * What differs between the JSON-RPC resources, as data: whether a query needs a filter, and
 * the cursor that resumes after an item (a live query's refetch continues after the newest
 * item it holds). A new paged resource of the client is one line here.
 */
const RESOURCES = {
  events: { filterRequired: true, cursorOf: (event: { id: unknown }) => event.id },
  transactions: { filterRequired: false, cursorOf: (transaction: { digest: string }) => transaction.digest },
} as const satisfies Record<string, { filterRequired: boolean; cursorOf(item: never): unknown }>

/** The JSON-RPC resources `chainx-sdk/query` builds options for. */
export type ResourceName = keyof typeof RESOURCES

/** The input members the builders read; the others go to the client as given. */
interface Input {
  cursor?: unknown
  maxItems?: unknown
}

/** Options' shared part: key, `enabled`, `retry`, and the error a bad input fails the query with. */
interface Prepared {
  queryKey: ChainxQueryKey
  enabled: boolean
  retry: false
  /** Throws what makes the query fail before any request: input a key cannot hold, or a filter still pending. */
  check(): void
}

/**
 * The option builders of one JSON-RPC resource of a client, written once for all of them: one
 * page (`query`), an infinite query following the item cursor (refusing a cursor that does not
 * advance) and a live feed of `watch` that keeps the newest `maxItems` and resumes after the
 * last one held. The resource is read from the client when a query runs, through its public
 * `query` and `watch`. Option building never throws: bad input fails the query with the
 * `ChainxError` the client (or the key) gives; a pending filter gives `enabled: false`.
 *
 * @example
 * const events = resourceQueryOptions(client, 'events') as EventQueryOptions
 * await queryClient.fetchQuery(events.query({ filter: { All: [] }, pageSize: 5 }))
 */
export function resourceQueryOptions(client: ChainxClient, name: ResourceName) {
  const { filterRequired, cursorOf } = RESOURCES[name]
  const resource = () => client[name] as unknown as ResourceMethods
  const prepare = (operation: 'query' | 'infinite' | 'live', input: Input): Prepared => {
    const { queryKey, error, pending } = resourceKey(endpointName(client.options.rpcUrl), name, operation, input ?? {}, filterRequired)
    return {
      queryKey,
      enabled: !pending,
      retry: false,
      check() {
        if (error) throw error
        if (pending) throw new InvalidArgumentError(`${name}: the filter has an undefined value; the query runs once it is set`)
      },
    }
  }
  return {
    query(input: Input): ChainxQueryOptions<unknown> {
      const { check, ...options } = prepare('query', input)
      return {
        ...(options as Omit<ChainxQueryOptions<unknown>, 'queryFn'>),
        queryFn: async ({ signal }) => (check(), resource().query({ ...input, signal })),
      }
    },
    infinite(input: Input): ChainxInfiniteQueryOptions<ChainxPage<unknown, unknown>, unknown> {
      const { check, ...options } = prepare('infinite', input)
      return {
        ...(options as Omit<
          ChainxInfiniteQueryOptions<ChainxPage<unknown, unknown>, unknown>,
          'queryFn' | 'initialPageParam' | 'getNextPageParam'
        >),
        initialPageParam: input?.cursor ?? null,
        async queryFn({ signal, pageParam }) {
          check()
          const page = await resource().query({ ...input, cursor: pageParam, signal })
          const next = page.hasMore ? page.cursor : null
          if (next !== null && pageParam !== null && JSON.stringify(next) === JSON.stringify(pageParam))
            throw new CursorNotAdvancingError({ cursor: next, delivered: 0 })
          return { items: page.items, hasMore: page.hasMore, cursor: next }
        },
        getNextPageParam: (lastPage) => (lastPage.hasMore && lastPage.cursor !== null ? lastPage.cursor : undefined),
      }
    },
    live(input: Input): ChainxLiveQueryOptions<unknown[]> {
      const { check, ...options } = prepare('live', input)
      const { maxItems = DEFAULT_LIVE_ITEMS, cursor = 'latest', ...rest } = input ?? {}
      return {
        ...(options as Omit<ChainxLiveQueryOptions<unknown[]>, 'queryFn' | 'staleTime'>),
        staleTime: 0,
        async queryFn(context) {
          check()
          if (typeof maxItems !== 'number' || !Number.isInteger(maxItems) || maxItems < 1)
            throw new InvalidArgumentError(`maxItems must be a positive integer, got ${String(maxItems)}`)
          const open = (signal: AbortSignal, held: readonly unknown[]) => {
            const last = held.at(-1)
            return resource().watch({ ...rest, cursor: last === undefined ? cursor : cursorOf(last as never), signal })
          }
          return streamIntoQuery(open, maxItems)(context)
        },
      }
    },
  }
}

const DEFAULT_LIVE_ITEMS = 200
