import { RateLimitedError } from '../errors/request.js'
import { retryAfterOf, shouldRetry } from '../errors/shouldRetry.js'
import { readBackoff, readCapMs, readCount, readObject } from '../options/optionRules.js'
import { backoffDelay, type RetryPolicy } from '../utils/withRetry.js'

/**
 * How failed requests are retried. Only retryable errors are: network faults, timeouts, 5xx, 429,
 * and undecodable responses (every request is a read, so repeating it is safe).
 *
 * @example
 * new ChainxClient({ graphqlUrl, retry: { retries: 5, baseDelayMs: 500, maxRetryAfterMs: 30_000 } })
 */
export interface RetryOptions {
  /**
   * Retries after the first attempt.
   * @default 3
   */
  retries?: number
  /**
   * First backoff delay in ms; doubles each retry, with jitter (50-100% of the value). Never
   * less than 1 ms: no retry loop spins.
   * @default 200
   */
  baseDelayMs?: number
  /**
   * Largest backoff delay in ms (a cap: `Infinity` leaves the doubling uncapped).
   * @default 10_000
   */
  maxDelayMs?: number
  /**
   * Longest `Retry-After` the SDK will wait (a cap: `Infinity` waits whatever the server asks);
   * a longer one fails at once (`RATE_LIMITED` for a 429, its message naming this option). A shorter one is waited, or the backoff delay if that is longer (a `Retry-After: 0`
   * or a past date never makes a retry loop spin).
   * @default 60_000
   */
  maxRetryAfterMs?: number
}

/**
 * Resolved retry settings: every field set.
 *
 * @example
 * const settings: ResolvedRetryOptions = resolveRetryOptions({ retries: 2 })
 */
export type ResolvedRetryOptions = Required<RetryOptions>

/**
 * Fills in the defaults of RetryOptions (`false` disables retries) and checks them by the
 * option rules (`options/optionRules.ts`): `retries` a whole number ≥ 0 (finite: one request's
 * retries are bounded), `baseDelayMs` a wait, `maxDelayMs` and `maxRetryAfterMs` caps
 * (`Infinity`: no cap). A bad value throws `InvalidArgumentError` naming `retry.<field>`.
 *
 * @example
 * resolveRetryOptions({ retries: 5 })
 */
export function resolveRetryOptions(options: RetryOptions | false | undefined, name = 'retry'): ResolvedRetryOptions {
  if (options === false) return { retries: 0, baseDelayMs: 200, maxDelayMs: 10_000, maxRetryAfterMs: 60_000 }
  readObject(name, options)
  // `{ retries: undefined }` means the default, not "no bound".
  return {
    retries: readCount(`${name}.retries`, options?.retries, 3),
    ...readBackoff(name, options, { baseDelayMs: 200, maxDelayMs: 10_000 }),
    maxRetryAfterMs: readCapMs(`${name}.maxRetryAfterMs`, options?.maxRetryAfterMs, 60_000),
  }
}

/**
 * The request path's retry policy (for `withRetry`): what the one retry table says of a request,
 * waiting the backoff delay or the server's `Retry-After` when longer. A `Retry-After` over
 * `maxRetryAfterMs` fails at once (`RATE_LIMITED`, its message naming the option).
 *
 * @example
 * const result = await withRetry((n) => send(n), requestRetryPolicy(resolveRetryOptions({}), signal))
 */
export function requestRetryPolicy(options: ResolvedRetryOptions, signal: AbortSignal | undefined): RetryPolicy {
  return {
    retryCount: options.retries,
    signal,
    shouldRetry: ({ error, count }) => {
      if (!shouldRetry(error, { context: 'request', failures: count })) return false
      const asked = retryAfterOf(error)
      if (asked === undefined || asked <= options.maxRetryAfterMs) return true
      if (!(error instanceof RateLimitedError)) return false
      // A new error whose message names the option to raise (the thrown one is left as it was).
      throw new RateLimitedError({
        status: error.status,
        retryAfterMs: asked,
        maxRetryAfterMs: options.maxRetryAfterMs,
        cause: error.cause,
        details: error.details,
        version: error.version,
      })
    },
    delay: ({ error, count }) => Math.max(retryAfterOf(error) ?? 0, backoffDelay(count, options)),
  }
}
