import { firstIndexWhere } from './sortedSearch.js'
import type { LedgerEvent } from './types.js'

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
 * The index of exactly this event object in `events` (ascending by position), or -1.
 *
 * @example
 * indexOfEvent(ledger.events, lastSeen) // -1 once it was pruned
 */
export function indexOfEvent(events: readonly LedgerEvent[], event: LedgerEvent): number {
  const index = firstIndexWhere(events, (item) => comparePositions(item, event) >= 0)
  return events[index] === event ? index : -1
}
