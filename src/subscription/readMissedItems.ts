import { createPageIterator } from '../pagination/createPageIterator.js'
import { walkPages } from '../pagination/walkPages.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import type { SubscriptionKind } from './SubscriptionKind.js'

/** Options of `readMissedItems`. */
export interface ReadMissedItemsOptions<TItem, TCursor> {
  /** The item kind, whose `query` reads the missed items (see `planBackfill` for events). */
  kind: SubscriptionKind<TItem, TCursor> & { query: NonNullable<SubscriptionKind<TItem, TCursor>['query']> }
  /** Exclusive start: the last item already handled, or null for the first matching one. */
  after: TCursor | null
  /** Page size asked for (the service clamps it). */
  pageSize: number
  /** Stop after reading about this many items (whole pages). */
  maxItems: number
  /** True for the first item already in the live stream: reading stops there, before it. */
  isLive: (item: TItem) => boolean
  /** Each item before the live stream, in order. */
  onEvent: (item: TItem) => void
  /** Checked after each page: true stops at once. */
  cancelled: () => boolean
}

/** How `readMissedItems` ended. */
export type ReadMissedItemsResult = {
  /** Items passed to `onEvent`. */
  read: number
  /**
   * `'live'`: reached the live stream; `'end'`: no more events; `'limit'`: went over
   * `maxItems` with more to read; `'cancelled'`: `cancelled()` said so.
   */
  stop: 'live' | 'end' | 'limit' | 'cancelled'
}

/**
 * Reads the items a subscription missed, page by page in ascending order from an
 * exclusive cursor, until the live stream (`isLive`), the end of the chain, or
 * `maxItems`, on the shared page machine (`createPageIterator`). Stops on an empty page, and
 * a cursor that does not advance ends the walk (`onServiceStall: 'end'`), so a misbehaving
 * server cannot make it loop. Errors of the kind's query are thrown as they are.
 *
 * @example
 * const { read, stop } = await readMissedItems({
 *   kind, after: lastId, pageSize: 50, maxItems: 10_000,
 *   isLive: (event) => held.has(eventKey(event)), onEvent: deliver, cancelled: () => false,
 * })
 */
export async function readMissedItems<TItem, TCursor>(options: ReadMissedItemsOptions<TItem, TCursor>): Promise<ReadMissedItemsResult> {
  const { kind, pageSize } = options
  // In the JSON-RPC chunk already: the walk is at hand.
  const walk = createPageIterator(async () => walkPages, {
    // Without prefetch: nothing is read past the live stream, a cancellation or maxItems.
    options: resolvePaginationOptions<TItem>({ prefetch: false, pageSize }),
    // A cursor that does not move is as far as the service goes: the end of what was missed.
    onServiceStall: 'end',
    startCursor: options.after,
    sameCursor: (a, b) => kind.sameCursor(a, b),
    async fetchPage({ cursor, size, signal }) {
      const page = await kind.query({ cursor, pageSize: size ?? pageSize, signal })
      // No cursor means no move: the machine stops a page that claims more without one.
      return { items: page.items, nextCursor: page.cursor ?? cursor, hasMore: page.hasMore }
    },
  })
  let read = 0
  for await (const page of walk.pages()) {
    if (options.cancelled()) return { read, stop: 'cancelled' }
    for (const event of page.items) {
      if (options.isLive(event)) return { read, stop: 'live' }
      read++
      options.onEvent(event)
    }
    if (page.items.length === 0) break
    if (page.hasMore && read >= options.maxItems) return { read, stop: 'limit' }
  }
  return { read, stop: 'end' }
}
