import type { ChainxError } from '../../errors/ChainxError.js'
import { redactUrl } from '../../utils/redactUrl.js'
import { createRateLimiter, type RateLimiter, type RateLimiterSettings } from '../createRateLimiter.js'
import type { EndpointChange, EndpointKind, EndpointState, FailoverOptions } from '../endpointTypes.js'
import { retryAfterOf } from '../../errors/shouldRetry.js'

/** One endpoint's record: what the ranking reads. `coolUntil` and `blockedUntil` (`Retry-After`) are 0 when none. */
export interface PoolEntry {
  readonly url: string
  readonly index: number
  /** Its own per-minute limiter, when `rateLimit` is set. */
  readonly limiter: RateLimiter | undefined
  latencyMs: number | undefined
  consecutiveFailures: number
  /** Decayed failure count, as of `failuresAt`. */
  failures: number
  failuresAt: number
  coolUntil: number
  blockedUntil: number
  /** A call is probing it now. */
  probing: boolean
  lastErrorCode: string | undefined
  version: string | undefined
}

/** Settings of a pool beyond its URLs. */
export interface EndpointPoolSettings extends FailoverOptions {
  rateLimit?: number | undefined
  rateLimiter?: RateLimiterSettings | undefined
  onEndpointChange?: ((change: EndpointChange) => void) | undefined
}

const FAILURE_HALF_LIFE_MS = 60_000
/** Latencies under this count as equal: noise on a fast network must not reorder endpoints. */
const LATENCY_FLOOR_MS = 10
/** How much faster (or steadier) each later endpoint must be to go before an earlier one. */
const PREFERENCE_STEP = 0.25
const LATENCY_WEIGHT = 0.2
/** The preferred endpoint keeps its place until another beats it by this factor: no flapping. */
const STICKINESS = 0.8
/** What an endpoint not measured yet counts as when the preferred one is chosen. */
const UNMEASURED_MS = 1e9

/**
 * The endpoints of one kind and their health: ranks them for each call, records each
 * attempt's outcome, and reports a change of the preferred one.
 */
export class EndpointPool {
  readonly kind: EndpointKind
  readonly entries: readonly PoolEntry[]
  readonly #settings: EndpointPoolSettings
  #preferred: PoolEntry | undefined

  constructor(kind: EndpointKind, urls: readonly string[], settings: EndpointPoolSettings) {
    this.kind = kind
    this.#settings = settings
    const { rateLimit } = settings
    this.entries = urls.map((url, index) => ({
      url,
      index,
      limiter: rateLimit === undefined ? undefined : createRateLimiter(rateLimit, settings.rateLimiter),
      latencyMs: undefined,
      consecutiveFailures: 0,
      failures: 0,
      failuresAt: 0,
      coolUntil: 0,
      blockedUntil: 0,
      probing: false,
      lastErrorCode: undefined,
      version: undefined,
    }))
    this.#preferred = this.entries[0]
  }

