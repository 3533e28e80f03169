import { ChainxError } from '../../errors/ChainxError.js'
import { ServiceVersionChangedError } from '../../errors/ServiceVersionChangedError.js'
import { sleep } from '../../utils/sleep.js'
import type { RateLimiter } from '../createRateLimiter.js'
import type { EndpointAffinity } from '../endpoints.js'
import { isTransient } from '../isTransient.js'
import { backoffDelay, retryAfterOf, type ResolvedRetryOptions } from '../withRetry.js'
import type { EndpointPool, PoolEntry } from './EndpointPool.js'

/** What one attempt tells the pool besides its result. */
export interface AttemptOutcome<T> {
  value: T
  durationMs: number
  version: string | undefined
}

/**
 * One attempt at one endpoint, as the transport makes it. `requireVersion`: fail with
 * `ServiceVersionChangedError` (before reading the body) when the answer's
 * `x-chain-rpc-version` is another. `failover`: this attempt moved from another endpoint.
 */
export type EndpointAttempt<T> = (
  url: string,
  limiter: RateLimiter | undefined,
  attemptNumber: number,
  requireVersion: string | undefined,
  failover: boolean,
) => Promise<AttemptOutcome<T>>

/**
 * Sends one call over several endpoints. Without affinity (or before it is set): the ranked
 * endpoints in turn, moving on at each transient failure (at once to one not yet tried in
 * this call, after the backoff delay to one that was), within one retry budget for the whole
 * call; a probe's failure costs no retry; a non-transient failure ends the call. With an
 * affinity set: its endpoint with the whole budget, then, once that is spent, each other
 * endpoint once, accepting only an answer of the affinity's version.
 *
 * @example
 * const value = await sendWithFailover(pool, attempt, resolveRetryOptions({}), signal, affinity)
 */
export function sendWithFailover<T>(
  pool: EndpointPool,
  attempt: EndpointAttempt<T>,
  retry: ResolvedRetryOptions,
  signal: AbortSignal | undefined,
  affinity: EndpointAffinity | undefined,
): Promise<T> {
  const pinned = affinity?.url === undefined ? undefined : pool.entries.find((entry) => entry.url === affinity.url)
  return pinned && affinity ? sendPinned(pool, pinned, attempt, retry, signal, affinity) : sendRanked(pool, attempt, retry, signal, affinity)
}

async function sendRanked<T>(
  pool: EndpointPool,
  attempt: EndpointAttempt<T>,
  retry: ResolvedRetryOptions,
  signal: AbortSignal | undefined,
  affinity: EndpointAffinity | undefined,
): Promise<T> {
  const failedHere = new Set<PoolEntry>()
  let retriesLeft = retry.retries
  let backoffs = 0
  let lastError: ChainxError | undefined
  for (let n = 0; ; n++) {
    const order = pool.ranked()
    let entry = order.find((candidate) => !failedHere.has(candidate))
    if (!entry) {
      entry = order[0]
      if (entry) await sleep(backoffDelay(backoffs++, retry), signal)
      else {
        // Every endpoint waits out a Retry-After: wait for the first, unless it asks too much.
        const wait = pool.nextOpening() - Date.now()
        if (!(wait <= retry.maxRetryAfterMs) || lastError === undefined) throw lastError
        await sleep(Math.max(wait, backoffDelay(backoffs++, retry)), signal)
        n--
        continue
      }
    }
    const probe = pool.isProbe(entry)
    if (probe) entry.probing = true
    try {
      const outcome = await attempt(entry.url, entry.limiter, n, undefined, lastError !== undefined && !failedHere.has(entry))
      pool.succeeded(entry, outcome.durationMs, outcome.version)
      if (affinity) Object.assign(affinity, { url: entry.url, version: outcome.version })
      return outcome.value
    } catch (error) {
      entry.probing = false
      if (!(error instanceof ChainxError) || !isTransient(error)) {
        if (error instanceof ChainxError) pool.answered(entry)
        throw error
      }
      pool.failed(entry, error)
      failedHere.add(entry)
      lastError = error
      if (!probe && retriesLeft-- <= 0) throw error
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
  for (;;) {
    try {
      const outcome = await attempt(entry.url, entry.limiter, n, undefined, false)
      pool.succeeded(entry, outcome.durationMs, outcome.version)
      return outcome.value
    } catch (error) {
      if (!(error instanceof ChainxError) || !isTransient(error)) throw error
      pool.failed(entry, error)
      failure = error
      const asked = retryAfterOf(error)
      if (n >= retry.retries || (asked !== undefined && asked > retry.maxRetryAfterMs)) break
      await sleep(Math.max(asked ?? 0, backoffDelay(n, retry)), signal)
      n++
    }
  }
  // The walk's endpoint is spent: each other one once, for an answer of the walk's version.
  const walkVersion = affinity.version ?? ''
  const found: string[] = []
  for (const other of pool.ranked()) {
    if (other === entry) continue
    try {
      const outcome = await attempt(other.url, other.limiter, ++n, walkVersion, true)
      pool.succeeded(other, outcome.durationMs, outcome.version)
      affinity.url = other.url
      affinity.moves = (affinity.moves ?? 0) + 1
      return outcome.value
    } catch (error) {
      if (error instanceof ServiceVersionChangedError) {
        found.push(...error.foundVersions)
        pool.answered(other)
        continue
      }
      if (!(error instanceof ChainxError) || !isTransient(error)) throw error
      pool.failed(other, error)
    }
  }
  if (found.length > 0) throw new ServiceVersionChangedError({ walkVersion, foundVersions: found, cause: failure })
  throw failure
}
