import { createWatchLoop, type Watcher, type WatchLoopOptions } from '../subscription/watchLoop.js'
import { eventKey } from './eventKey.js'
import { sameEventId } from './sameEventId.js'
import type { ChainxEvent, EventId, EventQueryFilter, ParsedJsonParser, QueryEventsFn } from './types.js'
import { validateEventQueryFilter } from './validateEventQueryFilter.js'

export type { WatchErrorInfo } from '../subscription/watchLoop.js'

/**
 * Options of `watch`.
 *
 * @example
 * const options: WatchEventsOptions = {
 *   filter: { MoveEventModule: { package: '0x2', module: 'market' } },
 *   cursor: 'latest', // only events that arrive from now on
 *   intervalMs: 2_000,
 *   signal: AbortSignal.timeout(60_000), // ends the loop cleanly after a minute
 * }
 * for await (const event of client.events.watch(options)) console.log(event.type)
 */
export interface WatchEventsOptions<TParsed = unknown> extends WatchLoopOptions {
  /** A query filter (spec 6.3); checked before the first poll. */
  filter: EventQueryFilter
  /**
   * Where to start: an event id saved from `watcher.cursor` (events after it are
   * yielded), `null` for the oldest matching event, or `'latest'` for only events that
   * arrive after the watch starts.
   * @default null
   */
  cursor?: EventId | null | 'latest' | undefined
  /**
   * Checks and types each event's `parsedJson` (see `query`); a rejection ends the watch.
   * @default undefined (parsedJson as received)
   */
  parse?: ParsedJsonParser<TParsed> | undefined
}

/**
 * An endless stream of events; `cursor` is the id of the last event yielded.
 *
 * @example
 * const watcher: EventWatcher = client.events.watch({ filter: { Sender: '0x2' } })
 * for await (const event of watcher) if (event.type.endsWith('::Listed')) break
 * await store.save(watcher.cursor) // the Listed event; a later watch({ cursor }) starts after it
 * for await (const event of watcher) console.log(event.id) // iterating again resumes from the cursor
 */
export type EventWatcher<TParsed = unknown> = Watcher<ChainxEvent<TParsed>, EventId>

/**
 * Follows new events by polling `chainx_queryEvents` (the replacement for deprecated
 * subscriptions, spec 4.5 and 6.5.2), on the one watch loop (`createWatchLoop`: every
 * matching event once in order, polling at once while the service has more and every
 * `intervalMs` when caught up, bounded backoff honouring `Retry-After`, `watcher.cursor` to
 * resume). `cursor: 'latest'` starts after the newest matching event.
 *
 * `TimeRange` filters: the service's cursor can repeat events on later pages of a time
 * range, so each poll also moves `startTime` up to the last yielded event's timestamp,
 * and events already yielded at that timestamp are skipped by id.
 *
 * @example
 * const watcher = watchEvents(query, { filter: { MoveEventModule: { package: '0x2', module: 'market' } }, cursor: saved })
 * for await (const event of watcher) {
 *   await handle(event)
 *   await store.save(watcher.cursor)
 * }
 */
export function watchEvents<TParsed = unknown>(
  query: QueryEventsFn,
  options: WatchEventsOptions<TParsed>,
  closed?: AbortSignal,
): EventWatcher<TParsed> {
  const filter = validateEventQueryFilter(options.filter)
  const { parse } = options
  const range = 'TimeRange' in filter ? filter.TimeRange : undefined
  let startTime = range === undefined ? undefined : BigInt(range.startTime)
  /** Keys of yielded events whose timestamp equals `startTime` (TimeRange only). */
  const yieldedAtStart = new Set<string>()
  const pollFilter = (): EventQueryFilter =>
    range === undefined || startTime === undefined ? filter : { TimeRange: { startTime: startTime.toString(), endTime: range.endTime } }

  /** Moves `startTime` to `event`'s timestamp; false when the event was already yielded. */
  function admitInRange(event: ChainxEvent<unknown>): boolean {
    if (startTime === undefined || event.timestampMs === undefined || event.timestampMs === null) return true
    const timestamp = BigInt(event.timestampMs)
    const key = eventKey(event)
    if (timestamp > startTime) {
      startTime = timestamp
      yieldedAtStart.clear()
    } else if (timestamp === startTime && yieldedAtStart.has(key)) {
      return false
    }
    if (timestamp === startTime) yieldedAtStart.add(key)
    return true
  }

  return createWatchLoop<ChainxEvent<TParsed>, EventId>(
    {
      fetchPage: async ({ cursor, size, signal }) => {
        const page = await query<TParsed>({ filter: pollFilter(), cursor, pageSize: size, direction: 'forward', parse, signal })
        return { items: page.data, nextCursor: page.nextCursor, hasMore: page.hasNextPage }
      },
      cursorOf: (event) => event.id,
      sameCursor: sameEventId,
      admit: admitInRange,
      // Resolves 'latest', and for TimeRange the timestamp of a saved cursor.
      start: async (cursor, signal) => {
        if (options.cursor === 'latest') {
          const newest = await query({ filter, pageSize: 1, direction: 'backward', signal })
          if (newest.data[0]) admitInRange(newest.data[0])
          return newest.data[0]?.id ?? null
        }
        if (range !== undefined && cursor !== null) {
          const own = await query({ filter: { Transaction: cursor.txDigest }, signal })
          const event = own.data.find((candidate) => candidate.id.eventSeq === cursor.eventSeq)
          if (event) admitInRange(event)
        }
        return undefined
      },
    },
    options,
    options.cursor === 'latest' || options.cursor === undefined ? null : options.cursor,
    closed,
  )
}
