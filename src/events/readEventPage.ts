import type { PageShape } from '../pagination/types.js'
import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { HttpResponse } from '../transport/types.js'
import { eventPageDecoder } from './eventSchemas.js'
import { parseEventContent } from './parseEventContent.js'
import type { ChainxEvent, EventId } from './types.js'

/**
 * Reads one `chainx_queryEvents` result into a page (`{ items, hasMore, cursor }`), every event
 * checked by the decoders, then `parse` (the checked `parse` option) applied to each event's
 * `parsedJson`: the first rejection fails the whole page with `EventContentError`, so a page is
 * never returned half-checked. `eventSeq` and `timestampMs` stay strings.
 *
 * @example
 * const page = readEventPage(result, response, undefined)
 * page.items[0]?.id // { txDigest, eventSeq }
 */
export function readEventPage(result: unknown, response: HttpResponse, parse: unknown): PageShape<ChainxEvent, EventId> {
  const { data, nextCursor, hasNextPage } = decodeResult(
    eventPageDecoder,
    result,
    response,
    'chainx_queryEvents result is not an event page',
  )
  for (const event of data) {
    if (event.timestampMs === null) delete event.timestampMs
  }
  const events = data as ChainxEvent[]
  const items = parse
    ? (parseEventContent(events, parse as (value: unknown, event: ChainxEvent<unknown>) => unknown, response.status) as ChainxEvent[])
    : events
  return { items, hasMore: hasNextPage, cursor: nextCursor ?? null }
}
