import type {
  ChainxEvent,
  EventId,
  EventPage,
  EventQueryFilter,
  ParsedJsonParser,
  QueryEventsFn,
} from '../events/types.js'
import { eventKey } from '../events/eventKey.js'
import { createPageIterator } from './createPageIterator.js'
import { resolvePaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, PageIterable, WalkOptions, WalkPage } from './types.js'

// The service's maximum page of `chainx_queryEvents` by default (jsonrpc-anchor 2.1); it clamps larger limits.
const DEFAULT_EVENT_PAGE_SIZE = 50

/**
 * Options of `iterateEvents`.
 *
 * @example
 * const options: IterateEventsOptions<Record<string, unknown>> = { filter: { Sender: alice }, descending: true, maxItems: 100 }
 */
export interface IterateEventsOptions<TParsed> extends WalkOptions {
  /** The query filter (spec 6.3): exactly one key. */
  filter: EventQueryFilter
  /**
   * Newest first (params[3]).
   * @default false
   */
  descending?: boolean | undefined
  /**
   * Events per request; the service silently clamps it to its maximum.
   * @default 50
   */
  pageSize?: number | undefined
  /**
   * Start after this event (exclusive), e.g. the last one a previous walk delivered.
   * @default null (from the beginning, or the newest when descending)
   */
  cursor?: EventId | null | undefined
  /**
   * Checks and types each event's `parsedJson`.
   * @default undefined
   */
  parse?: ParsedJsonParser<TParsed> | undefined
}

/**
 * A page of an event walk: the events as `items`, plus the page's own `data`, `nextCursor` and `hasNextPage`.
 *
 * @example
 * for await (const page of iterateEvents(queryEvents, { filter }).pages()) console.log(page.items.length, page.nextCursor)
 */
export type EventWalkPage<TParsed> = WalkPage<FetchedPage<ChainxEvent<TParsed>, EventId> & EventPage<TParsed>>

/**
 * Walks `chainx_queryEvents` pages (spec 4.4) with the same machine as `paginate`:
 * follows `nextCursor` while `hasNextPage`, keeps the last cursor when a page is empty
 * (the service echoes the input cursor there, and a null would restart from the
 * beginning), and throws `CursorNotAdvancingError` when a page claims more but does not
 * move. JSON-RPC pages are not snapshots: events that land during the walk show up in
 * its later pages.
 *
 * @example
 * const walk = iterateEvents(queryEvents, { filter: { Sender: alice }, maxItems: 500 })
 * for await (const event of walk) console.log(event.id.txDigest, event.type)
 */
export function iterateEvents<TParsed = Record<string, unknown>>(
  queryEvents: QueryEventsFn,
  options: IterateEventsOptions<TParsed>,
): PageIterable<ChainxEvent<TParsed>, EventWalkPage<TParsed>> {
  const { filter, descending, parse } = options
  const resolved = resolvePaginationOptions<ChainxEvent<TParsed>>(options)
  const pageSize = resolved.pageSize ?? DEFAULT_EVENT_PAGE_SIZE
  return createPageIterator({
    options: resolved,
    pageSize: () => pageSize,
    startCursor: options.cursor ?? null,
    sameCursor: (a, b) => eventKey(a) === eventKey(b),
    async fetchPage({ cursor, size, signal }) {
      const page = await queryEvents<TParsed>({ filter, cursor, limit: size, descending, parse, signal })
      return { ...page, items: page.data, hasMore: page.hasNextPage }
    },
  })
}
