import { InvalidArgumentError, InvalidResponseError } from '../errors/request.js'
import { parseServiceVersion } from '../utils/serviceVersion.js'
import type { HttpResponse } from '../transport/types.js'
import type { JsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import { decodeOr } from '../utils/decode.js'
import { eventPageDecoder, isU64String } from './eventSchemas.js'
import { parseEventContent, readParser } from './parseEventContent.js'
import type { ChainxEvent, EventId, EventPage, QueryEventsFn, QueryEventsParameters } from './types.js'
import { validateEventQueryFilter } from './validateEventQueryFilter.js'
import { resolveAlias, resolveDirection } from '../pagination/walkOptions.js'

/**
 * The JSON-RPC method behind `query` (spec 4.4).
 *
 * @example
 * rpc.call(QUERY_EVENTS_METHOD, [{ All: [] }, null, 10, false])
 */
export const QUERY_EVENTS_METHOD = 'chainx_queryEvents'

/**
 * Creates `query`, the SDK's wrapper of `chainx_queryEvents` (spec 4.4, J17). It checks
 * the filter (`validateEventQueryFilter`), cursor, page size and direction before sending, then sends
 * `params: [filter, cursor ?? null, pageSize ?? null, direction === 'backward']` and validates
 * the page and every event at run time. `eventSeq` and `timestampMs` stay strings.
 *
 * Order: ascending (oldest first) unless `direction: 'backward'`, like the service
 * (`descending: true`, the deprecated spelling, still works). The
 * official TypeScript client differs: it sends descending when no order is given.
 *
 * Paging: the cursor is exclusive and bound to the filter and order that produced it;
 * `nextCursor` is the last event's id (the input cursor when the page is empty), so keep
 * it when a page is empty. `pageSize` (deprecated spelling `limit`) above the service's
 * maximum (50 by default) is silently clamped by the service, and pages may be shorter.
 *
 * `parse`: a schema (`.parse`) or a function applied to each event's `parsedJson`; the
 * first rejection fails the whole call with `EventContentError` (INVALID_RESPONSE, with
 * the event's id), so a page is never returned half-checked.
 *
 * @example
 * const query = createQueryEvents(createJsonRpcCaller({ url: rpcUrl, transport }))
 * const page = await query({ filter: { Sender: '0x2' }, pageSize: 20 })
 * const next = await query({ filter: { Sender: '0x2' }, pageSize: 20, cursor: page.nextCursor })
 */
export function createQueryEvents(caller: JsonRpcCaller): QueryEventsFn {
  return <TParsed = unknown>(parameters: QueryEventsParameters<TParsed>): Promise<EventPage<TParsed>> => {
    let params: unknown[]
    let parse: ((value: unknown, event: ChainxEvent<unknown>) => TParsed) | undefined
    try {
      parse = parameters.parse && readParser(parameters.parse)
      params = [
        validateEventQueryFilter(parameters.filter),
        readCursor(parameters.cursor),
        readPageSize(resolveAlias(parameters, 'pageSize', 'limit')),
        resolveDirection(parameters) === 'backward',
      ]
    } catch (error) {
      return Promise.reject(error)
    }
    return caller.call(QUERY_EVENTS_METHOD, params, {
      signal: parameters.signal,
      parseResult: (result, response) => readPage(result, response, parse),
    })
  }
}

function readPage<TParsed>(
  result: unknown,
  response: HttpResponse,
  parse: ((value: unknown, event: ChainxEvent<unknown>) => TParsed) | undefined,
): EventPage<TParsed> {
  const { data, nextCursor, hasNextPage } = decodeOr(
    eventPageDecoder,
    result,
    (failure) =>
      new InvalidResponseError({
        status: response.status,
        body: response.body,
        reason: `chainx_queryEvents result is not an event page: ${failure.describe('result')}`,
        version: parseServiceVersion(response.headers['x-chain-rpc-version']),
        cause: failure,
      }),
  )
  for (const event of data) {
    if (event.timestampMs === null) delete event.timestampMs
  }
  const events = data as ChainxEvent[]
  const items = parse ? parseEventContent(events, parse, response.status) : (events as unknown as ChainxEvent<TParsed>[])
  const cursor = nextCursor ?? null
  // The SDK's page shape, with the service's names beside it (the same values).
  return { items, hasMore: hasNextPage, cursor, data: items, nextCursor: cursor, hasNextPage }
}

function readCursor(cursor: EventId | null | undefined): EventId | null {
  if (cursor === undefined || cursor === null) return null
  const { txDigest, eventSeq } = (typeof cursor === 'object' ? cursor : {}) as { txDigest?: unknown; eventSeq?: unknown }
  const seq = typeof eventSeq === 'number' && Number.isSafeInteger(eventSeq) && eventSeq >= 0 ? String(eventSeq) : eventSeq
  if (typeof txDigest !== 'string' || txDigest === '' || !isU64String(seq)) {
    throw new InvalidArgumentError('cursor must be an event id { txDigest, eventSeq } from an earlier page, or null')
  }
  return { txDigest, eventSeq: seq }
}

function readPageSize(pageSize: number | null | undefined): number | null {
  if (pageSize === undefined || pageSize === null) return null
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new InvalidArgumentError(`pageSize must be a positive integer or null, got ${String(pageSize)}`)
  return pageSize
}
