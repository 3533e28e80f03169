import type { ServicePageSizes } from './pageSizeRule.js'
import type { ResolvedPaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, WalkObserver } from './types.js'

/**
 * One request of a walk, as the adapter's `fetchPage` receives it.
 *
 * @example
 * const fetchPage = ({ cursor, size, signal }: PageRequest<string>) => graphql.query(doc, { first: size, after: cursor }, { signal })
 */
export interface PageRequest<TCursor> {
  /** Where to continue (exclusive); `null` starts from the beginning. Opaque: pass it on as received. */
  cursor: TCursor | null
  /**
   * Items to ask for (`requestSize`): the walk's page size, or fewer when `maxItems` needs
   * fewer; undefined when the walk leaves the page size to the service (send no size).
   */
  size: number | undefined
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
 *     const page = await client.events.query({ filter: { All: [] }, cursor, pageSize: size, signal })
 *     return { items: page.items, nextCursor: page.cursor, hasMore: page.hasMore }
 *   },
 *   options: resolvePaginationOptions({ pageSize: 50 }),
 * }
 */
export interface PageIteratorConfig<TItem, TCursor, TPage extends FetchedPage<TItem, TCursor>> {
  /** Fetches one page. Throw `StaleCursorError` when the service says the cursor is stale. */
  fetchPage: (request: PageRequest<TCursor>) => Promise<TPage>
  /** Validated options (`resolvePaginationOptions`), `pageSize` among them. */
  options: ResolvedPaginationOptions<TItem>
  /**
   * What the service says of its page sizes, read once per walk before its first request (a
   * GraphQL adapter reads `serviceConfig`). The walk's page size follows the one rule
   * (`walkPageSize`): the `pageSize` option, else the service's default, cut to its maximum.
   * @default undefined (the service says nothing: without `pageSize`, requests name no size)
   */
  servicePageSizes?: ((signal: AbortSignal) => ServicePageSizes | Promise<ServicePageSizes>) | undefined
  /**
   * What a misbehaving service does to the walk: a page that claims more without moving its
   * cursor (`CursorNotAdvancingError`) or `maxEmptyPages` empty pages claiming more
   * (`EmptyPagesError`). `'throw'`: the walk throws it (once the stuck page's items are
   * delivered). `'end'`: the walk ends there as if the service had no more, and the iterable's
   * `stall` holds the error it would have thrown (a poll that reads as far as the service goes).
   * @default 'throw'
   */
  onServiceStall?: 'throw' | 'end' | undefined
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
