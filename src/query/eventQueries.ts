import type { ChainxClient } from '../client.js'
import { sameEventId } from '../events/sameEventId.js'
import type { ChainxEvent, EventId, EventQueryFilter } from '../events/types.js'
import type { EventPage, QueryEventsParameters } from '../resources/events.js'
import type { PageDirection } from '../graphql/checkPagingVariables.js'
import type { ChainxInfiniteQueryOptions, ChainxLiveQueryOptions, ChainxPage, ChainxQueryOptions } from './types.js'
import { walkQueryOptions } from './walkQueries.js'

/**
 * Parameters of `q.events.query`: those of `client.events.query` without `signal` (TanStack's
 * is used) and `parse` (a function cannot be part of a key, and parsed values need not be
 * JSON: parse in the query's `select`).
 *
 * @example
 * const input: EventQueryInput = { filter: { Sender: alice }, pageSize: 10 }
 */
export type EventQueryInput = Omit<QueryEventsParameters, 'signal' | 'parse'>

/**
 * Parameters of `q.events.infinite`.
 *
 * @example
 * const input: InfiniteEventsInput = { filter: { Sender: alice }, pageSize: 20, direction: 'backward' }
 */
export interface InfiniteEventsInput {
  filter: EventQueryFilter
  /**
   * Events per page; the service clamps it to its maximum.
   * @default the service's default page size, as every walk (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * `'forward'` oldest first, `'backward'` newest first.
   * @default 'forward'
   */
  direction?: PageDirection | undefined
  /**
   * Start after this event (exclusive).
   * @default null (the oldest, or the newest backward)
   */
  cursor?: EventId | null | undefined
}

/**
 * Parameters of `q.events.live`.
 *
 * @example
 * const input: LiveEventsInput = { filter: { Sender: alice }, intervalMs: 500, maxEvents: 100 }
 */
export interface LiveEventsInput {
  filter: EventQueryFilter
  /**
   * Where the feed starts: `'latest'` for events that arrive after it starts, `null` for the
   * oldest matching event, or an event id (exclusive). A refetch resumes after the newest event held.
   * @default 'latest'
   */
  cursor?: EventId | null | 'latest' | undefined
  /**
   * Wait between polls once caught up, in ms.
   * @default 1000
   */
  intervalMs?: number | undefined
  /**
   * Page size of each poll.
   * @default the service's default page size, as every walk (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * The newest events kept in the query's data.
   * @default 200
   */
  maxEvents?: number | undefined
}

/**
 * `q.events`: one page, an infinite query and a live feed of JSON-RPC events.
 *
 * @example
 * const { data } = useInfiniteQuery(q.events.infinite({ filter: { Sender: alice }, pageSize: 20 }))
 */
export interface EventQueryOptions {
  /** One page of `chainx_queryEvents`, as `client.events.query` returns it. */
  query(input: EventQueryInput): ChainxQueryOptions<EventPage>
  /** Pages of events, each `{ items, hasMore, cursor }`, the page param the event cursor. */
  infinite(input: InfiniteEventsInput): ChainxInfiniteQueryOptions<ChainxPage<ChainxEvent, EventId>, EventId | null>
  /** The events `client.events.watch` delivers, newest last; stops when no longer observed. */
  live(input: LiveEventsInput): ChainxLiveQueryOptions<ChainxEvent[]>
}

const DEFAULT_LIVE_EVENTS = 200

/**
 * Builds `q.events` over a client's JSON-RPC endpoint. The keys name `rpcUrl`; without one,
 * the queries fail as `client.events` does (INVALID_ARGUMENT).
 *
 * @example
 * const events = eventQueryOptions(client)
 * await queryClient.fetchQuery(events.query({ filter: { All: [] }, pageSize: 5 }))
 */
export function eventQueryOptions(client: ChainxClient): EventQueryOptions {
  const walk = walkQueryOptions<ChainxEvent, EventId, EventPage>({
    name: 'events',
    endpoint: client.options.rpcUrl,
    query: (parameters) => client.events.query(parameters as unknown as QueryEventsParameters),
    readPage: (page) => page,
    sameCursor: sameEventId,
    watch: (parameters) =>
      client.events.watch(parameters as unknown as Parameters<ChainxClient['events']['watch']>[0]) as AsyncIterable<ChainxEvent>,
    cursorOf: (event) => event.id,
  })
  return {
    query: (input) => walk.query(input),
    infinite: ({ filter, pageSize, direction, cursor }) => walk.infinite({ filter, pageSize, direction, cursor } as InfiniteEventsInput),
    live: ({ filter, cursor, intervalMs, pageSize, maxEvents = DEFAULT_LIVE_EVENTS }) =>
      walk.live({ filter, cursor, intervalMs, pageSize } as LiveEventsInput, maxEvents, 'maxEvents'),
  }
}
