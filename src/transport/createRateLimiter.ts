import { sleep } from '../utils/sleep.js'
import { untilAborted } from '../utils/untilAborted.js'

/** Gives back a slot once the request settled; `sent: false` (it never left) frees it at once. */
export type ReleaseSlot = (sent?: boolean) => void

/**
 * A client-side limiter: at most `requestsPerMinute` requests arrive at the service in any
 * sliding 60 s window. A slot is taken when a request starts and frees 60 s after it settled
 * (nothing arrives later than its response), whatever the network's latency.
 */
export interface RateLimiter {
  /** Resolves when one more request may start; rejects as soon as `signal` aborts, even while queued. */
  acquire(signal?: AbortSignal): Promise<ReleaseSlot>
}

/** The limiter's clock and window (tests inject a clock or shorten the window). */
export interface RateLimiterSettings {
  /** @default performance.now (monotonic: a wall-clock jump neither frees nor holds slots) */
  now?: (() => number) | undefined
  /** @default 60_000 */
  windowMs?: number | undefined
}

/**
 * Creates a sliding-window limiter matching the service's per-minute quota (spec 8.1);
 * requests wait in arrival order.
 */
export function createRateLimiter(requestsPerMinute: number, settings: RateLimiterSettings = {}): RateLimiter {
  const now = settings.now ?? (() => performance.now())
  const windowMs = settings.windowMs ?? 60_000
  let inFlight = 0
  // When each slot used in the last window settled, oldest first (at most requestsPerMinute).
  const settledAt: number[] = []
  let wakeOnSettle: (() => void) | undefined
  let queue: Promise<unknown> = Promise.resolve()

  function slot(): ReleaseSlot {
    let released = false
    return (sent = true) => {
      if (released) return
      released = true
      inFlight--
      if (sent) settledAt.push(now())
      const wake = wakeOnSettle
      wakeOnSettle = undefined
      wake?.()
    }
  }

  async function take(signal?: AbortSignal): Promise<ReleaseSlot> {
    for (;;) {
      // A request whose caller gave up while it queued takes no slot.
      signal?.throwIfAborted()
      const time = now()
      while (settledAt.length > 0 && (settledAt[0] as number) <= time - windowMs) settledAt.shift()
      if (inFlight + settledAt.length < requestsPerMinute) {
        inFlight++
        return slot()
      }
      if (settledAt.length > 0) await sleep((settledAt[0] as number) + windowMs - time, signal)
      // Every slot is held by a request in flight: the first to settle starts the clock.
      else {
        const settled = new Promise<void>((resolve) => (wakeOnSettle = resolve))
        await (signal ? untilAborted(settled, signal) : settled)
      }
    }
  }

  return {
    acquire(signal) {
      const turn = queue.then(() => take(signal))
      queue = turn.catch(() => undefined)
      if (!signal) return turn
      return untilAborted(turn, signal).catch((error: unknown) => {
        // Aborted just as the slot came: hand it back unused.
        turn.then(
          (release) => release(false),
          () => undefined,
        )
        throw error
      })
    },
  }
}
