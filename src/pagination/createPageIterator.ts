import { AbortedError } from '../errors/request.js'
import { CursorNotAdvancingError, StaleCursorError } from '../errors/pagination.js'
import { assertCount, type ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, ItemKey, PageIterable, WalkPage } from './types.js'

/**
 * One request of a walk, as the adapter's `fetchPage` receives it.
 *
 * @example
 * const fetchPage = ({ cursor, size, signal }: PageRequest<string>) => graphql.query(doc, { first: size, after: cursor }, { signal })
 */
export interface PageRequest<TCursor> {
  /** Where to continue (exclusive); `null` starts a fresh walk. Opaque: pass it on as received. */
  cursor: TCursor | null
  /** Items to ask for: the page size, or fewer when `maxItems` needs fewer. */
  size: number
  /** Aborted by the caller's `signal`, `break` or `return()`; pass it to the request. */
  signal: AbortSignal
}

/**
 * How an adapter plugs one page shape into the shared walk.
 *
 * @example
 * const config: PageIteratorConfig<ChainxEvent, EventId, FetchedPage<ChainxEvent, EventId>> = {
 *   fetchPage: async ({ cursor, size, signal }) => {
 *     const page = await queryEvents({ filter: { All: [] }, cursor, limit: size, signal })
 *     return { items: page.data, nextCursor: page.nextCursor, hasMore: page.hasNextPage }
 *   },
 *   pageSize: () => 50,
 *   options: resolvePaginationOptions(),
 * }
 */
export interface PageIteratorConfig<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>> {
  /** Fetches one page. Throw `StaleCursorError` when the service says the cursor is stale. */
  fetchPage: (request: PageRequest<TCursor>) => Promise<TPage>
  /** The page size to send, computed once per walk (it may ask the service for its limits). */
  pageSize: (signal: AbortSignal) => number | Promise<number>
  /** Validated options (`resolvePaginationOptions`). */
  options: ResolvedPaginationOptions<TItem>
  /**
   * Where the first request starts (exclusive).
   * @default null
   */
  startCursor?: TCursor | null | undefined
  /**
   * Cursor equality, the only thing the walk does with cursors besides passing them on.
   * @default Object.is
   */
  sameCursor?: ((a: TCursor, b: TCursor) => boolean) | undefined
}

/**
 * The one auto-paging machine behind `paginate` (GraphQL connections) and `iterateEvents`
 * (JSON-RPC event pages). It follows the cursor chain of its first page, so a consistent
 * service serves every page from one snapshot; stops at `maxItems` without fetching past
 * it; throws `CursorNotAdvancingError` when a page claims more but returns its own cursor
 * again; and on a stale cursor either throws `StaleCursorError` (with `delivered` and
 * `lastCursor`) or restarts without a cursor, skipping delivered items by key.
 *
 * Per item it costs one async-generator step and nothing else: pages are not copied
 * (except to drop items on the last page or after a restart), and without `onStale:
 * 'restart'` nothing is kept per item, so memory does not grow with the walk.
 *
 * @example
 * const walk = createPageIterator({
 *   fetchPage: async ({ cursor, size }) => ({ items: rows.slice(cursor ?? 0, (cursor ?? 0) + size), nextCursor: (cursor ?? 0) + size, hasMore: (cursor ?? 0) + size < rows.length }),
 *   pageSize: () => 10,
 *   options: resolvePaginationOptions({ maxItems: 25 }),
 * })
 * for await (const row of walk) console.log(row)
 */
export function createPageIterator<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
): PageIterable<TItem, WalkPage<TPage>> {
  const { maxItems, signal } = config.options
  return {
    [Symbol.asyncIterator]: () => startWalk(config, maxItems, (pages) => yieldItems(pages, signal)),
    pages: () => startWalk(config, maxItems, (pages) => pages),
    async toArray(options) {
      assertCount('limit', options?.limit, 0)
      const items: TItem[] = []
      const walk = startWalk(config, Math.min(options.limit, maxItems), (pages) => yieldItems(pages, signal))
      for await (const item of walk) items.push(item)
      return items
    },
  }
}

