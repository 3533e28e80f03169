import { ChainxError } from '../errors/ChainxError.js'
import { CursorNotAdvancingError, EmptyPagesError, StaleCursorError } from '../errors/pagination.js'
import { abortError } from '../errors/abortError.js'
import { followSignal } from '../utils/followSignal.js'
import { readCount } from '../options/optionRules.js'
import type { ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, ItemKey, PageIterable, WalkObserver, WalkPage } from './types.js'
import { resolveAlias } from './walkOptions.js'

/**
 * One request of a walk, as the adapter's `fetchPage` receives it.
 *
 * @example
 * const fetchPage = ({ cursor, size, signal }: PageRequest<string>) => graphql.query(doc, { first: size, after: cursor }, { signal })
 */
export interface PageRequest<TCursor> {
  /** Where to continue (exclusive); `null` starts from the beginning. Opaque: pass it on as received. */
  cursor: TCursor | null
  /** Items to ask for: the page size, or fewer when `maxItems` needs fewer. */
  size: number
  /** Aborted by the caller's `signal`, `break` or `return()`; pass it to the request. */
  signal: AbortSignal
  /**
   * Position of the request in its cursor chain: 0 for the first request of a walk (from
   * the `cursor` option or the beginning) and after a restart; the cursor then did not
   * come from a page of this walk.
   */
  chainIndex: number
}

/**
 * How an adapter plugs one page shape into the shared walk.
 *
 * @example
 * const config: PageIteratorConfig<ChainxEvent, EventId, FetchedPage<ChainxEvent, EventId>> = {
 *   fetchPage: async ({ cursor, size, signal }) => {
 *     const page = await queryEvents({ filter: { All: [] }, cursor, pageSize: size, signal })
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
   * Where the first request starts (exclusive): the walk's `cursor` option.
   * @default null
   */
  startCursor?: TCursor | null | undefined
  /**
   * Cursor equality, the only thing the walk does with cursors besides passing them on.
   * @default Object.is
   */
  sameCursor?: ((a: TCursor, b: TCursor) => boolean) | undefined
  /**
   * Called as each walk starts (the transport's `onWalkStart`): the observer it returns runs
   * the walk's page requests and hears when the walk ends (end, break, throw).
   */
  onWalkStart?: (() => WalkObserver | undefined) | undefined
}

/** Where one started walk stands; read by `PageIterable.cursor` and stamped on its errors. */
interface WalkState<TCursor> {
  cursor: TCursor | null
  delivered: number
}

/**
 * A page as the walk hands it to a view, with the page's end cursor when every item it
 * delivers is delivered (not cut by a limit), else null.
 */
type DeliveredPage<TCursor, TPage> = [page: TPage, endCursor: TCursor | null]

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/**
 * The one auto-paging machine behind every walk: GraphQL connections (`paginate`), JSON-RPC
 * event pages (`iterateEvents`), `watch`'s polls and the subscription backfill. It knows no
 * wire and no API: an adapter fetches pages, the machine follows the cursor chain of its
 * first page (so a consistent service serves every page from one snapshot) and bounds the
 * walk whatever the service sends:
 * - it stops at `maxItems`, a `toArray` limit or `maxPages` without fetching past them;
 * - a page that claims more but repeats its cursor (or gives none) throws `CursorNotAdvancingError`
 *   once its items are delivered, when the walk would fetch the next page;
 * - `maxEmptyPages` empty pages in a row that claim more throw `EmptyPagesError`;
 * - a stale cursor throws `StaleCursorError` or, with `onStale: 'restart'`, restarts without
 *   a cursor, skipping delivered items by key; so does `ServiceVersionChangedError` (the walk's
 *   endpoint failed and only endpoints of another version answer).
 * Every `ChainxError` thrown out of a walk carries `delivered` and `resumeCursor`; the
 * iterable's `cursor` tells where the walk stands after each item (see `PageIterable.cursor`).
 * With `prefetch` the next page is requested while the consumer handles the current one.
 *
 * Per item it costs one async-generator step and a cursor assignment: pages are not copied
 * (except to drop items on the last page or after a restart), and without `onStale:
 * 'restart'` nothing is kept per item, so memory does not grow with the walk.
 *
 * @example
 * const walk = createPageIterator({
 *   fetchPage: async ({ cursor, size }) => ({ items: rows.slice(cursor ?? 0, (cursor ?? 0) + size), nextCursor: (cursor ?? 0) + size, hasMore: (cursor ?? 0) + size < rows.length }),
 *   pageSize: () => 10,
 *   options: resolvePaginationOptions({ maxItems: 25 }),
 * })
 * for await (const row of walk) console.log(row, walk.cursor)
 */
