import { InvalidArgumentError } from '../errors/request.js'
import { eventKey, sameEventId } from '../events/eventId.js'
import { readParser } from '../events/parseEventContent.js'
import type { ParseTypeNameOptions } from '../events/parseTypeName.js'
import { validateSubscriptionFilter } from '../events/subscribe/validateSubscriptionFilter.js'
import type { ChainxEvent, EventId, EventQueryFilter, EventSubscriptionFilter, ParsedJsonParser } from '../events/types.js'
import { validateEventQueryFilter } from '../events/validateEventQueryFilter.js'
import type { PageIterable, PageShape, WalkPage, FetchedPage } from '../pagination/types.js'
import type { Unsubscribe } from '../subscription/types.js'
import type { Watcher } from '../subscription/watchLoop.js'
import type {
  ResourceDescriptor,
  ResourceIterateOptions,
  ResourceQueryOptions,
  ResourceWatchOptions,
  SubscribeCallbacks,
  WatchPlan,
} from './types.js'

interface ParseOption<TParsed> {
  /**
   * Checks and types each event's `parsedJson` (a schema, a function, a generated Move `registry`);
   * a rejection fails the page with `EventContentError` (INVALID_RESPONSE), and ends a `watch`.
   * @default undefined (parsedJson as received)
   */
  parse?: ParsedJsonParser<TParsed> | undefined
}

/**
 * Parameters of `client.events.query`: one page of `chainx_queryEvents` (spec 4.4).
 *
 * @example
 * const parameters: QueryEventsParameters = { filter: { Sender: '0x2' }, pageSize: 20, direction: 'backward' }
 */
export type QueryEventsParameters<TParsed = unknown> = ResourceQueryOptions<EventQueryFilter, EventId> & ParseOption<TParsed>

/**
 * One page of `chainx_queryEvents`; `cursor` (the id of its last event) reads the next page.
 *
 * @example
 * const { items, hasMore, cursor } = await client.events.query({ filter: { All: [] } })
 */
export type EventPage<TParsed = unknown> = PageShape<ChainxEvent<TParsed>, EventId>

/**
 * Options of `client.events.iterate`.
 *
 * @example
 * const options: IterateEventsOptions = { filter: { Sender: alice }, direction: 'backward', maxItems: 100 }
 */
export type IterateEventsOptions<TParsed = unknown> = ResourceIterateOptions<EventQueryFilter, EventId, ChainxEvent<TParsed>> &
  ParseOption<TParsed>

/**
 * A page of an event walk, as `.pages()` yields it.
 *
 * @example
 * for await (const page of client.events.iterate({ filter }).pages()) console.log(page.items.length, page.cursor)
 */
export type EventWalkPage<TParsed = unknown> = WalkPage<FetchedPage<ChainxEvent<TParsed>, EventId>>

/**
 * Options of `client.events.watch`.
 *
 * @example
 * const options: WatchEventsOptions = { filter: { MoveEventModule: { package: '0x2', module: 'market' } }, cursor: 'latest', intervalMs: 2_000 }
 */
export type WatchEventsOptions<TParsed = unknown> = ResourceWatchOptions<EventQueryFilter, EventId> & ParseOption<TParsed>

/**
 * An endless stream of events; `cursor` is the id of the last event yielded.
 *
 * @example
 * const watcher: EventWatcher = client.events.watch({ filter: { Sender: '0x2' } })
 */
export type EventWatcher<TParsed = unknown> = Watcher<ChainxEvent<TParsed>, EventId>

/**
 * Parameters of `client.events.subscribe`.
 *
 * @example
 * const parameters: SubscribeParameters = { filter: { Sender: '0x2' }, onEvent: (event) => console.log(event.id) }
 */
export interface SubscribeParameters<TParsed = unknown> extends SubscribeCallbacks<EventId>, ParseOption<TParsed> {
  /** A subscription filter of spec 6.4 (see `subscriptionFilter` for builders). Checked at the call. */
  filter: EventSubscriptionFilter
  /** Called once per event, in order; a returned promise is not awaited, a throw or rejection goes to `onError`. */
  onEvent: (event: ChainxEvent<TParsed>) => void | Promise<void>
}

/**
 * `client.events`: `query` reads one page of `chainx_queryEvents`, `iterate` walks every page,
 * `watch` follows new events by polling, the deprecated `subscribe` listens on the client's WebSocket.
 *
 * @example
 * for await (const event of client.events.watch({ filter: { Sender: '0x2' }, cursor })) console.log(event.id)
 */
