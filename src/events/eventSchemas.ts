import { array, boolean, jsonObject, literal, matching, nonEmptyString, nullable, object, optional, string } from '../utils/decode.js'

const u64String = matching(/^\d{1,20}$/, 'an unsigned integer string')

/**
 * An event ID (spec 2.1): `eventSeq` is a string holding an integer (spec 6.2).
 *
 * @example
 * eventIdDecoder({ txDigest: 'Eg3y…', eventSeq: '0' })
 */
export const eventIdDecoder = object({ txDigest: nonEmptyString, eventSeq: u64String })

/**
 * An event in JSON-RPC shape (spec 2.1). `eventSeq` and `timestampMs` stay strings;
 * `parsedJson` must be a JSON object; `timestampMs` may be absent or null (the service
 * leaves it out when unknown). Fields this decoder does not name are kept.
 *
 * @example
 * const event = chainxEventDecoder(json) // throws a DecodeFailure naming the bad field
 */
export const chainxEventDecoder = object({
  id: eventIdDecoder,
  packageId: string,
  transactionModule: string,
  sender: string,
  type: string,
  parsedJson: jsonObject,
  bcs: string,
  bcsEncoding: optional(literal('base64', 'base58')),
  timestampMs: optional(nullable(u64String)),
})

/**
 * The result of `chainx_queryEvents`: `data`, `nextCursor` (EventId or null), `hasNextPage`.
 *
 * @example
 * const page = eventPageDecoder(result)
 * console.log(page.hasNextPage)
 */
export const eventPageDecoder = object({
  data: array(chainxEventDecoder),
  nextCursor: optional(nullable(eventIdDecoder)),
  hasNextPage: boolean,
})
