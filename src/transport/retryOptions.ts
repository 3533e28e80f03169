import { RateLimitedError } from '../errors/request.js'
import { retryAfterOf, shouldRetry } from '../errors/shouldRetry.js'
import { readBackoff, readCapMs, readCount, readObject } from '../options/optionRules.js'
import { backoffDelay, type RetryPolicy } from '../utils/withRetry.js'

/**
 * How failed requests are retried: network faults, timeouts, 5xx, 429 and undecodable
 * responses only (every request is a read, so repeating it is safe).
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
   * First backoff delay in ms (at least 1); doubles each retry, with jitter (50-100% of the value).
   * @default 200
   */
  baseDelayMs?: number
  /**
   * Largest backoff delay in ms (`Infinity`: uncapped).
   * @default 10_000
   */
  maxDelayMs?: number
  /**
   * Longest `Retry-After` the SDK waits (`Infinity`: any); a longer one fails at once
   * (`RATE_LIMITED` for a 429, its message naming this option). The backoff delay is waited
   * when longer than the server's.
   * @default 60_000
   */
  maxRetryAfterMs?: number
}

/** Resolved retry settings: every field set. */
export type ResolvedRetryOptions = Required<RetryOptions>

/**
 * Fills in the defaults of RetryOptions (`false`: no retries) and checks them by the option
 * rules; a bad value throws `InvalidArgumentError` naming `retry.<field>`.
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
 * The request path's retry policy for `withRetry`: the retry table's answer for a request,
 * waiting the backoff delay or the server's `Retry-After` when longer.
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
