import type { EventId } from './types.js'

/**
 * Whether two event ids name the same event: the cursor equality of every event walk.
 *
 * @example
 * sameEventId({ txDigest: 'Eg3y', eventSeq: '1' }, { txDigest: 'Eg3y', eventSeq: '1' }) // true
 */
export function sameEventId(a: EventId, b: EventId): boolean {
  return a.txDigest === b.txDigest && a.eventSeq === b.eventSeq
}
