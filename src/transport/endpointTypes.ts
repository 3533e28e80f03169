// Beside endpoints.ts, so that it and the failover chunk's pool import no type of each other.

/**
 * Which of the client's URL options an endpoint comes from.
 *
 * @example
 * const kind: EndpointKind = 'graphql'
 */
export type EndpointKind = 'graphql' | 'rpc' | 'ws'

/**
 * How requests move between several endpoints of one kind: a call that meets a transient
 * failure goes on at the next endpoint; a failed endpoint sits out a cool-down (doubling while
 * it keeps failing), then one call probes it.
 *
 * @example
 * new ChainxClient({ graphqlUrl: [own, backup], failover: { cooldownMs: 2_000, maxCooldownMs: 30_000 } })
 */
export interface FailoverOptions {
  /**
   * Cool-down after an endpoint's first transient failure, in ms; it doubles with each failure in a row.
   * @default 5_000
   */
  cooldownMs?: number | undefined
  /**
   * Longest cool-down, in ms (`Infinity`: none).
   * @default 60_000
   */
  maxCooldownMs?: number | undefined
  /**
   * Rank healthy endpoints by latency and recent failures; `false` keeps the order given and
   * only moves failed ones back.
   * @default true
   */
  rankByLatency?: boolean | undefined
}

/**
 * What `client.endpoints()` reports of one endpoint.
 *
 * @example
 * for (const endpoint of client.endpoints()) console.log(endpoint.kind, endpoint.url, endpoint.status, endpoint.latencyMs)
 */
export interface EndpointState {
  kind: EndpointKind
  /** The URL without credentials (user info and key-like query parameters redacted). */
  url: string
  /** Position in the option's list. */
  index: number
  /** Whether steady traffic of its kind goes here now. */
  preferred: boolean
  /** `'cooling-down'` after a transient failure, `'probe-due'` after that until a call tried it, `'rate-limited'` during its `Retry-After`. */
  status: 'available' | 'cooling-down' | 'probe-due' | 'rate-limited'
  /** Moving average of its successful attempts, in ms (undefined before any). */
  latencyMs: number | undefined
  /** Failures in a row (0 after a success). */
  consecutiveFailures: number
  /** Failures recently (each counts less as time passes: half-life one minute). */
  recentFailures: number
  /** The code of its last failure. */
  lastErrorCode: string | undefined
  /** `x-chain-rpc-version` of its last response. */
  version: string | undefined
  /** Milliseconds left of its cool-down or `Retry-After`, 0 when none. */
  waitMs: number
}

/**
 * Passed to `onEndpointChange` when the preferred endpoint of a kind changes.
 *
 * @example
 * onEndpointChange: ({ kind, from, to, reason }: EndpointChange) => console.warn(`${kind}: ${from} -> ${to} (${reason})`)
 */
export interface EndpointChange {
  kind: EndpointKind
  /** The endpoint preferred until now (URL without credentials). */
  from: string
  /** The endpoint preferred from now on (URL without credentials). */
  to: string
  /** `'failure'`: the one before failed; `'ranking'`: latency or recent failures; `'recovered'`: a probe brought an earlier one back. */
  reason: 'failure' | 'ranking' | 'recovered'
}
