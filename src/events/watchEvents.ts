import { ChainxError } from '../errors/ChainxError.js'
import { JsonRpcError } from '../errors/jsonRpc.js'
import { CursorNotAdvancingError, EmptyPagesError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import { createPageIterator } from '../pagination/createPageIterator.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import { readBackoff, readCount, readWaitMs } from '../options/optionRules.js'
import { backoffDelay, retryAfterOf } from '../transport/withRetry.js'
import { followSignal } from '../utils/followSignal.js'
import { sleep } from '../utils/sleep.js'
import { eventKey } from './eventKey.js'
import { sameEventId } from './sameEventId.js'
import type { ChainxEvent, EventId, EventPage, EventQueryFilter, ParsedJsonParser, QueryEventsFn } from './types.js'
import { validateEventQueryFilter } from './validateEventQueryFilter.js'

/**
 * What `onError` learns about a failed poll before the watcher waits and polls again.
 *
 * @example
 * client.events.watch({
 *   filter: { Sender: '0x2' },
 *   onError: (error, { attempt, delayMs }) => console.warn(`poll failed ${attempt}x (${error.code}); next in ${delayMs} ms`),
 * })
 */
export interface WatchErrorInfo {
  /** Failed polls in a row, this one included (1 for the first). */
  attempt: number
  /** How long the watcher waits before the next poll, in ms. */
  delayMs: number
}

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
export interface WatchEventsOptions<TParsed = Record<string, unknown>> {
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
   * Wait between polls once caught up, in ms.
   * @default 1000
   */
  intervalMs?: number | undefined
  /**
   * Page size of each poll.
   * @default undefined (the service's maximum, 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * Checks and types each event's `parsedJson` (see `query`); a rejection ends the watch.
   * @default undefined (parsedJson as received)
   */
  parse?: ParsedJsonParser<TParsed> | undefined
  /**
   * Ends the watch cleanly (the loop returns; no error).
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Called for each failed poll that the watcher will retry (rate limits, network faults,
   * time-outs, 5xx, after the transport's own retries, and a page that claims more without
   * moving its cursor). Throw from it to end the watch
   * with that error.
   * @default undefined
   */
  onError?: ((error: ChainxError, info: WatchErrorInfo) => void) | undefined
  /**
   * Backoff between failed polls: exponential from `baseDelayMs` (at least 1 ms), with jitter,
   * capped at `maxDelayMs`. A server's `Retry-After` (of a 429 or a 503) lengthens the delay to
   * the wait it asks for, up to `maxDelayMs`: a 30-day wait neither stalls the watch nor makes a
   * timer fire at once, and `Retry-After: 0` still waits the backoff.
   * @default { baseDelayMs: 500, maxDelayMs: 30_000 }
   */
  backoff?: { baseDelayMs?: number | undefined; maxDelayMs?: number | undefined } | undefined
  /**
   * Failed polls in a row after which the watch ends with the last error.
   * @default Infinity
   */
  maxConsecutiveErrors?: number | undefined
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
export interface EventWatcher<TParsed = Record<string, unknown>> extends AsyncIterable<ChainxEvent<TParsed>> {
  /**
   * Id of the last event yielded (or the start cursor before any): save it and pass it
   * as `cursor` to resume later without gaps or repeats.
   */
  readonly cursor: EventId | null
}

/** How many times a cursor the service cannot find is retried (a lagging node behind a load balancer). */
const CURSOR_NOT_FOUND_RETRIES = 3

/**
 * Follows new events by polling `chainx_queryEvents` (the replacement for deprecated
 * subscriptions, spec 4.5 and 6.5.2). It reads ascending from a client-held cursor,
 * yields every matching event exactly once in order, polls again at once while
 * `hasNextPage` (on the shared page machine, `createPageIterator`), and waits `intervalMs`
 * when caught up. An empty page never resets the cursor. A page that claims more without moving
 * its cursor has its events yielded, then counts as a failed poll (`onError`, backoff,
 * `maxConsecutiveErrors`). Failed polls are retried with bounded exponential backoff (honouring
 * `Retry-After`); errors that retrying cannot fix (bad filter, -32602, `parse`
 * rejections) end the iteration by throwing, and `watcher.cursor` still tells where to
 * resume. `break` or the `signal` end it cleanly. Iterating the watcher again resumes
 * from its cursor; two loops at once are refused.
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
export function watchEvents<TParsed = Record<string, unknown>>(
  query: QueryEventsFn,
  options: WatchEventsOptions<TParsed>,
  closed?: AbortSignal,
): EventWatcher<TParsed> {
  const filter = validateEventQueryFilter(options.filter)
  const intervalMs = readWaitMs('intervalMs', options.intervalMs, 1000)
  const pageSize = options.pageSize === undefined ? undefined : readCount('pageSize', options.pageSize, 0, { min: 1 })
  const maxErrors = readCount('maxConsecutiveErrors', options.maxConsecutiveErrors, Infinity, { min: 1, infinite: true })
  const backoff = { ...readBackoff('backoff', options.backoff, { baseDelayMs: 500, maxDelayMs: 30_000 }), retries: Infinity, maxRetryAfterMs: Infinity }
  const { parse } = options
  /** The running loop's own signal: the caller's `signal` or the client's close, followed while the loop runs. */
  let signal: AbortSignal | undefined

  const range = 'TimeRange' in filter ? filter.TimeRange : undefined
  let startTime = range === undefined ? undefined : BigInt(range.startTime)
  /** Keys of yielded events whose timestamp equals `startTime` (TimeRange only). */
  const yieldedAtStart = new Set<string>()
  let cursor: EventId | null = options.cursor === 'latest' || options.cursor === undefined ? null : options.cursor
  let started = false
  let running = false

  const wait = (ms: number): Promise<boolean> => sleep(ms, signal).then(() => true, () => false)
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

  /** Resolves `'latest'`, and for TimeRange the timestamp of a saved cursor. */
  async function start(): Promise<void> {
    if (options.cursor === 'latest') {
      const newest = await query({ filter, pageSize: 1, direction: 'backward', signal })
      cursor = newest.data[0]?.id ?? null
      if (newest.data[0]) admitInRange(newest.data[0])
    } else if (range !== undefined && cursor !== null) {
      const at = cursor
      const own = await query({ filter: { Transaction: at.txDigest }, signal })
      const event = own.data.find((candidate) => candidate.id.eventSeq === at.eventSeq)
      if (event) admitInRange(event)
    }
  }

  /**
   * One burst of polls on the shared page machine: pages from the watcher's cursor while the
   * service has more. Without prefetch, so each request reads `pollFilter()` after the
   * previous page was handled.
   */
  function pollPages(): AsyncIterable<EventPage<TParsed>> {
    return createPageIterator({
      options: resolvePaginationOptions({ signal, prefetch: false }),
      // The poll sends `pageSize` as given (undefined: the service's maximum); the machine only needs a bound.
      pageSize: () => pageSize ?? Infinity,
      startCursor: cursor,
      sameCursor: sameEventId,
      fetchPage: async ({ cursor: after, signal: pollSignal }) => {
        const page = await query<TParsed>({ filter: pollFilter(), cursor: after, pageSize, direction: 'forward', parse, signal: pollSignal })
        return { ...page, items: page.data, hasMore: page.hasNextPage }
      },
    }).pages()
  }

  async function* run(): AsyncGenerator<ChainxEvent<TParsed>, void, undefined> {
    if (running) throw new InvalidArgumentError('this watcher is already being iterated')
    running = true
    const loop = new AbortController()
    // Followed through one shared listener entry each, removed when the loop ends: polls add nothing to the caller's signal.
    const unfollow = followSignal(loop, options.signal, closed)
    signal = loop.signal
    let failures = 0
    try {
      for (;;) {
        if (signal?.aborted) return
        try {
          if (!started) {
            await start()
            started = true
          }
          for await (const page of pollPages()) {
            failures = 0
            for (const event of page.data) {
              const fresh = admitInRange(event)
              cursor = event.id
              if (fresh) {
                yield event
                if (signal?.aborted) return
              }
            }
            // An empty page may still move forward (a filtered scan); never move back to null.
            if (page.data.length === 0 && page.nextCursor) cursor = page.nextCursor
          }
        } catch (error) {
          if (signal?.aborted) return
          // Empty pages that claim more with fresh cursors: caught up as far as the watcher can tell, poll again later.
          if (!(error instanceof EmptyPagesError)) {
            // A cursor that claims more without moving is the service's fault: reported and bounded like a failed poll.
            if (!(error instanceof CursorNotAdvancingError || isTransient(error, failures)) || failures + 1 >= maxErrors) throw error
            // A Retry-After lengthens the backoff, up to maxDelayMs: a service asking for hours (or
            // years) must not stall the watch, nor one asking for 0 make it spin.
            const delayMs = Math.min(Math.max(retryAfterOf(error) ?? 0, backoffDelay(failures, backoff)), backoff.maxDelayMs)
            failures++
            options.onError?.(error, { attempt: failures, delayMs })
            if (!(await wait(delayMs))) return
            continue
          }
        }
        if (!(await wait(intervalMs))) return
      }
    } finally {
      unfollow()
      // Ends a poll or a wait still listening (a `break` during a yield leaves none).
      loop.abort()
      signal = undefined
      running = false
    }
  }

  return {
    get cursor() {
      return cursor
    },
    [Symbol.asyncIterator]: run,
  }
}

function isTransient(error: unknown, failures: number): error is ChainxError {
  if (!(error instanceof ChainxError)) return false
  if (error.retryable) return true
  // Behind a load balancer a lagging node may not know the cursor's transaction yet.
  return (
    error instanceof JsonRpcError &&
    error.rpcCode === -32602 &&
    error.message.startsWith('Could not find the referenced transaction') &&
    failures < CURSOR_NOT_FOUND_RETRIES
  )
}
