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
 * `maxEvents`. Stops on an empty page or a cursor that does not advance, so a misbehaving
 * server cannot make it loop. Errors of `queryEvents` are thrown as they are.
 *
 * @example
 * const { read, stop } = await readMissedEvents({
 *   queryEvents: client.events.query, query: { Sender: '0xa' }, after: lastId, pageSize: 50, maxEvents: 10_000,
 *   isLive: (event) => held.has(eventKey(event)), onEvent: deliver, cancelled: () => false,
 * })
 */
export async function readMissedEvents(options: ReadMissedEventsOptions): Promise<ReadMissedEventsResult> {
  let cursor = options.after
  let read = 0
  for (;;) {
    const page = await options.queryEvents({ filter: options.query, cursor, limit: options.pageSize })
    if (options.cancelled()) return { read, stop: 'cancelled' }
    for (const event of page.data) {
      if (options.isLive(event)) return { read, stop: 'live' }
      read++
      options.onEvent(event)
    }
    const next = page.nextCursor ?? cursor
    if (!page.hasNextPage || page.data.length === 0 || sameId(next, cursor)) return { read, stop: 'end' }
    if (read >= options.maxEvents) return { read, stop: 'limit' }
    cursor = next
  }
}

function sameId(a: EventId | null, b: EventId | null): boolean {
  return a !== null && b !== null && a.txDigest === b.txDigest && a.eventSeq === b.eventSeq
}
