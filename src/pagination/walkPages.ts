import type { ChainxError } from '../errors/ChainxError.js'
import { CursorNotAdvancingError, EmptyPagesError, StaleCursorError } from '../errors/pagination.js'
import type { ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import { throwIfAborted } from './throwIfAborted.js'
import type { FetchedPage, ItemKey, ServiceStallError, WalkObserver, WalkPage } from './types.js'

/** One request of a walk, as the adapter's `fetchPage` receives it. */
export interface PageRequest<TCursor> {
  /** Where to continue (exclusive); `null` starts from the beginning. Opaque: pass it on as received. */
  cursor: TCursor | null
  /** Items to ask for (`requestSize`); undefined leaves the size to the service (send none). */
  size: number | undefined
  /** Aborted by the caller's `signal`, `break` or `return()`; pass it to the request. */
  signal: AbortSignal
  /** 0 for a walk's first request and after a restart (the cursor did not come from a page of this walk), then 1, 2, … */
  chainIndex: number
}

/** What a service says of its page sizes: GraphQL in `serviceConfig`; JSON-RPC says neither. */
export interface ServicePageSizes {
  /** Items a request that names no size gets. */
  defaultPageSize?: number | undefined
  /** The most items a request may ask for. */
  maxPageSize?: number | undefined
}

/** How an adapter plugs one page shape into the page machine. */
export interface PageIteratorConfig<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>> {
  /** Fetches one page. Throw `StaleCursorError` when the service says the cursor is stale. */
  fetchPage: (request: PageRequest<TCursor>) => Promise<TPage>
  /** Validated options (`resolvePaginationOptions`). */
  options: ResolvedPaginationOptions<TItem>
  /** What the service says of its page sizes, read once per walk before its first request. */
  servicePageSizes?: ((signal: AbortSignal) => ServicePageSizes | Promise<ServicePageSizes>) | undefined
  /**
   * A stalled service (a cursor that does not move, `maxEmptyPages` empty pages): `'throw'` (the default) throws once the
   * stuck page's items are delivered; `'end'` ends the walk as if the service had no more, `stall` holding the error.
   */
  onServiceStall?: 'throw' | 'end' | undefined
  /** Where the first request starts (exclusive): the walk's `cursor` option. */
  startCursor?: TCursor | null | undefined
  /** Cursor equality (default `Object.is`), the only thing the walk does with cursors besides passing them on. */
  sameCursor?: ((a: TCursor, b: TCursor) => boolean) | undefined
  /** Called as each walk starts: the observer it returns runs the walk's requests and hears when it ends. */
  onWalkStart?: (() => WalkObserver | undefined) | undefined
}

/** A page as the walk hands it to a view, with its end cursor when every item it delivers is delivered (no limit cut it), else null. */
export type DeliveredPage<TCursor, TPage> = [page: TPage, endCursor: TCursor | null]

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/** The walk itself: each page of the chain once while the service claims more and the walk has room. */
export async function* walkPages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
  cap: number,
  signal: AbortSignal,
  stopped: AbortSignal,
  observer: WalkObserver | undefined,
  stalled: (error: ServiceStallError) => void,
): AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>> {
  const { options, fetchPage } = config
  const { key } = options
  const sameCursor = config.sameCursor ?? Object.is
  // Keys of delivered items, kept only when a restart may need to skip them (`key` is set only with `onStale: 'restart'`).
  const seen = new Set<ItemKey>()
  const started = performance.now()
  let pageSize: number | undefined
  let sized = false
  let cursor: TCursor | null = config.startCursor ?? null
  let chainIndex = 0
  let delivered = 0
  let pageIndex = 0
  let restarts = 0
  let emptyRun = 0
  // The prefetched request for `cursor`, if any: settled, so an abandoned one never rejects unhandled.
  let ahead: Promise<Settled<TPage>> | undefined

  const hasRoom = () => delivered < cap && pageIndex < options.maxPages
  // After a restart delivered items come back and are skipped: full pages.
  const request = (): Promise<Settled<TPage>> => {
    const page = { cursor, size: requestSize(pageSize, restarts > 0 ? Infinity : cap - delivered), signal, chainIndex }
    return (observer ? observer.run(() => fetchPage(page)) : fetchPage(page)).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    )
  }
  // The next page (prefetched or requested now); undefined after a restart or once the consumer stopped.
  const nextPage = async (): Promise<TPage | undefined> => {
    try {
      if (!sized) {
        pageSize = walkPageSize(options.pageSize, (await config.servicePageSizes?.(signal)) ?? {})
        sized = true
      }
      const settled = await (ahead ?? request())
      ahead = undefined
      if (!settled.ok) throw settled.error
      return settled.value
    } catch (error) {
      if (!stopped.aborted) restartOrThrow(error)
      return undefined
    }
  }
  // A stale cursor (or one no endpoint of its version can read) starts the chain over without a cursor when allowed.
  const restartOrThrow = (error: unknown): void => {
    const stale = error instanceof StaleCursorError || (error as ChainxError | undefined)?.code === 'VERSION_CHANGED'
    if (!stale || !key || restarts >= options.maxRestarts) throw error
    restarts++
    options.onRestart?.({ delivered, reason: error as Error, restarts })
    cursor = null
    chainIndex = 0
  }
  const notAdvancing = (at: TCursor | null) => new CursorNotAdvancingError({ cursor: at, delivered })
  const endOnStall = (stall: ServiceStallError): void => {
    if (config.onServiceStall !== 'end') throw stall
    stalled(stall)
  }
  // The first `room` items of the page (the page's own array when all fit) or, with `key`, those not delivered yet.
  const keep = (page: TPage, room: number): { items: TItem[]; cursors: readonly TCursor[] | undefined; total: number } => {
    const { items, itemCursors } = page
    if (!key) {
      if (items.length <= room) return { items, cursors: itemCursors, total: items.length }
      return { items: items.slice(0, room), cursors: itemCursors?.slice(0, room), total: items.length }
    }
    const kept = { items: [] as TItem[], cursors: itemCursors ? ([] as TCursor[]) : undefined, total: 0 }
    for (const [index, item] of items.entries()) {
      const id = key(item)
      if (seen.has(id)) continue
      kept.total++
      if (kept.items.length === room) continue
      seen.add(id)
      kept.items.push(item)
      kept.cursors?.push(itemCursors?.[index] as TCursor)
    }
    return kept
  }

  while (hasRoom()) {
    throwIfAborted(options.signal)
    const page = await nextPage()
    if (stopped.aborted) return
    if (page === undefined) continue
    const { nextCursor, hasMore, items } = page
    // A page that claims more must move: a null cursor would restart the walk, the same cursor would loop it.
    // Its items are still delivered; the walk stops when asked for the page after it.
    const stuck = hasMore && (nextCursor === null || (cursor !== null && sameCursor(nextCursor, cursor)))
    emptyRun = items.length === 0 && hasMore ? emptyRun + 1 : 0
    if (stuck && items.length === 0) return endOnStall(notAdvancing(nextCursor))
    if (emptyRun >= options.maxEmptyPages) return endOnStall(new EmptyPagesError({ pages: emptyRun }))
    const kept = keep(page, cap - delivered)
    delivered += kept.items.length
    options.onPage?.({ pages: pageIndex + 1, items: delivered, elapsedMs: performance.now() - started, restarts })
    // The page's end moves the walk's cursor once its last delivered item is consumed, unless a limit cut it
    // or the end does not move (then the items' own cursors, if any, tell where the walk stands).
    const endCursor = kept.items.length === kept.total && !stuck ? nextCursor : null
    const { nextCursor: _service, ...rest } = page
    const walkPage = {
      ...rest,
      items: kept.items,
      itemCursors: kept.cursors,
      cursor: endCursor ?? kept.cursors?.at(-1) ?? cursor,
      fromCursor: cursor,
      pageIndex,
      restarts,
    } as WalkPage<TPage>
    pageIndex++
    cursor = nextCursor
    chainIndex++
    const more = hasMore && hasRoom()
    if (more && !stuck && options.prefetch) ahead = request()
    yield [walkPage, endCursor]
    if (!more) return
    if (stuck) return endOnStall(notAdvancing(nextCursor))
  }
}

/**
 * The one page-size rule of every walk: the caller's `pageSize`, else the service's default,
 * cut to the service's maximum when it says one; `undefined` leaves the size to the service (a
 * JSON-RPC request then names no `limit` and gets the service's maximum, 50 unless configured).
 */
export function walkPageSize(requested: number | undefined, service: ServicePageSizes): number | undefined {
  const size = requested ?? service.defaultPageSize
  return size === undefined || service.maxPageSize === undefined ? size : Math.min(size, service.maxPageSize)
}

/**
 * Items one request asks for: the page size, or only what remains under a limit; without a page
 * size a capped walk asks for what remains (the service cuts it), an uncapped one names none.
 */
export function requestSize(pageSize: number | undefined, remaining: number): number | undefined {
  if (pageSize !== undefined) return Math.min(pageSize, remaining)
  return Number.isSafeInteger(remaining) ? remaining : undefined
}