/** Starts one walk; `return()` and `throw()` abort its request in flight before closing it. */
function startWalk<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>, TOut>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
  cap: number,
  view: (pages: AsyncGenerator<WalkPage<TPage>>) => AsyncGenerator<TOut>,
): AsyncIterableIterator<TOut> {
  const stop = new AbortController()
  const caller = config.options.signal
  const signal = caller ? AbortSignal.any([caller, stop.signal]) : stop.signal
  const inner = view(walkPages(config, cap, signal, stop.signal))
  return {
    next: () => inner.next(),
    return(value?: unknown) {
      stop.abort()
      return inner.return(value as TOut)
    },
    throw(error?: unknown) {
      stop.abort()
      return inner.throw(error)
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}

async function* yieldItems<TItem>(
  pages: AsyncGenerator<{ items: TItem[] }>,
  signal: AbortSignal | undefined,
): AsyncGenerator<TItem> {
  for await (const page of pages) {
    for (const item of page.items) {
      throwIfAborted(signal)
      yield item
    }
  }
}

async function* walkPages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
  cap: number,
  signal: AbortSignal,
  stopped: AbortSignal,
): AsyncGenerator<WalkPage<TPage>> {
  const { fetchPage, options } = config
  const sameCursor = config.sameCursor ?? Object.is
  const { key } = options
  // Keys of delivered items, kept only when a restart may need to skip them.
  const seen = key ? new Set<ItemKey>() : undefined
  const started = performance.now()
  let pageSize: number | undefined
  let cursor: TCursor | null = config.startCursor ?? null
  let delivered = 0
  let pageIndex = 0
  let restarts = 0
  let hasMore = cap > 0

  while (hasMore) {
    throwIfAborted(options.signal)
    let page: TPage
    try {
      pageSize ??= await config.pageSize(signal)
      // After a restart, delivered items come back and are skipped: ask for full pages.
      const size = restarts > 0 ? pageSize : Math.min(pageSize, cap - delivered)
      page = await fetchPage({ cursor, size, signal })
    } catch (error) {
      if (stopped.aborted) return
      if (!(error instanceof StaleCursorError)) throw error
      error.delivered = delivered
      // Only GraphQL walks go stale, and their cursors are strings.
      error.lastCursor = cursor as string | null
      if (!key || restarts >= options.maxRestarts) throw error
      restarts++
      options.onRestart?.({ delivered, reason: error, restarts })
      cursor = null
      continue
    }
    if (stopped.aborted) return
    const { nextCursor } = page
    // A page that claims more must move: a null cursor would restart the walk, the same cursor would loop it.
    if (page.hasMore && (nextCursor === null || (cursor !== null && sameCursor(nextCursor, cursor)))) {
      throw new CursorNotAdvancingError({ cursor: nextCursor, delivered })
    }
    const items = seen && key ? keepUnseen(page.items, seen, key, cap - delivered) : keepFirst(page.items, cap - delivered)
    delivered += items.length
    options.onPage?.({ pages: pageIndex + 1, items: delivered, elapsedMs: performance.now() - started, restarts })
    const walkPage = { ...page, items, cursor, pageIndex, restarts }
    pageIndex++
    cursor = nextCursor
    hasMore = page.hasMore && delivered < cap
    yield walkPage
  }
}

function keepFirst<TItem>(items: TItem[], room: number): TItem[] {
  return items.length <= room ? items : items.slice(0, room)
}

function keepUnseen<TItem>(items: TItem[], seen: Set<ItemKey>, key: (item: TItem) => ItemKey, room: number): TItem[] {
  const kept: TItem[] = []
  for (const item of items) {
    if (kept.length === room) break
    const id = key(item)
    if (seen.has(id)) continue
    seen.add(id)
    kept.push(item)
  }
  return kept
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError({ cause: signal.reason })
}