  /**
   * The order to try endpoints in for one call: one whose cool-down is over (its probe), the
   * available ones by rank, then those cooling down (soonest back first); none waiting out a
   * `Retry-After`.
   */
  ranked(): PoolEntry[] {
    const now = Date.now()
    const open = this.entries.filter((entry) => entry.blockedUntil <= now)
    const probes = open.filter((entry) => entry.coolUntil > 0 && entry.coolUntil <= now && !entry.probing)
    const available = open.filter((entry) => entry.coolUntil === 0).sort((a, b) => this.#score(a, now) - this.#score(b, now))
    const cooling = open
      .filter((entry) => entry.coolUntil > now || (entry.coolUntil > 0 && entry.probing))
      .sort((a, b) => a.coolUntil - b.coolUntil)
    return [...probes, ...available, ...cooling]
  }

  /** Whether `entry` is due a probe (its cool-down is over). */
  isProbe(entry: PoolEntry): boolean {
    return entry.coolUntil > 0 && entry.coolUntil <= Date.now()
  }

  /** When the first endpoint waiting out a `Retry-After` opens again (Infinity when none waits). */
  nextOpening(): number {
    return Math.min(...this.entries.map((entry) => (entry.blockedUntil > Date.now() ? entry.blockedUntil : Infinity)))
  }

  /** Records a successful attempt. */
  succeeded(entry: PoolEntry, durationMs: number, version: string | undefined): void {
    const recovered = entry.coolUntil > 0
    entry.latencyMs = entry.latencyMs === undefined ? durationMs : entry.latencyMs + LATENCY_WEIGHT * (durationMs - entry.latencyMs)
    entry.consecutiveFailures = 0
    entry.coolUntil = 0
    entry.probing = false
    if (version !== undefined) entry.version = version.trim()
    this.#update(recovered ? 'recovered' : 'ranking')
  }

  /** Records an answer that was not a transient failure (the endpoint is up): its cool-down ends. */
  answered(entry: PoolEntry): void {
    entry.probing = false
    if (entry.coolUntil === 0) return
    entry.coolUntil = 0
    entry.consecutiveFailures = 0
    this.#update('recovered')
  }

  /** Records a transient failure: a cool-down (and the wait of its `Retry-After`, if it sent one). */
  failed(entry: PoolEntry, error: ChainxError): void {
    const now = Date.now()
    entry.probing = false
    entry.lastErrorCode = error.code
    if (error.version) entry.version = error.version.raw
    const asked = retryAfterOf(error)
    if (asked !== undefined) entry.blockedUntil = now + asked
    // A rate limit says nothing of the endpoint's health: it waits its Retry-After only.
    if (error.code !== 'RATE_LIMITED') {
      entry.failures = this.#decayed(entry, now) + 1
      entry.failuresAt = now
      entry.consecutiveFailures++
      const { cooldownMs = 5_000, maxCooldownMs = 60_000 } = this.#settings
      entry.coolUntil = now + Math.min(maxCooldownMs, cooldownMs * 2 ** (entry.consecutiveFailures - 1))
    }
    this.#update('failure')
  }

  /** What `client.endpoints()` shows. */
  states(): EndpointState[] {
    const now = Date.now()
    return this.entries.map((entry) => ({
      kind: this.kind,
      url: redactUrl(entry.url),
      index: entry.index,
      preferred: entry === this.#preferred,
      status:
        entry.blockedUntil > now
          ? 'rate-limited'
          : entry.coolUntil > now
            ? 'cooling-down'
            : entry.coolUntil > 0
              ? 'probe-due'
              : 'available',
      latencyMs: entry.latencyMs,
      consecutiveFailures: entry.consecutiveFailures,
      recentFailures: this.#decayed(entry, now),
      lastErrorCode: entry.lastErrorCode,
      version: entry.version,
      waitMs: Math.max(0, entry.blockedUntil - now, entry.coolUntil - now),
    }))
  }

  #decayed(entry: PoolEntry, now: number): number {
    return entry.failures === 0 ? 0 : entry.failures * 0.5 ** ((now - entry.failuresAt) / FAILURE_HALF_LIFE_MS)
  }

  /**
   * Lower is better: latency times recent failures, and a margin a later endpoint must beat. An
   * endpoint not measured yet is hoped fast when a call picks one (so one call measures it) and
   * feared slow when the preferred one is chosen.
   */
  #score(entry: PoolEntry, now: number, unmeasured = LATENCY_FLOOR_MS): number {
    const preference = 1 + PREFERENCE_STEP * entry.index
    if (this.#settings.rankByLatency === false) return preference
    const latency = Math.max(LATENCY_FLOOR_MS, entry.latencyMs ?? unmeasured)
    return latency * (1 + this.#decayed(entry, now)) * preference * (entry === this.#preferred ? STICKINESS : 1)
  }

  #update(reason: EndpointChange['reason']): void {
    const now = Date.now()
    const preferred =
      this.entries
        .filter((entry) => entry.coolUntil === 0 && entry.blockedUntil <= now)
        .sort((a, b) => this.#score(a, now, UNMEASURED_MS) - this.#score(b, now, UNMEASURED_MS))[0] ?? this.#preferred
    const before = this.#preferred
    if (preferred === before || !preferred || !before) return
    this.#preferred = preferred
    this.#settings.onEndpointChange?.({ kind: this.kind, from: redactUrl(before.url), to: redactUrl(preferred.url), reason })
  }
}
