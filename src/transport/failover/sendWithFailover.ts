import { ChainxError } from '../../errors/ChainxError.js'
import { RateLimitedError } from '../../errors/request.js'
import { ServiceVersionChangedError } from '../../errors/ServiceVersionChangedError.js'
import { retryAfterOf, shouldRetry } from '../../errors/shouldRetry.js'
import { sleep } from '../../utils/sleep.js'
import { backoffDelay, withRetry } from '../../utils/withRetry.js'
import type { RateLimiter } from '../createRateLimiter.js'
import type { EndpointAffinity } from '../endpoints.js'
import type { ResolvedRetryOptions } from '../retryOptions.js'
import type { EndpointPool, PoolEntry } from './EndpointPool.js'
import type { AttemptRecord } from '../telemetry/types.js'

/** One attempt at one endpoint, filling `record` once a response came; `failover`: it moved from another endpoint. */
export type EndpointAttempt<T> = (
  url: string,
  limiter: RateLimiter | undefined,
  attemptNumber: number,
  failover: boolean,
  record: AttemptRecord,
) => Promise<T>

/**
 * Sends one call over several endpoints: the ranked endpoints in turn, moving on at each
 * transient failure (at once to one not yet tried, after the backoff delay to one that was)
 * within one retry budget for the call (a probe's failure costs none). With an affinity set:
 * its endpoint with the whole budget, then each other endpoint once, for an answer of its version.
 */
export function sendWithFailover<T>(
  pool: EndpointPool,
  attempt: EndpointAttempt<T>,
  retry: ResolvedRetryOptions,
  signal: AbortSignal | undefined,
  affinity: EndpointAffinity | undefined,
): Promise<T> {
  const pinned = affinity?.url === undefined ? undefined : pool.entries.find((entry) => entry.url === affinity.url)
  return pinned && affinity
    ? sendPinned(pool, pinned, attempt, retry, signal, affinity)
    : sendRanked(pool, attempt, retry, signal, affinity)
}

function sendRanked<T>(
  pool: EndpointPool,
  attempt: EndpointAttempt<T>,
  retry: ResolvedRetryOptions,
  signal: AbortSignal | undefined,
  affinity: EndpointAffinity | undefined,
): Promise<T> {
  const failedHere = new Set<PoolEntry>()
  const untried = () => pool.ranked().find((candidate) => !failedHere.has(candidate))
  /** How long until an endpoint waiting out a `Retry-After` opens, when every one waits. */
  const allWaiting = () => (pool.ranked().length > 0 ? undefined : pool.nextOpening() - Date.now())
  let retriesLeft = retry.retries
  let backoffs = 0
  let probe = false
  let moved = false
  return withRetry(
    async (n) => {
      const entry = untried() ?? pool.ranked()[0]
      if (!entry) {
        // Every endpoint waits out a Retry-After that earlier calls met.
        const wait = allWaiting() ?? 0
        if (!(wait <= retry.maxRetryAfterMs)) {
          throw new RateLimitedError({ status: 429, retryAfterMs: wait, maxRetryAfterMs: retry.maxRetryAfterMs })
        }
        await sleep(wait, signal)
        return attemptAt(pool.ranked()[0] ?? pool.entries[0]!, n)
      }
      return attemptAt(entry, n)
    },
    {
      retryCount: Infinity,
      signal,
      // A probe's failure costs no retry.
      shouldRetry: ({ error }) => isTransient(error) && (probe || retriesLeft-- > 0) && !((allWaiting() ?? 0) > retry.maxRetryAfterMs),
      // At once to an endpoint not tried in this call; else the backoff, or the first Retry-After's end when every one waits.
      delay: () => (untried() ? 0 : Math.max(allWaiting() ?? 0, backoffDelay(backoffs++, retry))),
    },
  )

  async function attemptAt(entry: PoolEntry, n: number): Promise<T> {
    probe = pool.isProbe(entry)
    if (probe) entry.probing = true
    const record: AttemptRecord = {}
    try {
      const value = await attempt(entry.url, entry.limiter, n, moved && !failedHere.has(entry), record)
      pool.succeeded(entry, record.durationMs ?? 0, record.version)
      if (affinity) Object.assign(affinity, { url: entry.url, version: record.version?.trim() })
      return value
    } catch (error) {
      entry.probing = false
      if (!isTransient(error)) {
        if (error instanceof ChainxError) pool.answered(entry)
        throw error
      }
      pool.failed(entry, error)
      failedHere.add(entry)
      moved = true
      throw error
    }
  }
}

async function sendPinned<T>(
  pool: EndpointPool,
  entry: PoolEntry,
  attempt: EndpointAttempt<T>,
  retry: ResolvedRetryOptions,
  signal: AbortSignal | undefined,
  affinity: EndpointAffinity,
): Promise<T> {
  let n = 0
  let failure: ChainxError
  try {
    return await withRetry(
      async (count) => {
        n = count
        const record: AttemptRecord = {}
        try {
          const value = await attempt(entry.url, entry.limiter, count, false, record)
          pool.succeeded(entry, record.durationMs ?? 0, record.version)
          return value
        } catch (error) {
          if (isTransient(error)) pool.failed(entry, error)
          throw error
        }
      },
      {
        retryCount: retry.retries,
        signal,
        shouldRetry: ({ error }) => isTransient(error) && !((retryAfterOf(error) ?? 0) > retry.maxRetryAfterMs),
        delay: ({ error, count }) => Math.max(retryAfterOf(error) ?? 0, backoffDelay(count, retry)),
      },
    )
  } catch (error) {
    if (!isTransient(error) || signal?.aborted) throw error
    failure = error
  }
  // The walk's endpoint is spent: each other one once, for an answer of the walk's version.
  const walkVersion = affinity.version ?? ''
  const found: string[] = []
  for (const other of pool.ranked()) {
    if (other === entry) continue
    const record: AttemptRecord = {}
    // An answer of another version (or its failure: the cursor means nothing there) is set aside.
    const otherVersion = () => record.status !== undefined && (record.version?.trim() ?? '') !== walkVersion
    try {
      const value = await attempt(other.url, other.limiter, ++n, true, record)
      pool.succeeded(other, record.durationMs ?? 0, record.version)
      if (otherVersion()) {
        found.push(record.version ?? 'none')
        continue
      }
      affinity.url = other.url
      affinity.moves = (affinity.moves ?? 0) + 1
      return value
    } catch (error) {
      if (otherVersion()) {
        found.push(record.version ?? 'none')
        pool.answered(other)
        continue
      }
      if (!isTransient(error)) throw error
      pool.failed(other, error)
    }
  }
  if (found.length > 0) throw new ServiceVersionChangedError({ walkVersion, foundVersions: found, cause: failure })
  throw failure
}

/** Whether a failure moves the call to the next endpoint: what the retry table says of a request. */
function isTransient(error: unknown): error is ChainxError {
  return shouldRetry(error, { context: 'request', failures: 0 })
}
