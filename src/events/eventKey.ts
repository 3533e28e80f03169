import type { ChainxEvent, EventId } from './types.js'

/**
 * The identity of an event as one string, `<txDigest>:<eventSeq>`: equal for the same
 * event whichever query, page or subscription delivered it. Use it to de-duplicate.
 *
 * @example
 * const seen = new Set<string>()
 * if (!seen.has(eventKey(event))) seen.add(eventKey(event))
 * eventKey({ txDigest: 'Eg3y…', eventSeq: '1' }) // 'Eg3y…:1'
 */
export function eventKey(event: ChainxEvent<unknown> | EventId): string {
  const id = 'txDigest' in event ? event : event.id
  return `${id.txDigest}:${id.eventSeq}`
}
