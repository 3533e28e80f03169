import { abortError } from '../errors/abortError.js'
import { ChainxError } from '../errors/ChainxError.js'
import { CursorNotAdvancingError, EmptyPagesError, StaleCursorError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import { checkKeys } from '../options/checkKeys.js'
import { readCount } from '../options/optionRules.js'
import { followSignal } from '../utils/followSignal.js'
import type { ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, ItemKey, PageIterable, ServiceStallError, WalkObserver, WalkPage } from './types.js'

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

/** A walk of the page machine: a `PageIterable`, and the stall that ended its latest walk with `onServiceStall: 'end'`. */
export interface PageWalk<TItem, TPage, TCursor> extends PageIterable<TItem, TPage, TCursor> {
  readonly stall: ServiceStallError | undefined
}

/** Where one started walk stands; read by `PageIterable.cursor` and stamped on its errors. */
interface WalkState<TCursor> {
  cursor: TCursor | null
  delivered: number
  stall: ServiceStallError | undefined
}

/** A page as the walk hands it to a view, with its end cursor when every item it delivers is delivered (no limit cut it), else null. */
type DeliveredPage<TCursor, TPage> = [page: TPage, endCursor: TCursor | null]

type View<TCursor, TPage, TOut> = (pages: AsyncGenerator<DeliveredPage<TCursor, TPage>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/**
 * The one page machine behind every walk (`paginate`, `iterate`, `watch`'s polls, the subscription
 * backfill): follows the cursor chain of the first page and bounds the walk whatever the service
 * sends (`maxItems`, `maxPages`, a stalled service, stale cursors). Every `ChainxError` out of a
 * walk carries `delivered` and `resumeCursor`. Pages are not copied unless cut.
 *
 * @example
 * const walk = createPageIterator({
 *   fetchPage: async ({ cursor, size }) => ({ items: rows.slice(cursor ?? 0, (cursor ?? 0) + size), nextCursor: (cursor ?? 0) + size, hasMore: (cursor ?? 0) + size < rows.length }),
 *   options: resolvePaginationOptions({ pageSize: 10, maxItems: 25 }),
 * })
 * for await (const row of walk) console.log(row, walk.cursor)
 */
export function createPageIterator<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  config: PageIteratorConfig<TItem, TCursor, TPage>,
): PageWalk<TItem, WalkPage<TPage>, TCursor> {
  const { maxItems, signal } = config.options
  let latest: WalkState<TCursor> | undefined
  // Starts one walk. `return()` and `throw()` abort its requests in flight (the prefetched one included) before
  // closing it. Its signal follows the caller's through one listener, removed on every way out.
  const start = <TOut>(cap: number, view: View<TCursor, WalkPage<TPage>, TOut>): AsyncIterableIterator<TOut> => {
    const state: WalkState<TCursor> = { cursor: config.startCursor ?? null, delivered: 0, stall: undefined }
    latest = state
    // `stop`: the consumer ended the walk; `own`: the walk's requests end (that, or the caller's signal).
    const stop = new AbortController()
    const own = new AbortController()
    const unfollow = followSignal(own, signal)
    const observer = config.onWalkStart?.()
    // A ChainxError leaves the walk as a copy with where the walk stopped; the one thrown inside is never changed.
    const positioned = <T>(error: T): T =>
      error instanceof ChainxError
        ? (Object.create(Object.getPrototypeOf(error) as object, {
            ...Object.getOwnPropertyDescriptors(error),
            delivered: { value: state.delivered, enumerable: true, writable: true, configurable: true },
            resumeCursor: { value: state.cursor, enumerable: true, writable: true, configurable: true },
          }) as T)
        : error
    const stalled = (error: ServiceStallError) => {
      state.stall = positioned(error)
    }
    const inner = view(walkPages(config, cap, own.signal, stop.signal, observer, stalled), state)
    const end = (error?: unknown) => {
      unfollow()
      stop.abort()
      own.abort()
      observer?.end(error)
    }
    return {
      next: () =>
        inner.next().then(
          (result) => {
            if (result.done === true) {
              unfollow()
              observer?.end()
            }
            return result
          },
          (error: unknown) => {
            end(error)
            throw positioned(error)
          },
        ),
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
  const items: View<TCursor, WalkPage<TPage>, TItem> = (pages, state) => yieldItems(pages, state, signal)
  return {
    get cursor() {
      return latest ? latest.cursor : (config.startCursor ?? null)
    },
    get stall() {
      return latest?.stall
    },
    [Symbol.asyncIterator]: () => start(maxItems, items),
    pages: () => start(maxItems, yieldPages),
    async toArray(options) {
      if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('toArray takes { maxItems }')
      checkKeys('toArray', options, ['maxItems'])
      const limit = readCount('toArray({ maxItems })', options.maxItems, NaN, { infinite: true })
      const collected: TItem[] = []
      for await (const item of start(Math.min(limit, maxItems), items)) collected.push(item)
      return collected
    },
  }
}

/** What the views read of a delivered page. */
type ViewPage<TItem, TCursor> = { items: TItem[]; itemCursors?: readonly TCursor[] | undefined }

async function* yieldItems<TItem, TCursor>(
  pages: AsyncGenerator<DeliveredPage<TCursor, ViewPage<TItem, TCursor>>>,
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

async function* yieldPages<TCursor, TPage extends ViewPage<unknown, TCursor>>(
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

/** The walk itself: each page of the chain once while the service claims more and the walk has room. */
async function* walkPages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
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

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason)
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
