import { InvalidArgumentError } from '../errors/request.js'
import type { ChainxEvent, EventId } from './types.js'

const idOf = (event: ChainxEvent<unknown> | EventId): EventId => ('txDigest' in event ? event : event.id)

/**
 * The identity of an event as one string, `<txDigest>:<eventSeq>`: equal for the same event
 * whichever query, page or subscription delivered it. Use it to de-duplicate.
 *
 * @example
 * eventKey({ txDigest: 'Eg3y…', eventSeq: '1' }) // 'Eg3y…:1'
 */
export function eventKey(event: ChainxEvent<unknown> | EventId): string {
  const id = idOf(event)
  return `${id.txDigest}:${id.eventSeq}`
}

/**
 * The sequence number of an event inside its transaction, as a `bigint` (the service sends a string, spec 6.2).
 *
 * @example
 * eventSeqOf({ txDigest: 'Eg3y…', eventSeq: '3' }) // 3n
 */
export function eventSeqOf(event: ChainxEvent<unknown> | EventId): bigint {
  return BigInt(idOf(event).eventSeq)
}

/** Whether two event ids name the same event: the cursor equality of every event walk. */
export function sameEventId(a: EventId, b: EventId): boolean {
  return a.txDigest === b.txDigest && a.eventSeq === b.eventSeq
}

/** An event's `timestampMs` as a number, when it is an integer string. */
export function timestampOf(event: ChainxEvent<unknown> | undefined): number | undefined {
  const text = event?.timestampMs
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined
}

/**
 * The time of an event as a `Date`, read from its `timestampMs` string (spec 2.1).
 * @throws INVALID_ARGUMENT when the event has no timestamp.
 *
 * @example
 * eventTimestamp(event).toISOString() // '2026-05-20T10:00:00.000Z'
 */
export function eventTimestamp(event: ChainxEvent<unknown>): Date {
  const millis = timestampOf(event)
  if (millis === undefined) throw new InvalidArgumentError(`Event ${eventKey(event)} has no timestampMs`)
  return new Date(millis)
}
