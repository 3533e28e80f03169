import { InvalidArgumentError } from '../errors/request.js'
import type { ChainxEvent } from './types.js'

/**
 * The time of an event as a `Date`, read from its `timestampMs` string (spec 2.1).
 * Throws INVALID_ARGUMENT when the event has no timestamp.
 *
 * @example
 * eventTimestamp(event).toISOString() // '2026-05-20T10:00:00.000Z'
 */
export function eventTimestamp(event: ChainxEvent<unknown>): Date {
  const text = event.timestampMs
  if (text === undefined || text === null || !/^\d+$/.test(text)) {
    throw new InvalidArgumentError(`Event ${event.id.txDigest}:${event.id.eventSeq} has no timestampMs`)
  }
  return new Date(Number(text))
}
