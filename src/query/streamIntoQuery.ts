import type { QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxQueryKey } from './queryKey.js'

/**
 * A `queryFn` whose data grows as a stream delivers, like TanStack Query's
 * `experimental_streamedQuery` but with no runtime import of `@tanstack/query-core` (it stays
 * a types-only peer): the query succeeds at once with what it holds (an empty list the first
 * time), each item is appended with `setQueryData` (the newest `maxItems` kept), and the query
 * stays fetching while the stream runs. The stream gets TanStack's `signal`, which TanStack
 * aborts when the last observer leaves (or on `cancelQueries`), so an unobserved live query
 * stops its polling. `open` receives the items held, to resume after the last one on a refetch.
 *
 * @example
 * const queryFn = streamIntoQuery((signal, held) => client.events.watch({ filter, cursor: held.at(-1)?.id ?? 'latest', signal }), 200)
 */
export function streamIntoQuery<T>(
  open: (signal: AbortSignal, held: readonly T[]) => AsyncIterable<T>,
  maxItems: number,
): (context: QueryFunctionContext<ChainxQueryKey>) => Promise<T[]> {
  return async ({ client, queryKey, signal }) => {
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
}
