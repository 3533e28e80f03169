import { sleep } from '../utils/sleep.js'
import { untilAborted } from '../utils/untilAborted.js'

/**
 * A client-side limiter: at most `requestsPerMinute` requests start in any 60 s window.
 *
 * @example
 * const limiter: RateLimiter = createRateLimiter(60)
 * await limiter.acquire(AbortSignal.timeout(5_000))
 */
export interface RateLimiter {
  /** Resolves when one more request may start; rejects as soon as `signal` aborts, even while queued. */
  acquire(signal?: AbortSignal): Promise<void>
}

const WINDOW_MS = 60_000

/**
 * Creates a sliding-window limiter matching the service's per-minute quota (spec 8.1).
 * Requests wait in arrival order.
 *
 * @example
 * const limiter = createRateLimiter(120)
 * await limiter.acquire()
 */
export function createRateLimiter(requestsPerMinute: number, now: () => number = Date.now): RateLimiter {
  if (!Number.isInteger(requestsPerMinute) || requestsPerMinute < 1) {
    throw new RangeError('requestsPerMinute must be a positive integer')
  }
  // Start times of the most recent requests, oldest first, at most requestsPerMinute of them.
  const starts: number[] = []
  let queue: Promise<void> = Promise.resolve()

  async function take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      // A request whose caller gave up while it queued takes no slot.
      signal?.throwIfAborted()
      const time = now()
      while (starts.length > 0 && (starts[0] as number) <= time - WINDOW_MS) starts.shift()
      if (starts.length < requestsPerMinute) {
        starts.push(time)
        return
      }
      await sleep((starts[0] as number) + WINDOW_MS - time, signal)
    }
  }

  return {
    acquire(signal) {
      const turn = queue.then(() => take(signal))
      queue = turn.catch(() => undefined)
      return signal ? untilAborted(turn, signal) : turn
    },
  }
}