export interface EventsClient {
  /**
   * One page of `chainx_queryEvents` (spec 4.4); the cursor is exclusive and bound to the filter and direction.
   *
   * @example
   * const next = await client.events.query({ filter: { Sender: '0x2' }, pageSize: 20, cursor: page.cursor })
   */
  query<TParsed = unknown>(parameters: QueryEventsParameters<TParsed>): Promise<EventPage<TParsed>>
  /**
   * Walks every page, yielding each event once, in order; `walk.cursor` (the last event's id) resumes.
   *
   * @example
   * const walk = client.events.iterate({ filter: { Sender: alice }, maxItems: 1_000 })
   * for await (const event of walk) await save(event, walk.cursor)
   */
  iterate<TParsed = unknown>(options: IterateEventsOptions<TParsed>): PageIterable<ChainxEvent<TParsed>, EventWalkPage<TParsed>, EventId>
  /**
   * Follows new events by polling from a cursor (`'latest'`: after the newest); `watcher.cursor` resumes.
   *
   * @example
   * for await (const event of client.events.watch({ filter: { Sender: '0x2' }, cursor: 'latest', signal })) console.log(event.type)
   */
  watch<TParsed = unknown>(options: WatchEventsOptions<TParsed>): EventWatcher<TParsed>
  /**
   * Subscribes over the client's WebSocket; resolves, once acknowledged, with the function that
   * unsubscribes. Each event reaches `onEvent` once, in order, through socket drops.
   *
   * @deprecated The service deprecates `chainx_subscribeEvent` (spec 4.5). Use `watch`, which
   * polls `chainx_queryEvents` with a cursor and needs no WebSocket (`toQueryFilter` turns a
   * subscription filter into a query filter).
   */
  subscribe<TParsed = unknown>(parameters: SubscribeParameters<TParsed>): Promise<Unsubscribe>
}

/** The text and the code of the one-time warning of `client.events.subscribe`. */
export const SUBSCRIBE_DEPRECATION_MESSAGE =
  '[chainx-sdk] client.events.subscribe (chainx_subscribeEvent) is deprecated by the service (spec 4.5); ' +
  'use client.events.watch, which polls chainx_queryEvents with a cursor.'
export const SUBSCRIBE_DEPRECATION_CODE = 'CHAINX_DEP_SUBSCRIBE'

const U64 = /^(0|[1-9]\d{0,19})$/

/** Events as a resource: the event id is the cursor and the identity; `parse` is its own option. */
export const eventsResource: ResourceDescriptor<ChainxEvent, EventId, EventQueryFilter> = {
  name: 'events',
  method: 'chainx_queryEvents',
  ownKeys: ['parse'],
  checkFilter: (filter) => validateEventQueryFilter(filter as EventQueryFilter),
  checkCursor(cursor) {
    if (cursor === undefined || cursor === null) return null
    const { txDigest, eventSeq } = (typeof cursor === 'object' ? cursor : {}) as { txDigest?: unknown; eventSeq?: unknown }
    const seq = typeof eventSeq === 'number' && Number.isSafeInteger(eventSeq) && eventSeq >= 0 ? String(eventSeq) : eventSeq
    if (typeof txDigest !== 'string' || txDigest === '' || typeof seq !== 'string' || !U64.test(seq) || BigInt(seq) >= 2n ** 64n) {
      throw new InvalidArgumentError('cursor must be an event id { txDigest, eventSeq } from an earlier page, or null')
    }
    return { txDigest, eventSeq: seq }
  },
  readOwn: ({ parse }) => (parse === undefined ? undefined : readParser(parse as ParsedJsonParser<unknown>)),
  params: ({ filter, cursor, pageSize, direction }) => [filter, cursor, pageSize ?? null, direction === 'backward'],
  reader: (chunk) => chunk.readEventPage,
  cursorOf: (event) => event.id,
  key: eventKey,
  sameCursor: sameEventId,
  watchPlan: (filter) => ('TimeRange' in filter ? timeRangePlan(filter.TimeRange) : undefined),
  subscription: {
    onItem: 'onEvent',
    ownKeys: ['parse'],
    deprecation: {
      flag: 'chainx-sdk.subscribe.deprecationWarned',
      message: SUBSCRIBE_DEPRECATION_MESSAGE,
      code: SUBSCRIBE_DEPRECATION_CODE,
    },
    checkFilter: (filter, { typeNameLimits }) =>
      validateSubscriptionFilter(filter as EventSubscriptionFilter, typeNameLimits as ParseTypeNameOptions),
    kind: (chunk) => chunk.eventSubscriptionKind,
  },
}

/**
 * `TimeRange` watches: each poll moves `startTime` up to the last yielded event's timestamp,
 * skipping events already yielded at it; a saved cursor's own timestamp is read first.
 */
function timeRangePlan(range: { startTime: number | string; endTime: number | string }): WatchPlan<ChainxEvent, EventId, EventQueryFilter> {
  let startTime = BigInt(range.startTime)
  const yieldedAtStart = new Set<string>()
  const admit = (event: ChainxEvent): boolean => {
    if (event.timestampMs === undefined || event.timestampMs === null) return true
    const timestamp = BigInt(event.timestampMs)
    if (timestamp < startTime) return true
    if (timestamp > startTime) {
      startTime = timestamp
      yieldedAtStart.clear()
    }
    const key = eventKey(event)
    if (yieldedAtStart.has(key)) return false
    yieldedAtStart.add(key)
    return true
  }
  return {
    pollFilter: () => ({ TimeRange: { startTime: startTime.toString(), endTime: range.endTime } }),
    admit,
    async start(cursor, read, signal) {
      if (cursor === null) return
      const own = await read({ filter: { Transaction: cursor.txDigest }, cursor: null, pageSize: undefined, direction: 'forward', signal })
      const event = own.items.find((candidate) => candidate.id.eventSeq === cursor.eventSeq)
      if (event) admit(event)
    },
  }
}
