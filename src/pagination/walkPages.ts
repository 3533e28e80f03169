import type { ChainxError } from '../errors/ChainxError.js'
import { throwIfAborted } from './throwIfAborted.js'
import { CursorNotAdvancingError, EmptyPagesError, StaleCursorError } from '../errors/pagination.js'
import type { PageIteratorConfig } from './pageIteratorConfig.js'
import { keepFirst, keepUnseen } from './keepItems.js'
import { requestSize, walkPageSize } from './pageSizeRule.js'
import type { ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, ItemKey, ServiceStallError, WalkObserver, WalkPage } from './types.js'

/**
 * A page as the walk hands it to a view, with the page's end cursor when every item it
 * delivers is delivered (not cut by a limit), else null.
 *
 * @example
 * for await (const [page, endCursor] of walkPages(run)) if (endCursor !== null) state.cursor = endCursor
 */
export type DeliveredPage<TCursor, TPage> = [page: TPage, endCursor: TCursor | null]

/**
 * What one started walk is given: the adapter's config, the most items it may deliver, its
 * own signal (aborted when it ends), whether the consumer stopped it, its observer, and where
 * a stall goes when `onServiceStall` is `'end'`.
 *
 * @example
 * const run: WalkRun<number, number, FetchedPage<number, number>> = { config, cap: 100, signal, stopped, observer: undefined, stalled: (stall) => void stall }
 */
export interface WalkRun<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>> {
  config: PageIteratorConfig<TItem, TCursor, TPage>
  cap: number
  signal: AbortSignal
  stopped: AbortSignal
  observer: WalkObserver | undefined
  stalled: (error: ServiceStallError) => void
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

/** Where one walk's cursor chain stands; each page moves it. */
interface Chain<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>> extends WalkRun<TItem, TCursor, TPage> {
  options: ResolvedPaginationOptions<TItem>
  /** Keys of delivered items, kept only when a restart may need to skip them. */
  seen: Set<ItemKey> | undefined
  started: number
  /** Set by the first page request (`walkPageSize`): undefined leaves it to the service. */
  pageSize: number | undefined
  sized: boolean
  cursor: TCursor | null
  chainIndex: number
  /** Items delivered. */
  fetched: number
  pageIndex: number
  restarts: number
  emptyRun: number
  /** The prefetched request for `cursor`, if any: settled, so an abandoned one never rejects unhandled. */
  ahead: Promise<Settled<TPage>> | undefined
}

/**
 * The walk itself: follows the cursor chain of its first page while the service claims more
 * and the walk has room (`maxItems`, `maxPages`), delivering each page once, restarting after
 * a stale cursor when allowed, and stopping a service that misbehaves (a cursor that does not
 * move, a run of empty pages): thrown, or with `onServiceStall: 'end'` the walk ends there.
 *
 * @example
 * for await (const [page] of walkPages({ config, cap: Infinity, signal, stopped, observer: undefined, stalled })) handle(page.items)
 */
export async function* walkPages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  run: WalkRun<TItem, TCursor, TPage>,
): AsyncGenerator<DeliveredPage<TCursor, WalkPage<TPage>>> {
  const chain = startChain(run)
  while (hasRoom(chain)) {
    throwIfAborted(chain.options.signal)
    const page = await nextPage(chain)
    if (run.stopped.aborted) return
    if (page === undefined) continue
    // A page that claims more must move: a null cursor would restart the walk, the same cursor would loop it.
    // Its items are still delivered; the walk stops when asked for the page after it.
    const stuck = isStuck(chain, page)
    const stall = stallOf(chain, page, stuck)
    if (stall) return endOnStall(chain, stall)
    const delivered = deliver(chain, page, stuck)
    const more = page.hasMore && hasRoom(chain)
    if (more && !stuck && chain.options.prefetch) chain.ahead = request(chain)
    yield delivered
    if (!more) return
    if (stuck) return endOnStall(chain, notAdvancing(chain, page.nextCursor))
  }
}

function startChain<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  run: WalkRun<TItem, TCursor, TPage>,
): Chain<TItem, TCursor, TPage> {
  const { options } = run.config
  return {
    ...run,
    options,
    seen: options.key ? new Set<ItemKey>() : undefined,
    started: performance.now(),
    pageSize: undefined,
    sized: false,
    cursor: run.config.startCursor ?? null,
    chainIndex: 0,
    fetched: 0,
    pageIndex: 0,
    restarts: 0,
    emptyRun: 0,
    ahead: undefined,
  }
}

function hasRoom<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(chain: Chain<TItem, TCursor, TPage>): boolean {
  return chain.fetched < chain.cap && chain.pageIndex < chain.options.maxPages
}

