import type { LedgerEvent } from '../ledger/types.js'

/**
 * Where an event sits in ledger order: transaction sequence number, then index in the
 * transaction. A `LedgerEvent` is one.
 *
 * @example
 * const position: EventPosition = { txSeq: transaction.txSeq, eventIndex: 0 }
 */
export interface EventPosition {
  txSeq: number
  eventIndex: number
}

/**
 * Orders two positions: negative when `a` comes first, positive when `b` does, 0 when equal.
 *
 * @example
 * comparePositions({ txSeq: 1, eventIndex: 2 }, { txSeq: 2, eventIndex: 0 }) // < 0
 */
export function comparePositions(a: EventPosition, b: EventPosition): number {
  return a.txSeq === b.txSeq ? a.eventIndex - b.eventIndex : a.txSeq - b.txSeq
}

/**
 * The first index in `list[from, to)` where the monotone `predicate` holds (false…false,
 * true…true), or `to` when it never holds. Binary search: O(log n).
 *
 * @example
 * firstIndexWhere(events, 0, events.length, (event) => comparePositions(event, cursor) > 0)
 */
export function firstIndexWhere<T>(list: readonly T[], from: number, to: number, predicate: (item: T) => boolean): number {
  let low = from
  let high = to
  while (low < high) {
    const middle = (low + high) >>> 1
    if (predicate(list[middle] as T)) high = middle
    else low = middle + 1
  }
  return low
}

/**
 * The index of exactly this event object in `events` (ascending by position), or -1.
 *
 * @example
 * indexOfEvent(ledger.events, lastSeen) // -1 once it was pruned
 */
export function indexOfEvent(events: readonly LedgerEvent[], event: LedgerEvent): number {
  const index = firstIndexWhere(events, 0, events.length, (item) => comparePositions(item, event) >= 0)
  return events[index] === event ? index : -1
}
