/** A per-minute request quota. */
export interface MinuteRateLimiter {
  /** Counts one request: allowed, or refused with the seconds until the window resets. */
  take(): { allowed: true } | { allowed: false; retryAfterSeconds: number }
}

/**
 * A fixed one-minute window quota of `perMinute` requests (unlimited when not a positive number).
 *
 * @example
 * const limiter = createMinuteRateLimiter(60)
 * limiter.take() // { allowed: true }
 */
export function createMinuteRateLimiter(perMinute: number | undefined, now: () => number = Date.now): MinuteRateLimiter {
  let windowStart = 0
  let count = 0
  return {
    take() {
      if (!perMinute || perMinute <= 0) return { allowed: true }
      const time = now()
      if (time - windowStart >= 60_000) {
        windowStart = time
        count = 0
      }
      if (count < perMinute) {
        count++
        return { allowed: true }
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + 60_000 - time) / 1000)) }
    },
  }
}
