import type { CursorNotAdvancingError, EmptyPagesError } from '../errors/pagination.js'

/**
 * What an adapter's `fetchPage` returns: the items of one page, already in the order
 * the walk yields them, and where the walk goes next.
 *
 * @example
 * const page: FetchedPage<string, string> = { items: ['a', 'b'], nextCursor: 'c2', hasMore: true }
 */
export interface FetchedPage<TItem, TCursor> {
  /** The page's items, in yield order. */
  items: TItem[]
  /**
   * Cursor to continue from (opaque). A page that claims more must give a new, non-null
   * cursor; otherwise the walk throws `CursorNotAdvancingError` rather than restart or loop.
   */
  nextCursor: TCursor | null
  /** Whether the service claims more items in the walk's direction. */
  hasMore: boolean
  /**
   * Each item's own cursor, parallel to `items`, when the page carries them (GraphQL
   * `edges { cursor }`, event ids): the walk's `cursor` then moves after every item, not
   * only when a page is fully consumed.
   */
  itemCursors?: readonly TCursor[] | undefined
}

/**
 * One page of a walk, as `.pages()` yields it, in the walk vocabulary's page shape
 * (`PageShape`: `items`, `hasMore`, `cursor`): the adapter's page with the items the walk
 * delivers (after `maxItems` and restart de-duplication), the cursor to continue from, the
 * cursor it was fetched with, and how many times the walk restarted so far.
 *
 * @example
 * for await (const page of client.paginate(EventsDocument, {}).pages()) save(page.items, page.cursor)
 */
export type WalkPage<TPage extends FetchedPage<unknown, unknown>> = Omit<TPage, 'nextCursor'> & {
  /**
   * Where to continue after this page (exclusive): pass it as the walk's `cursor` option. The
   * page's end cursor, or, when `maxItems` cut the page, the cursor of its last delivered item
   * (the cursor it was fetched with when items carry no cursor of their own). The same value
   * `walk.cursor` has once the page's last item is handled.
   */
  cursor: TPage['nextCursor']
  /** The cursor this page was fetched with; `null` for the first page of a walk (before 0.2 this was `cursor`). */
  fromCursor: TPage['nextCursor']
  /** 0-based position of the page in the walk (restarts keep counting). */
  pageIndex: number
  /** Fresh walks started after a stale cursor; above 0 means pages span more than one checkpoint. */
  restarts: number
}

/**
 * What `toArray` takes: `maxItems`, the most items to collect (required, so a walk over a
 * large set is a choice, not an accident; `Infinity` collects everything).
 *
 * @example
 * await walk.toArray({ maxItems: 100 })
 */
export interface ToArrayOptions {
  /** The most items to collect: a whole number >= 0, or `Infinity` (no limit). */
  maxItems: number
}

/**
 * One page of any read or walk in the SDK's vocabulary (`query`'s result, the base of what
 * `.pages()` yields): the items, whether the service claims more, and the cursor to pass back
 * as the `cursor` option to continue after this page.
 *
 * @example
 * const page: PageShape<string, string> = { items: ['a'], hasMore: true, cursor: 'c1' }
 */
export interface PageShape<TItem, TCursor> {
  /** The page's items, in the read's order. */
  items: TItem[]
  /** Whether the service claims more items in the read's direction. */
  hasMore: boolean
  /** Where to continue after this page (exclusive); pass it as the `cursor` option. */
  cursor: TCursor | null
}

/**
 * Progress reported to `onPage` after each page arrives, before its items are yielded.
 *
 * @example
 * onPage: ({ pages, items, elapsedMs }) => console.log(`${items} items in ${pages} pages, ${elapsedMs} ms`)
 */
export interface PageProgress {
  /** Pages fetched so far, this one included. */
  pages: number
  /** Items delivered so far, this page's included. */
  items: number
  /** Milliseconds since the walk started. */
  elapsedMs: number
  /** Restarts so far. */
  restarts: number
}

/**
 * Reported to `onRestart` when a walk with `onStale: 'restart'` starts over: the pages
 * that follow read a newer checkpoint, so the walk is no longer one consistent snapshot.
 *
 * @example
 * onRestart: ({ delivered, reason }) => console.warn(`restarted after ${delivered} items`, reason.message)
 */
export interface RestartInfo {
  /** Items delivered before the restart; they will not be delivered again. */
  delivered: number
  /** The stale-cursor error that caused the restart. */
  reason: Error
  /** Restarts so far, this one included. */
  restarts: number
}

/**
 * An auto-paging walk: an `AsyncIterable` of items that also walks page by page and
 * collects into an array. Each iteration (`for await`, `.pages()`, `.toArray()`) starts a
 * fresh walk. Concurrent `next()` calls on one iterator are served in order from one walk,
 * so no page is fetched twice and no item is lost; `break`, `return()` and the `signal`
 * option abort the request in flight.
 *
 * @example
 * const walk = client.paginate(EventsDocument, {}, { maxItems: 100 })
 * for await (const node of walk) console.log(node.type.repr)
 * const first10 = await walk.toArray({ maxItems: 10 })
 */
