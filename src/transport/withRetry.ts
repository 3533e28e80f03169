import type { ChainxError } from '../errors/ChainxError.js'
import { shouldRetry } from '../errors/shouldRetry.js'
import { RateLimitedError } from '../errors/request.js'
import { readBackoff, readCapMs, readCount, readObject } from '../options/optionRules.js'
import { sleep } from '../utils/sleep.js'

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

/** The floor of every retry delay. */
const MIN_RETRY_DELAY_MS = 1

/**
 * Delay before retry number `attempt` (0-based): exponential with jitter, capped.
 *
 * @example
 * backoffDelay(2, resolveRetryOptions({})) // between 400 and 800
 */
export function backoffDelay(attempt: number, options: ResolvedRetryOptions, random: () => number = Math.random): number {
  const full = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt)
  return Math.max(MIN_RETRY_DELAY_MS, Math.round(full * (0.5 + random() * 0.5)))
}

/**
 * Runs `attempt` until it succeeds, fails with a non-retryable error, or retries run out.
 * A `Retry-After` from the server (429, or a 5xx such as 503) lengthens the backoff delay to
 * the wait it asks for; one over `maxRetryAfterMs` fails at once.
 *
 * @example
 * const result = await withRetry((n) => send(n), resolveRetryOptions({}), signal)
 */
export async function withRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: ResolvedRetryOptions,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt(n)
    } catch (error) {
      if (!shouldRetry(error, { context: 'request', failures: n }) || n >= options.retries) throw error
      const asked = retryAfterOf(error)
      if (asked !== undefined && asked > options.maxRetryAfterMs) {
        // The message names the option to raise.
        if (!(error instanceof RateLimitedError)) throw error
        throw new RateLimitedError({
          ...error,
          retryAfterMs: asked,
          maxRetryAfterMs: options.maxRetryAfterMs,
          cause: error.cause,
          details: error.details,
        })
      }
      await sleep(Math.max(asked ?? 0, backoffDelay(n, options)), signal)
    }
  }
}

/**
 * The wait the server asked for with an error (`Retry-After` of a 429 or 503), if any.
 *
 * @example
 * retryAfterOf(new RateLimitedError({ status: 429, retryAfterMs: 2_000 })) // 2000
 */
export function retryAfterOf(error: ChainxError): number | undefined {
  const asked = (error as { retryAfterMs?: unknown }).retryAfterMs
  return typeof asked === 'number' ? asked : undefined
}
