import { ChainxError } from '../errors/ChainxError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { checkKeys } from '../options/checkKeys.js'
import { readCount } from '../options/optionRules.js'
import { followSignal } from '../utils/followSignal.js'
import { throwIfAborted } from './throwIfAborted.js'
import type { FetchedPage, PageIterable, ServiceStallError, WalkPage } from './types.js'
import type { DeliveredPage, PageIteratorConfig, walkPages } from './walkPages.js'

export type { PageIteratorConfig, PageRequest, ServicePageSizes } from './walkPages.js'

/** Loads the walk (`walkPages`) with the chunk of the requests it makes, so an app that never walks never loads it. */
export type WalkLoader = () => Promise<typeof walkPages>

async function* lazyWalk<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  loadWalk: WalkLoader,
  ...run: Parameters<typeof walkPages<TItem, TCursor, TPage>>
): AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>> {
  yield* (await loadWalk())(...run)
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

type View<TCursor, TPage, TOut> = (pages: AsyncGenerator<DeliveredPage<TCursor, TPage>>, state: WalkState<TCursor>) => AsyncGenerator<TOut>

/**
 * The one page machine behind every walk (`paginate`, `iterate`, `watch`'s polls, the subscription
 * backfill): follows the cursor chain of the first page and bounds the walk whatever the service
 * sends (`maxItems`, `maxPages`, a stalled service, stale cursors). Every `ChainxError` out of a
 * walk carries `delivered` and `resumeCursor`. Pages are not copied unless cut.
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
    const inner = view(lazyWalk(loadWalk, config, cap, own.signal, stop.signal, observer, stalled), state)
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
