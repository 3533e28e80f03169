import { array, boolean, check, fastPath, literal, nonEmptyString, nullable, object, optional, string } from '../utils/decode.js'
import { isRecord } from '../utils/isRecord.js'

/**
 * Whether `value` is a string of 1 to 20 decimal digits, the form of a u64 on the wire (spec 6.2).
 *
 * @example
 * isU64String('1735689600250') // true
 * isU64String('-1') // false
 */
export function isU64String(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 20) return false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

const u64String = check(isU64String, 'an unsigned integer string')
/** Any JSON value, `null` included, but there: the real schema requires the field and allows every value. */
const present = check((value): value is unknown => value !== undefined, 'a JSON value')

// Hand-written tests of the hot shapes: a page of 50 events passes them several times faster
// than the decoders built of combinators, which run only on a value the tests refuse, to name
// what is wrong. Each test accepts exactly what its decoder accepts
// (test/events/eventSchemas.test.ts holds them to it). Fields are read directly: a parsed
// body's objects inherit none of these names.

/**
 * Whether `value` is an event ID, exactly as `eventIdDecoder` accepts.
 *
 * @example
 * isEventId({ txDigest: 'Eg3y…', eventSeq: '0' }) // true
 */
export function isEventId(value: unknown): boolean {
  return isRecord(value) && typeof value.txDigest === 'string' && value.txDigest !== '' && isU64String(value.eventSeq)
}

/**
 * Whether `value` is an event in JSON-RPC shape, exactly as `chainxEventDecoder` accepts.
 *
 * @example
 * if (!isChainxEvent(json)) chainxEventDecoder(json) // throws, naming the bad field
 */
export function isChainxEvent(value: unknown): boolean {
  if (!isRecord(value)) return false
  const { bcsEncoding, timestampMs } = value
  return (
    isEventId(value.id) &&
    typeof value.packageId === 'string' &&
    typeof value.transactionModule === 'string' &&
    typeof value.sender === 'string' &&
    typeof value.type === 'string' &&
    value.parsedJson !== undefined &&
    typeof value.bcs === 'string' &&
    (bcsEncoding === undefined || bcsEncoding === 'base64' || bcsEncoding === 'base58') &&
    (timestampMs === undefined || timestampMs === null || isU64String(timestampMs))
  )
}

/**
 * Whether `value` is a `chainx_queryEvents` result, exactly as `eventPageDecoder` accepts.
 *
 * @example
 * isEventPage({ data: [], nextCursor: null, hasNextPage: false }) // true
 */
export function isEventPage(value: unknown): boolean {
  if (!isRecord(value) || typeof value.hasNextPage !== 'boolean') return false
  const { data, nextCursor } = value
  if (!Array.isArray(data) || !(nextCursor === undefined || nextCursor === null || isEventId(nextCursor))) return false
  for (let i = 0; i < data.length; i++) if (!isChainxEvent(data[i])) return false
  return true
}

const eventId = object({ txDigest: nonEmptyString, eventSeq: u64String })
const chainxEvent = object({
  id: eventId,
  packageId: string,
  transactionModule: string,
  sender: string,
  type: string,
  parsedJson: present,
  bcs: string,
  bcsEncoding: optional(literal('base64', 'base58')),
  timestampMs: optional(nullable(u64String)),
})
const eventPage = object({
  data: array(chainxEvent),
  nextCursor: optional(nullable(eventId)),
  hasNextPage: boolean,
})

/**
 * The decoders of combinators behind the tests above, on their own (the tests of this module
 * compare the two).
 *
 * @example
 * eventShapeDecoders.page({ data: [], hasNextPage: 'no' }) // throws DecodeFailure at hasNextPage
 */
export const eventShapeDecoders = { eventId, event: chainxEvent, page: eventPage }

/**
 * An event ID (spec 2.1): `eventSeq` is a string holding an integer (spec 6.2).
 *
 * @example
 * eventIdDecoder({ txDigest: 'Eg3y…', eventSeq: '0' })
 */
export const eventIdDecoder = eventId

/**
 * An event in JSON-RPC shape (spec 2.1). `eventSeq` and `timestampMs` stay strings;
 * `parsedJson` may be any JSON value (the real schema allows every one: an object, a string,
 * an array, null) but must be there; `timestampMs` may be absent or null (the service
 * leaves it out when unknown). Fields this decoder does not name are kept.
 *
 * @example
 * const event = chainxEventDecoder(json) // throws a DecodeFailure naming the bad field
 */
export const chainxEventDecoder = fastPath(isChainxEvent, chainxEvent)

/**
 * The result of `chainx_queryEvents`: `data`, `nextCursor` (EventId or null), `hasNextPage`.
 *
 * @example
 * const page = eventPageDecoder(result)
 * console.log(page.hasNextPage)
 */
export const eventPageDecoder = fastPath(isEventPage, eventPage)
