import { createPageIterator } from '../pagination/createPageIterator.js'
import type { WalkObserver } from '../pagination/types.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import type { FetchedPage, PageIterable, WalkOptions, WalkPage } from '../pagination/types.js'
import { sameEventId } from './sameEventId.js'
import { resolveDirection, type DirectionInput } from '../pagination/walkOptions.js'
import type { ChainxEvent, EventId, EventQueryFilter, ParsedJsonParser, QueryEventsFn } from './types.js'

/**
 * Options of `iterateEvents`.
 *
 * @example
 * const options: IterateEventsOptions<Record<string, unknown>> = { filter: { Sender: alice }, direction: 'backward', maxItems: 100 }
 */
export interface IterateEventsOptions<TParsed> extends WalkOptions, DirectionInput {
  /** The query filter (spec 6.3): exactly one key. */
  filter: EventQueryFilter
  /**
   * Events per request; the service silently clamps it to its maximum.
   * @default the service's default page size: its maximum (50 unless its operator configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * Where to resume (exclusive, in the walk's order): an event id saved from `walk.cursor`
   * (the id of the last event yielded) or an error's `resumeCursor`.
   * @default null (from the beginning, or the newest when `direction: 'backward'`)
   */
  cursor?: EventId | null | undefined
  /**
   * Checks and types each event's `parsedJson`.
   * @default undefined
   */
  parse?: ParsedJsonParser<TParsed> | undefined
}

/**
 * A page of an event walk in the walk vocabulary: the events as `items`, `hasMore`, and
 * `cursor` (where to continue), plus the JSON-RPC page's own fields under their deprecated names.
 *
 * @example
 * for await (const page of client.events.iterate({ filter }).pages()) console.log(page.items.length, page.cursor)
 */
export type EventWalkPage<TParsed> = WalkPage<FetchedPage<ChainxEvent<TParsed>, EventId>> & {
  /**
   * The page's events as received.
   * @deprecated Use `items` (the events the walk delivers; equal unless `maxItems` cut the page).
   */
  data: ChainxEvent<TParsed>[]
  /**
   * Whether the service claims more.
   * @deprecated Use `hasMore`.
   */
  hasNextPage: boolean
}

/**
 * Walks `chainx_queryEvents` pages (spec 4.4) with the shared page machine
 * (`createPageIterator`: bounds, prefetch, resume, errors that say where the walk
 * stopped): follows `nextCursor` while `hasNextPage`, keeps the last cursor when a page is
 * empty (the service echoes the input cursor there, and a null would restart from the
 * beginning), and throws `CursorNotAdvancingError` when a page claims more but does not
 * move. Each event's id is its cursor, so `walk.cursor` is the id of the last event
 * yielded. JSON-RPC pages are not snapshots: events that land during the walk show up in
 * its later pages.
 *
 * @example
 * const walk = iterateEvents(queryEvents, { filter: { Sender: alice }, maxItems: 500 })
 * for await (const event of walk) await save(event, walk.cursor)
 */
export function iterateEvents<TParsed = unknown>(
  queryEvents: QueryEventsFn,
  options: IterateEventsOptions<TParsed>,
  onWalkStart?: (() => WalkObserver | undefined) | undefined,
): PageIterable<ChainxEvent<TParsed>, EventWalkPage<TParsed>, EventId> {
  const { filter, parse } = options
  const direction = resolveDirection(options)
  return createPageIterator({
    options: resolvePaginationOptions<ChainxEvent<TParsed>>(options),
    onWalkStart,
    startCursor: options.cursor ?? null,
    sameCursor: sameEventId,
    async fetchPage({ cursor, size, signal }) {
      const page = await queryEvents<TParsed>({ filter, cursor, pageSize: size, direction, parse, signal })
      return { ...page, items: page.data, itemCursors: page.data.map((event) => event.id), hasMore: page.hasNextPage }
    },
  })
}
