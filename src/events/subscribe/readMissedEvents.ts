import { CursorNotAdvancingError } from '../../errors/pagination.js'
import { createPageIterator } from '../../pagination/createPageIterator.js'
import { resolvePaginationOptions } from '../../pagination/resolvePaginationOptions.js'
import { sameEventId } from '../sameEventId.js'
import type { ChainxEvent, EventId, EventQueryFilter, QueryEventsFn } from '../types.js'

/** Options of `readMissedEvents`. */
export interface ReadMissedEventsOptions {
  /** Reads one page (`client.events.query`). */
  queryEvents: QueryEventsFn
  /** The query that selects the missed events (see `planBackfill`). */
  query: EventQueryFilter
  /** Exclusive start: the last event already handled, or null for the first matching event. */
  after: EventId | null
  /** Page size asked for (the service clamps it). */
  pageSize: number
  /** Stop after reading about this many events (whole pages). */
  maxEvents: number
  /** True for the first event already in the live stream: reading stops there, before it. */
  isLive: (event: ChainxEvent) => boolean
  /** Each event before the live stream, in order. */
  onEvent: (event: ChainxEvent) => void
  /** Checked after each page: true stops at once. */
  cancelled: () => boolean
}

/** How `readMissedEvents` ended. */
export type ReadMissedEventsResult = {
  /** Events passed to `onEvent`. */
  read: number
  /**
   * `'live'`: reached the live stream; `'end'`: no more events; `'limit'`: went over
   * `maxEvents` with more to read; `'cancelled'`: `cancelled()` said so.
   */
  stop: 'live' | 'end' | 'limit' | 'cancelled'
}

/**
 * Reads the events a subscription missed, page by page in ascending order from an
 * exclusive cursor, until the live stream (`isLive`), the end of the chain, or
 * `maxEvents`, on the shared page machine (`createPageIterator`). Stops on an empty page or
 * a cursor that does not advance, so a misbehaving server cannot make it loop. Errors of
 * `queryEvents` are thrown as they are.
 *
 * @example
 * const { read, stop } = await readMissedEvents({
 *   queryEvents: client.events.query, query: { Sender: '0xa' }, after: lastId, pageSize: 50, maxEvents: 10_000,
 *   isLive: (event) => held.has(eventKey(event)), onEvent: deliver, cancelled: () => false,
 * })
 */
export async function readMissedEvents(options: ReadMissedEventsOptions): Promise<ReadMissedEventsResult> {
  const { queryEvents, query, pageSize } = options
  const walk = createPageIterator({
    // Without prefetch: nothing is read past the live stream, a cancellation or maxEvents.
    options: resolvePaginationOptions({ prefetch: false }),
    pageSize: () => pageSize,
    startCursor: options.after,
    sameCursor: sameEventId,
    async fetchPage({ cursor, signal }) {
      const page = await queryEvents({ filter: query, cursor, pageSize, signal })
      // No cursor means no move: the machine stops a page that claims more without one.
      return { items: page.data, nextCursor: page.nextCursor ?? cursor, hasMore: page.hasNextPage }
    },
  })
  let read = 0
  try {
    for await (const page of walk.pages()) {
      if (options.cancelled()) return { read, stop: 'cancelled' }
      for (const event of page.items) {
        if (options.isLive(event)) return { read, stop: 'live' }
        read++
        options.onEvent(event)
      }
      if (page.items.length === 0) break
      if (page.hasMore && read >= options.maxEvents) return { read, stop: 'limit' }
    }
  } catch (error) {
    if (!(error instanceof CursorNotAdvancingError)) throw error
  }
  return { read, stop: 'end' }
}
