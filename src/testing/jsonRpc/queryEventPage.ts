import type { LedgerEvent, LedgerReader } from '../ledger/types.js'
import type { EventFilter } from './EventFilter.js'
import { JSON_RPC_CODES, JsonRpcFault } from './JsonRpcFault.js'
import { EventIndex, type EventSlice } from '../ledger/EventIndex.js'
import { firstIndexWhere } from '../ledger/sortedSearch.js'
import { comparePositions, type EventPosition } from '../ledger/eventOrder.js'
import { eventTimestampMs } from '../ledger/eventKeys.js'
import { matchEventFilter } from './matchEventFilter.js'
import { toRpcEvent, type RpcEvent } from './toRpcEvent.js'

/**
 * An event ID as the wire carries it: the paging cursor of `chainx_queryEvents`.
 *
 * @example
 * const cursor: EventId = { txDigest: 'Eg3yn…', eventSeq: '0' }
 */
export interface EventId {
  txDigest: string
  eventSeq: string
}

/**
 * What one `chainx_queryEvents` call asks for, after its params were validated.
 *
 * @example
 * const request: EventPageRequest = { filter: { kind: 'all' }, cursor: null, limit: 50, descending: false }
 */
export interface EventPageRequest {
  filter: EventFilter
  /** Exclusive cursor, or null to start at the oldest (or newest, when descending) event. */
  cursor: EventId | null
  /** Page size, already clamped to 1..max. */
  limit: number
  descending: boolean
}

/**
 * The `chainx_queryEvents` result (the real service's `Page_for_Event_and_EventID`).
 *
 * @example
 * const { data, nextCursor, hasNextPage }: EventPage = queryEventPage(ledger, request)
 */
export interface EventPage {
  data: RpcEvent[]
  /** ID of the last event on the page; the input cursor (maybe null) when the page is empty. */
  nextCursor: EventId | null
  hasNextPage: boolean
}

/**
 * Reads one page of events, as the real service does: events in (txSeq, eventIndex)
 * order, oldest first unless `descending`; the cursor is exclusive in both directions;
 * `hasNextPage` tells whether more events follow; `nextCursor` is the last event's ID or,
 * on an empty page, the input cursor echoed back (so a client can keep polling with it).
 *
 * A cursor whose transaction the ledger does not know is a -32602 error ("Could not find
 * the referenced transaction ..."). Single-key filters and `All` cost O(log n + limit)
 * through `EventIndex`; `TimeRange` too while timestamps are ordered (else a scan).
 *
 * @example
 * queryEventPage(ledger, { filter: { kind: 'all' }, cursor: null, limit: 50, descending: false })
 * // { data: [...50 events], nextCursor: { txDigest, eventSeq }, hasNextPage: true }
 */
export function queryEventPage(ledger: LedgerReader, request: EventPageRequest): EventPage {
  const { cursor, limit, descending } = request
  const position = cursor === null ? undefined : cursorPosition(ledger, cursor)
  const { list, from, to } = candidateEvents(ledger, request.filter)
  const page: LedgerEvent[] = []
  let hasNextPage: boolean
  if (descending) {
    const end = position === undefined ? to : firstIndexWhere(list, (event) => comparePositions(event, position) >= 0, from, to)
    const stop = Math.max(from, end - limit)
    for (let index = end - 1; index >= stop; index--) page.push(list[index] as LedgerEvent)
    hasNextPage = stop > from
  } else {
    const start = position === undefined ? from : firstIndexWhere(list, (event) => comparePositions(event, position) > 0, from, to)
    const stop = Math.min(to, start + limit)
    for (let index = start; index < stop; index++) page.push(list[index] as LedgerEvent)
    hasNextPage = stop < to
  }
  const data = page.map(toRpcEvent)
  const last = data.at(-1)
  return { data, nextCursor: last === undefined ? cursor : last.id, hasNextPage }
}

function cursorPosition(ledger: LedgerReader, cursor: EventId): EventPosition {
  const transaction = ledger.findTransaction(cursor.txDigest)
  if (transaction === undefined) {
    throw new JsonRpcFault(
      JSON_RPC_CODES.invalidParams,
      `Could not find the referenced transaction [TransactionDigest(${cursor.txDigest})].`,
    )
  }
  return { txSeq: transaction.txSeq, eventIndex: Number(cursor.eventSeq) }
}

function candidateEvents(ledger: LedgerReader, filter: EventFilter): EventSlice {
  const events = ledger.events
  if (filter.kind === 'all') return { list: events, from: 0, to: events.length }
  const index = EventIndex.of(ledger)
  if (filter.kind === 'key') return index.eventsWithKey(filter.field, filter.key)
  if (filter.kind === 'timeRange' && index.timestampsAreOrdered()) {
    const { startMs, endMs, endInclusive } = filter
    const from = firstIndexWhere(events, (event) => (eventTimestampMs(event) ?? 0) >= startMs)
    const to = firstIndexWhere(
      events,
      (event) => {
        const timestamp = eventTimestampMs(event) ?? 0
        return endInclusive ? timestamp > endMs : timestamp >= endMs
      },
      from,
    )
    return { list: events, from, to }
  }
  const list = events.filter((event) => matchEventFilter(filter, event))
  return { list, from: 0, to: list.length }
}
