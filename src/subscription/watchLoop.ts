import type { ChainxError } from '../errors/ChainxError.js'
import { retryAfterOf, shouldRetry } from '../errors/shouldRetry.js'
import { InvalidArgumentError } from '../errors/request.js'
import { createPageIterator, type PageRequest, type WalkLoader } from '../pagination/createPageIterator.js'
import type { FetchedPage } from '../pagination/types.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import { readBackoff, readCount, readWaitMs } from '../options/optionRules.js'
import { followSignal } from '../utils/followSignal.js'
import { sleep } from '../utils/sleep.js'
import { backoffDelay, retryAfterFailure } from '../utils/withRetry.js'

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
 * The options every watch takes (`client.events.watch`, `client.transactions.watch`), besides what it watches.
 *
 * @example
 * const options: WatchLoopOptions = { intervalMs: 2_000, maxConsecutiveErrors: 10, signal: AbortSignal.timeout(60_000) }
 */
export interface WatchLoopOptions {
  /**
   * Page size of each poll: a positive integer, cut to the service's maximum.
   * @default the service's default page size (the one rule of every walk): on JSON-RPC its maximum, 50 unless its operator configured otherwise
   */
  pageSize?: number | undefined
  /**
   * Wait between polls once caught up, in ms.
   * @default 1000
   */
  intervalMs?: number | undefined
  /**
   * Ends the watch cleanly (the loop returns; no error), as the client's `close()` does.
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Called for each failed poll the watcher will retry (rate limits, network faults, time-outs,
   * 5xx after the transport's own retries, a page that claims more without moving its cursor).
   * Throw from it to end the watch with that error.
   * @default undefined
   */
  onError?: ((error: ChainxError, info: WatchErrorInfo) => void) | undefined
  /**
   * Backoff between failed polls: exponential from `baseDelayMs`, with jitter, capped at
   * `maxDelayMs`. A `Retry-After` (429, 503) lengthens the delay to the wait it asks for, up to `maxDelayMs`.
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
 * An endless stream of items; `cursor` is the cursor of the last item yielded.
 *
 * @example
 * const watcher: Watcher<ChainxEvent, EventId> = client.events.watch({ filter: { Sender: '0x2' } })
 * for await (const event of watcher) if (event.type.endsWith('::Listed')) break
 * await store.save(watcher.cursor)
 */
export interface Watcher<TItem, TCursor> extends AsyncIterable<TItem> {
  /** Cursor of the last item yielded (or the start cursor before any): pass it as `cursor` to resume. */
  readonly cursor: TCursor | null
}

/**
 * What a watch needs from its resource: one page ascending after a cursor, and each item's
 * cursor. The loop owns the cursor, the polling, the backoff and the errors.
 */
export interface WatchAdapter<TItem, TCursor> {
  /** One poll: the page after `cursor` (exclusive), oldest first, of `size` items (undefined: the service's default). */
  fetchPage(request: PageRequest<TCursor>): Promise<FetchedPage<TItem, TCursor>>
  /** The cursor that resumes after `item`. */
  cursorOf(item: TItem): TCursor
  /** Cursor equality. @default Object.is */
  sameCursor?: ((a: TCursor, b: TCursor) => boolean) | undefined
  /**
   * Runs once before the first poll (retried like a poll when it fails); returns the cursor to
   * start from, or undefined to keep the given one (e.g. resolving `'latest'`).
   */
  start?: ((cursor: TCursor | null, signal: AbortSignal | undefined) => Promise<TCursor | null | undefined>) | undefined
  /** Whether to yield an item the poll returned (false: seen already; its cursor is still taken). @default always */
  admit?: ((item: TItem) => boolean) | undefined
  /** Loads the walk the polls run on (with the chunk of their requests). */
  loadWalk: WalkLoader
}

/**
 * The one polling loop behind every watch: reads ascending from a client-held cursor on the
 * shared page machine, yields every item once in order, polls again at once while the service
 * has more and waits `intervalMs` when caught up. A page that claims more without moving its
 * cursor counts as a failed poll; failed polls are retried with bounded backoff, and an error
 * retrying cannot fix ends the iteration by throwing (`watcher.cursor` tells where to resume).
 * Iterating again resumes from the cursor; two loops at once are refused.
 */
export function createWatchLoop<TItem, TCursor>(
  adapter: WatchAdapter<TItem, TCursor>,
  options: WatchLoopOptions,
  startCursor: TCursor | null,
  closed?: AbortSignal,
): Watcher<TItem, TCursor> {
  const walkOptions = resolvePaginationOptions<TItem>({ pageSize: options.pageSize, prefetch: false })
  const intervalMs = readWaitMs('intervalMs', options.intervalMs, 1000)
  const maxErrors = readCount('maxConsecutiveErrors', options.maxConsecutiveErrors, Infinity, { min: 1, infinite: true })
  const backoff = readBackoff('backoff', options.backoff, { baseDelayMs: 500, maxDelayMs: 30_000 })
  /** The running loop's own signal: the caller's `signal` or the client's close, followed while the loop runs. */
  let signal: AbortSignal | undefined
  let cursor = startCursor
  let started = false
  let running = false
  let failures = 0
  const wait = (ms: number): Promise<boolean> =>
    sleep(ms, signal).then(
      () => true,
      () => false,
    )

  /** After a failed poll, what the one retry table says: false ends the watch quietly (aborted during the wait), or it throws. */
  async function backOff(error: unknown): Promise<boolean> {
    try {
      await retryAfterFailure(error, failures++, {
        retryCount: maxErrors - 1,
        shouldRetry: ({ count }) => shouldRetry(error, { context: 'poll', failures: count }),
        // A Retry-After of hours must not stall the watch, nor one of 0 make it spin.
        delay: ({ count }) => Math.min(Math.max(retryAfterOf(error) ?? 0, backoffDelay(count, backoff)), backoff.maxDelayMs),
        onRetry: ({ count, delayMs }) => options.onError?.(error as ChainxError, { attempt: count + 1, delayMs }),
        signal,
      })
      return true
    } catch (thrown) {
      if (thrown === error || !signal?.aborted) throw thrown
      return false
    }
  }

  /**
   * One poll and the pages right after it while the service has more (without prefetch): yields
   * the new items and returns the failure to back off from, if any. A misbehaving service ends the
   * walk (`onServiceStall: 'end'`): a cursor that does not move is a failure, empty pages that
   * claim more with fresh cursors are caught up.
   */
  async function* poll(): AsyncGenerator<TItem, { error: unknown } | undefined, undefined> {
    try {
      if (!started) {
        const from = await adapter.start?.(cursor, signal)
        if (from !== undefined) cursor = from
        started = true
      }
      const walk = createPageIterator(adapter.loadWalk, {
        options: { ...walkOptions, signal },
        onServiceStall: 'end',
        startCursor: cursor,
        sameCursor: adapter.sameCursor,
        fetchPage: (request) => adapter.fetchPage(request),
      })
      for await (const page of walk.pages()) {
        failures = 0
        for (const item of page.items) {
          const fresh = adapter.admit?.(item) ?? true
          cursor = adapter.cursorOf(item)
          if (fresh) {
            yield item
            if (signal?.aborted) return undefined
          }
        }
        // An empty page may still move forward (a filtered scan); never move back to null.
        if (page.items.length === 0 && page.cursor !== null) cursor = page.cursor
      }
      return walk.stall?.code === 'CURSOR_NOT_ADVANCING' ? { error: walk.stall } : undefined
    } catch (error) {
      return signal?.aborted ? undefined : { error }
    }
  }

  async function* run(): AsyncGenerator<TItem, void, undefined> {
    if (running) throw new InvalidArgumentError('this watcher is already being iterated')
    running = true
    const loop = new AbortController()
    // Followed through one shared listener entry each, removed when the loop ends: polls add nothing to the caller's signal.
    const unfollow = followSignal(loop, options.signal, closed)
    signal = loop.signal
    failures = 0
    try {
      while (!signal.aborted) {
        const failed = yield* poll()
        if (signal.aborted) return
        const goOn = failed === undefined ? await wait(intervalMs) : await backOff(failed.error)
        if (!goOn) return
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