export interface PageIterable<TItem, TPage, TCursor = unknown> extends AsyncIterable<TItem> {
  /** Starts the walk: each item once, in order (one walk per iterator). */
  [Symbol.asyncIterator](): AsyncIterableIterator<TItem>
  /**
   * Where the walk most recently started from this iterable stands: the cursor after the
   * last item it yielded, to save and pass as the `cursor` option to resume (exclusive).
   * When pages carry a cursor per item (GraphQL documents that select `edges { cursor }`,
   * event walks) it moves with every item; otherwise (nodes-only documents) it moves to a
   * page's end cursor once the page's last item is yielded, so a walk resumed from it may
   * repeat the items of a page that was only partly consumed. Before any item: the
   * `cursor` option (or `null`).
   */
  readonly cursor: TCursor | null
  /** Walks page by page; `items` of each page are what the item iterator would yield. */
  pages(): AsyncIterableIterator<TPage>
  /**
   * Collects up to `maxItems` items (required, so a walk over a large set is a choice, not an
   * accident; `Infinity` collects everything).
   */
  toArray(options: ToArrayOptions): Promise<TItem[]>
}

/**
 * Options shared by every walk.
 *
 * @example
 * const options: WalkOptions = { pageSize: 50, maxItems: 1_000, signal: AbortSignal.timeout(30_000) }
 */
export interface WalkOptions {
  /**
   * Items per request: a positive integer, cut to the service's maximum. Without it a walk asks
   * for the service's default page size (the one rule of every walk, docs/vocabulary.md): a
   * GraphQL service's `defaultPageSize`; on JSON-RPC, whose requests then name no size, the
   * service's maximum (50 unless its operator configured otherwise). A walk capped by `maxItems`
   * asks for no more than remain.
   * @default the service's default page size
   */
  pageSize?: number | undefined
  /**
   * Stop after this many items; no request is made for items past it.
   * @default Infinity (no limit)
   */
  maxItems?: number | undefined
  /**
   * Aborts the walk: the request in flight is aborted and the iterator throws `AbortedError`.
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Called after each page arrives, before its items are yielded.
   * @default undefined
   */
  onPage?: ((progress: PageProgress) => void) | undefined
  /**
   * Stop after this many pages (requests that returned a page; restarts count). The walk
   * ends cleanly, like `maxItems`.
   * @default Infinity (no limit)
   */
  maxPages?: number | undefined
  /**
   * Consecutive empty pages that claim more after which the walk throws `EmptyPagesError`
   * (`EMPTY_PAGES`) instead of asking again: a broken service answering empty pages with
   * fresh cursors forever is caught after this many requests (well under a second on a
   * local network, a few seconds at 50 ms a page). Legitimate empty pages that claim more
   * are rare (a GraphQL filter under a `scanLimit`): raise it, or `Infinity` turns the
   * check off.
   * @default 100
   */
  maxEmptyPages?: number | undefined
  /**
   * Requests page k+1 while the consumer handles page k: at most one page ahead, never
   * past `maxItems` or a `toArray` limit, on the same cursor chain, through the same
   * transport (rate limit, retries), aborted on `break`, `return()` or the `signal`. A
   * consumer that spends as long on a page as the page takes to arrive walks about twice
   * as fast; one that does nothing walks as fast as without it. At most two pages are held.
   * @default true
   */
  prefetch?: boolean | undefined
}

/**
 * An item's identity for restart de-duplication: compared with `===` in a `Set`.
 *
 * @example
 * const key = (node: { digest: string }): ItemKey => node.digest
 */
export type ItemKey = string | number

/**
 * What a walk does when the service says its cursor is stale (spec 4.2 rule 6).
 *
 * @example
 * const options: StaleOptions<{ digest: string }> = { onStale: 'restart', key: (node) => node.digest }
 */
export interface StaleOptions<TItem> {
  /**
   * `'throw'`: throw `StaleCursorError` with `delivered` and `resumeCursor` (pass it back as
   * the walk's `cursor` once the cause is fixed, or start over without one). `'restart'`: start a
   * fresh walk without a cursor and skip items already delivered (by `key`); the walk then
   * spans more than one checkpoint, which `onRestart` and `restarts` report. With
   * `'restart'` the walk keeps one key per delivered item in a `Set`, so its memory grows
   * with the items delivered; with `'throw'` it keeps none.
   * @default 'throw'
   */
  onStale?: 'throw' | 'restart' | undefined
  /**
   * Identity of an item, for skipping delivered items after a restart. Only used with
   * `onStale: 'restart'`. Each adapter documents its default.
   * @default adapter-specific
   */
  key?: ((item: TItem) => ItemKey) | undefined
  /**
   * Restarts allowed before the stale-cursor error is thrown anyway.
   * @default 3
   */
  maxRestarts?: number | undefined
  /**
   * Called when the walk restarts.
   * @default undefined
   */
  onRestart?: ((info: RestartInfo) => void) | undefined
}

/**
 * Watches one walk (the transport's telemetry gives one: the walk's span): `run` runs each
 * page's request, `end` is called once the walk ends, with the error that ended it if any.
 *
 * @example
 * const observer: WalkObserver = { run: (fetch) => fetch(), end: (error) => console.log('walk over', error) }
 */
export interface WalkObserver {
  run<T>(fetch: () => Promise<T>): Promise<T>
  end(error?: unknown): void
}

/**
 * A service misbehaving in a way no walk can page past: a page that claims more without moving
 * its cursor, or a run of empty pages that claim more. Thrown by a walk, or held in `stall`
 * by the page machine's walks with `onServiceStall: 'end'` (`watch`, the subscription backfill).
 *
 * @example
 * const caughtUp = (stall: ServiceStallError) => stall.code === 'EMPTY_PAGES'
 */
export type ServiceStallError = CursorNotAdvancingError | EmptyPagesError
