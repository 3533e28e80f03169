import { array, boolean, check, fastPath, literal, nonEmptyString, nullable, object, optional, string } from '../utils/decode.js'
import { isRecord } from '../utils/isRecord.js'
import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { PageShape } from '../pagination/types.js'
import type { HttpResponse } from '../transport/types.js'
import { parseEventContent, type EventParser } from './parseEventContent.js'
import type { ChainxEvent, EventId } from './types.js'

/** Whether `value` is a string of 1 to 20 decimal digits, the form of a u64 on the wire (spec 6.2). */
export function isU64String(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 20) return false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 48 || code > 57) return false
  }
  return true
}

export const u64String = check(isU64String, 'an unsigned integer string')
/** Any JSON value, `null` included, but there: the real schema requires the field. */
const present = check((value): value is unknown => value !== undefined, 'a JSON value')

// Hand-written tests of the hot shapes: a page of 50 events passes them several times faster
// than the combinator decoders, which run only on a value the tests refuse, to name what is
// wrong. Each accepts exactly what its decoder accepts (test/events/eventSchemas.test.ts).

export function isEventId(value: unknown): boolean {
  return isRecord(value) && typeof value.txDigest === 'string' && value.txDigest !== '' && isU64String(value.eventSeq)
}

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

/** The combinator decoders behind the tests above, on their own (the tests compare the two). */
export const eventShapeDecoders = { eventId, event: chainxEvent, page: eventPage }

/** An event in JSON-RPC shape (spec 2.1); fields not named here are kept. */
export const chainxEventDecoder = fastPath(isChainxEvent, chainxEvent)

/** The result of `chainx_queryEvents`: `data`, `nextCursor` (EventId or null), `hasNextPage`. */
export const eventPageDecoder = fastPath(isEventPage, eventPage)

/**
 * Reads one `chainx_queryEvents` result into a page (`{ items, hasMore, cursor }`), then applies
 * `parse` (the checked option): the first rejection fails the page with `EventContentError`.
 */
export function readEventPage(result: unknown, response: HttpResponse, parse: unknown): PageShape<ChainxEvent, EventId> {
  const { data, nextCursor, hasNextPage } = decodeResult(
    eventPageDecoder,
    result,
    response,
    'chainx_queryEvents result is not an event page',
  )
  for (const event of data) if (event.timestampMs === null) delete event.timestampMs
  const events = data as ChainxEvent[]
  const items = parse ? (parseEventContent(events, parse as EventParser<unknown>, response.status) as ChainxEvent[]) : events
  return { items, hasMore: hasNextPage, cursor: nextCursor ?? null }
}
