import type { QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxClient } from '../client.js'
import { CursorNotAdvancingError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { PageShape } from '../pagination/types.js'
import { resourceKey } from './chainxKeys.js'
import type { ChainxInfiniteQueryOptions, ChainxQueryKey, ChainxLiveQueryOptions, ChainxQueryOptions } from './types.js'

/** What the option builders use of a client resource (`client.events`, `client.transactions`): its public `query` and `watch`. */
interface ResourceMethods {
  query(parameters: object): Promise<PageShape<unknown, unknown>>
  watch(parameters: object): AsyncIterable<unknown>
}

/**
 * What differs between the JSON-RPC resources: whether a query needs a filter, and the cursor
 * that resumes after an item (a live query's refetch continues after the newest item it holds).
 */
const RESOURCES = {
  events: { filterRequired: true, cursorOf: (event: { id: unknown }) => event.id },
  transactions: { filterRequired: false, cursorOf: (transaction: { digest: string }) => transaction.digest },
} as const satisfies Record<string, { filterRequired: boolean; cursorOf(item: never): unknown }>

/** The input members the builders read; the others go to the client as given. */
interface Input {
  cursor?: unknown
  maxItems?: unknown
}

const DEFAULT_LIVE_ITEMS = 200

/**
 * The option builders of one JSON-RPC resource, written once for all: one page (`query`), an
 * infinite query following the item cursor, and a live feed of `watch` keeping the newest
 * `maxItems`. The resource is read from the client when a query runs. Building never throws: bad
 * input fails the query with the client's (or the key's) `ChainxError`; a pending filter gives `enabled: false`.
 */
export function resourceQueryOptions(client: ChainxClient, name: keyof typeof RESOURCES) {
  const { filterRequired, cursorOf } = RESOURCES[name]
  const resource = () => client[name] as unknown as ResourceMethods
  const prepare = (operation: 'query' | 'infinite' | 'live', input: Input) => {
    const { queryKey, error, pending } = resourceKey(client, name, operation, input ?? {}, filterRequired)
    const options = { queryKey, enabled: !pending, retry: false as const }
    // What fails the query before any request: input a key cannot hold, or a filter still pending.
    const check = () => {
      if (error) throw error
      if (pending) throw new InvalidArgumentError(`${name}: the filter has an undefined value; the query runs once it is set`)
    }
    return { check, options }
  }
  return {
    query(input: Input): ChainxQueryOptions<unknown> {
      const { check, options } = prepare('query', input)
      return {
        ...(options as Omit<ChainxQueryOptions<unknown>, 'queryFn'>),
        queryFn: async ({ signal }) => (check(), resource().query({ ...input, signal })),
      }
    },
    infinite(input: Input): ChainxInfiniteQueryOptions<PageShape<unknown, unknown>, unknown> {
      const { check, options } = prepare('infinite', input)
      return {
        ...(options as Omit<
          ChainxInfiniteQueryOptions<PageShape<unknown, unknown>, unknown>,
          'queryFn' | 'initialPageParam' | 'getNextPageParam'
        >),
        initialPageParam: input?.cursor ?? null,
        async queryFn({ signal, pageParam }) {
          check()
          return infinitePage(await resource().query({ ...input, cursor: pageParam, signal }), pageParam)
        },
        getNextPageParam: nextPageParam,
      }
    },
    live(input: Input): ChainxLiveQueryOptions<unknown[]> {
      const { check, options } = prepare('live', input)
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
          return streamIntoQuery(open, maxItems, context)
        },
      }
    },
  }
}

/** A page of an infinite query: its cursor the one to continue from, `null` when the service claims no more; one that does not move fails. */
export function infinitePage<TItem, TCursor>(page: PageShape<TItem, TCursor>, pageParam: unknown): PageShape<TItem, TCursor> {
  const cursor = page.hasMore ? page.cursor : null
  if (cursor !== null && JSON.stringify(cursor) === JSON.stringify(pageParam)) throw new CursorNotAdvancingError({ cursor, delivered: 0 })
  return { items: page.items, hasMore: page.hasMore, cursor }
}

/** `getNextPageParam` of every infinite query: the last page's cursor while it claims more. */
export function nextPageParam<TCursor>(lastPage: PageShape<unknown, TCursor>): TCursor | undefined {
  return lastPage.hasMore && lastPage.cursor !== null ? lastPage.cursor : undefined
}

/**
 * Runs a live query, like TanStack's `experimental_streamedQuery` without a runtime import of
 * `@tanstack/query-core` (a types-only peer): the query succeeds at once with what it holds, each
 * item is appended with `setQueryData` (the newest `maxItems` kept), and the stream runs until
 * TanStack aborts its `signal` (the last observer left, or `cancelQueries`). `open` gets the items
 * held, to resume after the last one on a refetch.
 */
async function streamIntoQuery<T>(
  open: (signal: AbortSignal, held: readonly T[]) => AsyncIterable<T>,
  maxItems: number,
  { client, queryKey, signal }: QueryFunctionContext<ChainxQueryKey>,
): Promise<T[]> {
  let items: T[] = (client.getQueryData<T[]>(queryKey) ?? []).slice(-maxItems)
  if (signal.aborted) return items
  client.setQueryData(queryKey, items)
  for await (const item of open(signal, items)) {
    if (signal.aborted) break
    items = items.length < maxItems ? [...items, item] : [...items.slice(items.length - maxItems + 1), item]
    client.setQueryData(queryKey, items)
  }
  return items
}
