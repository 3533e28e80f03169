import { ChainxError } from '../errors/ChainxError.js'
import { followSignal } from '../utils/followSignal.js'
import { readCount } from '../options/optionRules.js'
import { checkKeys } from '../options/checkKeys.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { FetchedPage, PageIterable, ServiceStallError, WalkPage } from './types.js'
import { throwIfAborted } from './throwIfAborted.js'
import type { DeliveredPage, walkPages, WalkRun } from './walkPages.js'
import type { PageIteratorConfig } from './pageIteratorConfig.js'

export type { PageIteratorConfig, PageRequest } from './pageIteratorConfig.js'

/**
 * Loads the walk itself (`walkPages`), which comes with the chunk of the requests it makes (the GraphQL checks, the JSON-RPC
 * chunk), so an app that never walks never loads it.
 */
export type WalkLoader = () => Promise<typeof walkPages>

async function* lazyWalk<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  loadWalk: WalkLoader,
  run: WalkRun<TItem, TCursor, TPage>,
): AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>> {
  yield* (await loadWalk())(run)
}

/**
 * A walk of the page machine: the public `PageIterable`, plus why the most recent walk ended
 * when `onServiceStall` is `'end'`.
 *
 * @example
 * const walk = createPageIterator(loadWalk, { ...config, onServiceStall: 'end' })
 * for await (const page of walk.pages()) handle(page.items)
 * if (walk.stall?.code === 'CURSOR_NOT_ADVANCING') reportStuckCursor(walk.stall)
 */
export interface PageWalk<TItem, TPage, TCursor> extends PageIterable<TItem, TPage, TCursor> {
  /**
   * The stall that ended the walk most recently started from this iterable (with
   * `onServiceStall: 'end'`), with `delivered` and `resumeCursor` like a thrown error;
   * undefined when it ended otherwise or has not ended.
   */
  readonly stall: ServiceStallError | undefined
}

/** Where one started walk stands; read by `PageIterable.cursor` and stamped on its errors. */
interface WalkState<TCursor> {
  cursor: TCursor | null
  delivered: number
  stall: ServiceStallError | undefined
}

/**
 * The one auto-paging machine behind every walk: GraphQL connections (`paginate`), JSON-RPC
 * pages of every resource's `iterate`, `watch`'s polls and the subscription backfill. It knows no
 * wire and no API: an adapter fetches pages, the machine follows the cursor chain of its
 * first page (so a consistent service serves every page from one snapshot) and bounds the
 * walk whatever the service sends:
 * - it stops at `maxItems`, a `toArray` limit or `maxPages` without fetching past them;
 * - a page that claims more but repeats its cursor (or gives none) throws `CursorNotAdvancingError`
 *   once its items are delivered, when the walk would fetch the next page;
 * - `maxEmptyPages` empty pages in a row that claim more throw `EmptyPagesError`;
 * - with `onServiceStall: 'end'` those two end the walk instead, and `stall` tells which;
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
 * const walk = createPageIterator(async () => walkPages, {
 *   fetchPage: async ({ cursor, size }) => ({ items: rows.slice(cursor ?? 0, (cursor ?? 0) + size), nextCursor: (cursor ?? 0) + size, hasMore: (cursor ?? 0) + size < rows.length }),
 *   options: resolvePaginationOptions({ pageSize: 10, maxItems: 25 }),
 * })
 * for await (const row of walk) console.log(row, walk.cursor)
 */
export function createPageIterator<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  loadWalk: WalkLoader,
  config: PageIteratorConfig<TItem, TCursor, TPage>,
): PageWalk<TItem, WalkPage<TPage>, TCursor> {
  const { maxItems, signal } = config.options
  let latest: WalkState<TCursor> | undefined
  const start = <TOut>(
    cap: number,
    view: (pages: AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>,
  ) => {
    latest = { cursor: config.startCursor ?? null, delivered: 0, stall: undefined }
    return startWalk(config, loadWalk, cap, latest, view)
  }
  return {
    get cursor() {
      return latest ? latest.cursor : (config.startCursor ?? null)
    },
    get stall() {
      return latest?.stall
    },
    [Symbol.asyncIterator]: () => start(maxItems, (pages, state) => yieldItems(pages, state, signal)),
    pages: () => start(maxItems, yieldPages),
    async toArray(options) {
      if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('toArray takes { maxItems }')
      checkKeys('toArray', options, ['maxItems'])
      const limit = readCount('toArray({ maxItems })', options.maxItems, NaN, { infinite: true })
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
  loadWalk: WalkLoader,
  cap: number,
  state: WalkState<TCursor>,
  view: (pages: AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>,
): AsyncIterableIterator<TOut> {
  // `stop`: the consumer ended the walk; `own`: the walk's requests end (that, or the caller's signal).
  const stop = new AbortController()
  const own = new AbortController()
  const unfollow = followSignal(own, config.options.signal)
  const observer = config.onWalkStart?.()
  // A ChainxError leaves the walk as a copy built with where the walk stopped; the one thrown inside is never changed.
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
  const pages = lazyWalk(loadWalk, { config, cap, signal: own.signal, stopped: stop.signal, observer, stalled })
  const inner = view(pages, state)
  const end = (error?: unknown) => {
    unfollow()
    stop.abort()
    own.abort()
    observer?.end(error)
  }
  const stamp = (error: unknown): never => {
    end(error)
    throw positioned(error)
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
