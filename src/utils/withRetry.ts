import { sleep } from './sleep.js'

/** What a retry policy learns of a failure: the failures before it in a row (`count`) and what the attempt threw. */
export type RetryInfo = { count: number; error: unknown }

/** When and how long to wait before trying again; what is worth another try is the caller's `shouldRetry` (no error class here). */
export interface RetryPolicy {
  /** Retries after the first attempt (`Infinity`: no bound but `shouldRetry`). */
  retryCount: number
  /** Whether to try again after this failure (it may throw an error of its own instead). @default always */
  shouldRetry?: ((info: RetryInfo) => boolean) | undefined
  /** Wait before the next attempt, in ms (0: none, not even a turn of the event loop). */
  delay: number | ((info: RetryInfo) => number)
  /** Told of each retry before its wait; an error it throws ends the retrying with that error. */
  onRetry?: ((info: RetryInfo & { delayMs: number }) => void) | undefined
  /** Ends a wait early: the helper rejects with the signal's reason. */
  signal?: AbortSignal | undefined
}

/** After failure `count + 1` in a row: throws `error` when the policy gives up, else waits (the step of `withRetry`, for loops). */
export async function retryAfterFailure(error: unknown, count: number, policy: RetryPolicy): Promise<void> {
  const info: RetryInfo = { count, error }
  if (count >= policy.retryCount || policy.shouldRetry?.(info) === false) throw error
  const delayMs = typeof policy.delay === 'number' ? policy.delay : policy.delay(info)
  policy.onRetry?.({ count, error, delayMs })
  if (delayMs > 0) await sleep(delayMs, policy.signal)
}

/** Runs `fn` until it resolves, or rethrows its last error once the policy gives up. */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let count = 0; ; count++) {
    try {
      return await fn(count)
    } catch (error) {
      await retryAfterFailure(error, count, policy)
    }
  }
}

/** Delay before retry `count` (0-based): exponential from `baseDelayMs`, 50-100% jitter, capped at `maxDelayMs`, at least 1 ms. */
export function backoffDelay(
  count: number,
  { baseDelayMs, maxDelayMs }: { baseDelayMs: number; maxDelayMs: number },
  random: () => number = Math.random,
): number {
  const full = Math.min(maxDelayMs, baseDelayMs * 2 ** count)
  // At least 1 ms: no retry loop spins.
  return Math.max(1, Math.round(full * (0.5 + random() * 0.5)))
}