/** The next page of the chain (prefetched or requested now); undefined after a restart or once the consumer stopped. */
async function nextPage<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
): Promise<TPage | undefined> {
  try {
    if (!chain.sized) await sizePages(chain)
    const settled = await (chain.ahead ?? request(chain))
    chain.ahead = undefined
    if (!settled.ok) throw settled.error
    return settled.value
  } catch (error) {
    if (chain.stopped.aborted) return undefined
    restartOrThrow(chain, error)
    return undefined
  }
}

/** The walk's page size, once per walk: the one rule (`walkPageSize`) over what the adapter learns of the service. */
async function sizePages<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(chain: Chain<TItem, TCursor, TPage>): Promise<void> {
  const service = await chain.config.servicePageSizes?.(chain.signal)
  chain.pageSize = walkPageSize(chain.options.pageSize, service ?? {})
  chain.sized = true
}

/** Requests the page after the chain's cursor; after a restart, delivered items come back and are skipped: full pages. */
function request<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(chain: Chain<TItem, TCursor, TPage>): Promise<Settled<TPage>> {
  const remaining = chain.restarts > 0 ? Infinity : chain.cap - chain.fetched
  const page = { cursor: chain.cursor, size: requestSize(chain.pageSize, remaining), signal: chain.signal, chainIndex: chain.chainIndex }
  const { fetchPage } = chain.config
  return (chain.observer ? chain.observer.run(() => fetchPage(page)) : fetchPage(page)).then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  )
}

/** Starts the chain over without a cursor after a stale one (or one no endpoint of its version can read), or throws `error`. */
function restartOrThrow<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
  error: unknown,
): void {
  const stale = error instanceof StaleCursorError || (error as ChainxError | undefined)?.code === 'VERSION_CHANGED'
  if (!stale || !chain.options.key || chain.restarts >= chain.options.maxRestarts) throw error
  chain.restarts++
  chain.options.onRestart?.({ delivered: chain.fetched, reason: error as Error, restarts: chain.restarts })
  chain.cursor = null
  chain.chainIndex = 0
}

function isStuck<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(chain: Chain<TItem, TCursor, TPage>, page: TPage): boolean {
  const { nextCursor } = page
  const sameCursor = chain.config.sameCursor ?? Object.is
  return page.hasMore && (nextCursor === null || (chain.cursor !== null && sameCursor(nextCursor, chain.cursor)))
}

/** The stall a page shows before any of its items: a stuck empty page, or the last of `maxEmptyPages` empty pages claiming more. */
function stallOf<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
  page: TPage,
  stuck: boolean,
): ServiceStallError | undefined {
  const empty = page.items.length === 0
  if (stuck && empty) return notAdvancing(chain, page.nextCursor)
  chain.emptyRun = empty && page.hasMore ? chain.emptyRun + 1 : 0
  return chain.emptyRun >= chain.options.maxEmptyPages ? new EmptyPagesError({ pages: chain.emptyRun }) : undefined
}

function notAdvancing<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
  cursor: TCursor | null,
): CursorNotAdvancingError {
  return new CursorNotAdvancingError({ cursor, delivered: chain.fetched })
}

/** `onServiceStall: 'throw'` (the default) throws the stall; `'end'` hands it to the walk and ends it. */
function endOnStall<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
  stall: ServiceStallError,
): void {
  if (chain.config.onServiceStall !== 'end') throw stall
  chain.stalled(stall)
}

/** Keeps the page's items the walk delivers, reports progress, and moves the chain past the page. */
function deliver<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>>(
  chain: Chain<TItem, TCursor, TPage>,
  page: TPage,
  stuck: boolean,
): DeliveredPage<TCursor, WalkPage<TPage>> {
  const { seen, options } = chain
  const room = chain.cap - chain.fetched
  const kept = seen && options.key ? keepUnseen(page, seen, options.key, room) : keepFirst(page, room)
  chain.fetched += kept.items.length
  const { pageIndex, restarts } = chain
  options.onPage?.({ pages: pageIndex + 1, items: chain.fetched, elapsedMs: performance.now() - chain.started, restarts })
  // The page's end moves the walk's cursor once its last delivered item is consumed, unless a limit cut it
  // or the end does not move (then the items' own cursors, if any, tell where the walk stands).
  const endCursor = kept.items.length === kept.total && !stuck ? page.nextCursor : null
  const { nextCursor: _service, ...rest } = page
  const walkPage = {
    ...rest,
    items: kept.items,
    itemCursors: kept.cursors,
    cursor: endCursor ?? kept.cursors?.at(-1) ?? chain.cursor,
    fromCursor: chain.cursor,
    pageIndex,
    restarts,
  } as WalkPage<TPage>
  chain.pageIndex++
  chain.cursor = page.nextCursor
  chain.chainIndex++
  return [walkPage, endCursor]
}