export function createPageIterator<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
): PageIterable<TItem, WalkPage<TPage>, TCursor> {
  const { maxItems, signal } = config.options
  let latest: WalkState<TCursor> | undefined
  const start = <TOut>(
    cap: number,
    view: (pages: AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>,
  ) => {
    latest = { cursor: config.startCursor ?? null, delivered: 0 }
    return startWalk(config, cap, latest, view)
  }
  return {
    get cursor() {
      return latest ? latest.cursor : (config.startCursor ?? null)
    },
    [Symbol.asyncIterator]: () => start(maxItems, (pages, state) => yieldItems(pages, state, signal)),
    pages: () => start(maxItems, yieldPages),
    async toArray(options) {
      const alias = options?.maxItems === undefined && options?.limit !== undefined ? 'limit' : 'maxItems'
      const limit = readCount(`toArray({ ${alias} })`, resolveAlias({ ...options }, 'maxItems', 'limit'), NaN, { infinite: true })
      const items: TItem[] = []
      const walk = start(Math.min(limit, maxItems), (pages, state) => yieldItems(pages, state, signal))
      for await (const item of walk) items.push(item)
      return items
    },
  }
}

/**
 * Starts one walk. `return()` and `throw()` abort its requests in flight (the prefetched
 * one included) before closing it; every `ChainxError` it throws gets the walk's position.
 * The walk's own signal follows the caller's through one shared listener entry, removed on
 * every way out (end, break, throw, abort), so a long-lived caller's signal keeps nothing of
 * the walks it started.
 */
function startWalk<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>, TOut>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
  cap: number,
  state: WalkState<TCursor>,
  view: (pages: AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>,
): AsyncIterableIterator<TOut> {
  // `stop`: the consumer ended the walk; `own`: the walk's requests end (that, or the caller's signal).
  const stop = new AbortController()
  const own = new AbortController()
  const unfollow = followSignal(own, config.options.signal)
  const observer = config.onWalkStart?.()
  const inner = view(walkPages(config, cap, own.signal, stop.signal, observer), state)
  const end = (error?: unknown) => {
    unfollow()
    stop.abort()
    own.abort()
    observer?.end(error)
  }
  const stamp = (error: unknown): never => {
    end(error)
    if (error instanceof ChainxError) {
      error.delivered = state.delivered
      error.resumeCursor = state.cursor
    }
    throw error
  }
  return {
    next: () =>
      inner.next().then((result) => {
        if (result.done === true) {
          unfollow()
          observer?.end()
        }
        return result
      }, stamp),
    return(value?: unknown) {
      end()
      return inner.return(value as TOut)
    },
    throw(error?: unknown) {
      end(error)
      return inner.throw(error)
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}

async function* yieldItems<TItem, TCursor>(
  pages: AsyncGenerator<DeliveredPage<TCursor, FetchedPage<TItem, TCursor>>>,
  state: WalkState<TCursor>,
  signal: AbortSignal | undefined,
): AsyncGenerator<TItem> {
  for await (const [{ items, itemCursors }, endCursor] of pages) {
    const last = items.length - 1
    if (last < 0 && endCursor !== null) state.cursor = endCursor
    for (let index = 0; index <= last; index++) {
      throwIfAborted(signal)
      // The cursor covers the item before the consumer sees it: save it after handling the item.
      if (index === last && endCursor !== null) state.cursor = endCursor
      else if (itemCursors !== undefined) state.cursor = itemCursors[index] as TCursor
      state.delivered++
      yield items[index] as TItem
    }
  }
}

async function* yieldPages<TCursor, TPage extends FetchedPage<unknown, TCursor>>(
  pages: AsyncGenerator<DeliveredPage<TCursor, TPage>>,
  state: WalkState<TCursor>,
): AsyncGenerator<TPage> {
  for await (const [page, endCursor] of pages) {
    const own = page.itemCursors?.at(-1)
    state.cursor = endCursor ?? (own === undefined ? state.cursor : own)
    state.delivered += page.items.length
    yield page
  }
}

async function* walkPages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
  cap: number,
  signal: AbortSignal,
  stopped: AbortSignal,
  observer: WalkObserver | undefined,
): AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>> {
  const { fetchPage, options } = config
  const sameCursor = config.sameCursor ?? Object.is
  const { key } = options
  // Keys of delivered items, kept only when a restart may need to skip them.
  const seen = key ? new Set<ItemKey>() : undefined
  const started = performance.now()
  let pageSize: number | undefined
  let cursor: TCursor | null = config.startCursor ?? null
  let chainIndex = 0
  let fetched = 0
  let pageIndex = 0
  let restarts = 0
  let emptyRun = 0
  // The prefetched request for `cursor`, if any: settled, so an abandoned one never rejects unhandled.
  let ahead: Promise<Settled<TPage>> | undefined
  const request = (size: number): Promise<Settled<TPage>> => {
    const page = { cursor, size, signal, chainIndex }
    return (observer ? observer.run(() => fetchPage(page)) : fetchPage(page)).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    )
  }
  // After a restart, delivered items come back and are skipped: ask for full pages.
  const nextSize = (size: number) => (restarts > 0 ? size : Math.min(size, cap - fetched))

  while (fetched < cap && pageIndex < options.maxPages) {
    throwIfAborted(options.signal)
    let page: TPage
    try {
      pageSize ??= await config.pageSize(signal)
      const settled = await (ahead ?? request(nextSize(pageSize)))
      ahead = undefined
      if (!settled.ok) throw settled.error
      page = settled.value
    } catch (error) {
      if (stopped.aborted) return
      // A cursor the service dropped, or one no endpoint of its version is left to read.
      if (!(error instanceof StaleCursorError || (error as ChainxError | undefined)?.code === 'VERSION_CHANGED')) throw error
      if (!key || restarts >= options.maxRestarts) throw error
      restarts++
      options.onRestart?.({ delivered: fetched, reason: error as Error, restarts })
      cursor = null
      chainIndex = 0
      continue
    }
    if (stopped.aborted) return
    const { nextCursor, hasMore } = page
    // A page that claims more must move: a null cursor would restart the walk, the same cursor would loop it.
    // Its items are still delivered; the walk throws when asked for the page after it.
    const stuck = hasMore && (nextCursor === null || (cursor !== null && sameCursor(nextCursor, cursor)))
    const notAdvancing = () => new CursorNotAdvancingError({ cursor: nextCursor, delivered: fetched })
    if (stuck && page.items.length === 0) throw notAdvancing()
    emptyRun = page.items.length === 0 && hasMore ? emptyRun + 1 : 0
    if (emptyRun >= options.maxEmptyPages) throw new EmptyPagesError({ pages: emptyRun })
    const room = cap - fetched
    const kept = seen && key ? keepUnseen(page, seen, key, room) : keepFirst(page, room)
    fetched += kept.items.length
    options.onPage?.({ pages: pageIndex + 1, items: fetched, elapsedMs: performance.now() - started, restarts })
    const endCursor = kept.items.length === kept.total && !stuck ? nextCursor : null
    const resume = endCursor ?? kept.cursors?.at(-1) ?? cursor
    const walkPage = {
      ...page,
      items: kept.items,
      itemCursors: kept.cursors,
      cursor: resume,
      fromCursor: cursor,
      nextCursor,
      pageIndex,
      restarts,
    } as WalkPage<TPage>
    pageIndex++
    cursor = nextCursor
    chainIndex++
    const more = hasMore && fetched < cap && pageIndex < options.maxPages
    if (more && !stuck && options.prefetch) ahead = request(nextSize(pageSize))
    // The page's end moves the walk's cursor once its last delivered item is consumed, unless a limit cut it
    // or the end does not move (then the items' own cursors, if any, tell where the walk stands).
    yield [walkPage, endCursor]
    if (!more) return
    if (stuck) throw notAdvancing()
  }
}

interface KeptItems<TItem, TCursor> {
  items: TItem[]
  cursors: readonly TCursor[] | undefined
  /** Items the page delivers when nothing cuts it (after restart de-duplication). */
  total: number
}

function keepFirst<TItem, TCursor>(page: FetchedPage<TItem, TCursor>, room: number): KeptItems<TItem, TCursor> {
  const { items, itemCursors } = page
  if (items.length <= room) return { items, cursors: itemCursors, total: items.length }
  return { items: items.slice(0, room), cursors: itemCursors?.slice(0, room), total: items.length }
}

function keepUnseen<TItem, TCursor>(
  page: FetchedPage<TItem, TCursor>,
  seen: Set<ItemKey>,
  key: (item: TItem) => ItemKey,
  room: number,
): KeptItems<TItem, TCursor> {
  const items: TItem[] = []
  const cursors: TCursor[] | undefined = page.itemCursors ? [] : undefined
  let total = 0
  for (const [index, item] of page.items.entries()) {
    const id = key(item)
    if (seen.has(id)) continue
    total++
    if (items.length === room) continue
    seen.add(id)
    items.push(item)
    cursors?.push(page.itemCursors?.[index] as TCursor)
  }
  return { items, cursors, total }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason)
}
