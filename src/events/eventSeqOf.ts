import type { ChainxEvent, EventId } from './types.js'

/**
 * The sequence number of an event inside its transaction, as a `bigint` (the service
 * sends it as a string, spec 6.2).
 *
 * @example
 * eventSeqOf(event) // 0n
 * eventSeqOf({ txDigest: 'Eg3y…', eventSeq: '3' }) // 3n
 */
export function eventSeqOf(event: ChainxEvent<unknown> | EventId): bigint {
  const id = 'txDigest' in event ? event : event.id
  return BigInt(id.eventSeq)
}
