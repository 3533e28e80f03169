import type { CursorNotAdvancingError, EmptyPagesError } from '../errors/pagination.js'

/**
 * What an adapter's `fetchPage` returns: one page's items, in yield order, and where the walk goes next.
 *
 * @example
 * const page: FetchedPage<string, string> = { items: ['a', 'b'], nextCursor: 'c2', hasMore: true }
 */
export interface FetchedPage<TItem, TCursor> {
  items: TItem[]
  /** Cursor to continue from (opaque); a page that claims more must move it, else the walk throws `CursorNotAdvancingError`. */
  nextCursor: TCursor | null
  /** Whether the service claims more items in the walk's direction. */
  hasMore: boolean
  /** Each item's own cursor, parallel to `items` (GraphQL `edges { cursor }`, event ids): the walk's `cursor` then moves per item. */
  itemCursors?: readonly TCursor[] | undefined
}

/**
 * One page of a walk, as `.pages()` yields it (`items`, `hasMore`, `cursor` as `PageShape`): the
 * items the walk delivers (after `maxItems` and restart de-duplication), and where it stands.
 *
 * @example
 * for await (const page of client.paginate(EventsDocument, {}).pages()) save(page.items, page.cursor)
 */
export type WalkPage<TPage extends FetchedPage<unknown, unknown>> = Omit<TPage, 'nextCursor'> & {
  /**
   * Where to continue after this page (exclusive), as `walk.cursor` once its last item is handled:
   * its end cursor, or when `maxItems` cut it, its last delivered item's (else the one it was fetched with).
   */
  cursor: TPage['nextCursor']
  /** The cursor this page was fetched with; `null` for a walk's first page. */
  fromCursor: TPage['nextCursor']
  /** 0-based position of the page in the walk (restarts keep counting). */
  pageIndex: number
  /** Fresh walks started after a stale cursor; above 0 means pages span more than one checkpoint. */
  restarts: number
}

/**
 * What `toArray` takes: `maxItems`, required so that collecting a large set is a choice (`Infinity`: everything).
 *
 * @example
 * await walk.toArray({ maxItems: 100 })
 */
export interface ToArrayOptions {
  /** The most items to collect: a whole number >= 0, or `Infinity` (no limit). */
  maxItems: number
}

/**
 * One page of any read or walk (`query`'s result, the base of what `.pages()` yields).
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
 * Reported to `onRestart` when a walk with `onStale: 'restart'` starts over: the pages that
 * follow read a newer checkpoint.
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
 * An auto-paging walk: items, pages or an array. Each iteration (`for await`, `.pages()`,
 * `.toArray()`) starts a fresh walk; `break`, `return()` and the `signal` option abort the
 * request in flight.
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
   * Where the latest walk stands (the `cursor` option before any item): the cursor to resume after the last item
   * it yielded; at each page's end when pages carry no item cursors (a resume may then repeat a partly consumed page).
   */
  readonly cursor: TCursor | null
  /** Walks page by page; `items` of each page are what the item iterator would yield. */
  pages(): AsyncIterableIterator<TPage>
  /** Collects up to `maxItems` items (required; `Infinity` collects everything). */
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
   * Items per request, cut to the service's maximum (docs/vocabulary.md: GraphQL's
   * `defaultPageSize`; on JSON-RPC the service's maximum, 50 unless configured otherwise).
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
   * Stop after this many pages (restarts count), cleanly like `maxItems`.
   * @default Infinity (no limit)
   */
  maxPages?: number | undefined
  /**
   * Consecutive empty pages claiming more after which the walk throws `EmptyPagesError` (a broken
   * service answering empty pages forever). Legitimate ones are rare (a GraphQL filter under a
   * `scanLimit`): raise it, or `Infinity` turns the check off.
   * @default 100
   */
  maxEmptyPages?: number | undefined
  /**
   * Requests page k+1 while the consumer handles page k: one page ahead at most, never past
   * `maxItems`, aborted with the walk.
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
   * `'throw'`: throw `StaleCursorError` with `delivered` and `resumeCursor`. `'restart'`: start
   * over without a cursor, skipping delivered items by `key` (one key kept per item); the walk then
   * spans more than one checkpoint (`onRestart`, `restarts`).
   * @default 'throw'
   */
  onStale?: 'throw' | 'restart' | undefined
  /**
   * Identity of an item, for skipping delivered items after a restart (`onStale: 'restart'`).
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

/** Watches one walk (telemetry's walk span): `run` runs each page's request, `end` hears the walk end (with its error). */
export interface WalkObserver {
  run<T>(fetch: () => Promise<T>): Promise<T>
  end(error?: unknown): void
}

/** A service no walk can page past: a cursor that does not move, or a run of empty pages claiming more. */
export type ServiceStallError = CursorNotAdvancingError | EmptyPagesError
