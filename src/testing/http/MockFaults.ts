import { checkCount, takeCountedMode, zeroFaultCounts, type CountedMode } from './faultCounts.js'
import {
  faultKindOf,
  faultApplies,
  type FaultAction,
  type FaultEndpoint,
  type FaultOptions,
  type HostileServiceConfig,
  type MockFaultKind,
} from './faultKinds.js'
import { createRandomMix, drawRandomFault, type RandomFaultOptions, type RandomMix } from './randomFaultMix.js'

export {
  TRANSIENT_FAULT_KINDS,
  type FaultAction,
  type FaultEndpoint,
  type FaultOptions,
  type HostileServiceConfig,
  type MockFaultKind,
  type TransientFaultKind,
} from './faultKinds.js'
export type { RandomFaultOptions } from './randomFaultMix.js'

interface ScheduledFault {
  action: FaultAction
  remaining: number
  endpoint: FaultEndpoint | undefined
}

/** Options of `rateLimitNext`. */
export interface RateLimitFaultOptions extends FaultOptions {
  /**
   * The wait asked for in `Retry-After`.
   * @default 1
   */
  retryAfterSeconds?: number
  /**
   * The body is a proxy's HTML page instead of the service's small JSON.
   * @default false
   */
  html?: boolean
  /**
   * `Retry-After` is an HTTP date (now + `retryAfterSeconds`) instead of seconds.
   * @default false
   */
  retryAfterDate?: boolean
}

/**
 * Faults on demand for the mock network's HTTP endpoints (sockets and msw alike): added
 * latency; the next N responses as 429 (JSON or HTML, `Retry-After` in seconds or as a
 * date), 503, an HTML 502 page, a connection reset (before the response or in the middle
 * of its body), a slow answer or truncated JSON; a random mix of all of these at a given
 * rate from a seeded PRNG; pages with no items that claim more, for GraphQL connections and
 * `chainx_queryEvents`; an unusable `serviceConfig`; dropping every WebSocket without a
 * close frame, and dropping every subscription silently (the sockets stay open).
 * Scheduled faults are used up in the order scheduled, before the random mix. The
 * WebSocket faults act on `startMockNetwork`'s socket server and do nothing behind msw.
 *
 * @example
 * network.faults.rateLimitNext(2, { retryAfterSeconds: 1, html: true })
 * network.faults.truncateNext(1, { endpoint: 'graphql' })
 * network.faults.resetNext(1, { midBody: true })
 * network.faults.randomFaults({ rate: 0.05, seed: 7, slowMs: 500 })
 * network.faults.emptyPagesNext(Infinity)
 * network.faults.hostileServiceConfig('null')
 * network.faults.dropWebSockets()
 * console.log(network.faults.injectedCounts())
 */
export class MockFaults {
  #latency: { ms: number; endpoint: FaultEndpoint | undefined } | undefined
  readonly #queue: ScheduledFault[] = []
  #mix: RandomMix | undefined
  #emptyPages: CountedMode<null> | undefined
  #serviceConfig: CountedMode<HostileServiceConfig> | undefined
  #counts = zeroFaultCounts()
  readonly #dropListeners = new Set<() => void>()
  readonly #silentDropListeners = new Set<() => void>()

  /** Adds `ms` of latency before every response (0 removes it). */
  addLatency(ms: number, options: FaultOptions = {}): this {
    this.#latency = ms > 0 ? { ms, endpoint: options.endpoint } : undefined
    return this
  }

  /**
   * The next `count` responses are 429 Too Many Requests with `Retry-After`: a small JSON
   * body by default, or a proxy's HTML page; the wait in seconds, or as an HTTP date.
   *
   * @example
   * network.faults.rateLimitNext(1, { html: true, retryAfterDate: true, retryAfterSeconds: 2 })
   */
  rateLimitNext(count: number, options: RateLimitFaultOptions = {}): this {
    const action: FaultAction = {
      kind: 'rateLimit',
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      html: options.html ?? false,
      retryAfterDate: options.retryAfterDate ?? false,
    }
    return this.#schedule(action, count, options)
  }

  /** The next `count` responses are 503 Service Unavailable (with `Retry-After` when given). */
  unavailableNext(count: number, options: FaultOptions & { retryAfterSeconds?: number } = {}): this {
    return this.#schedule({ kind: 'unavailable', retryAfterSeconds: options.retryAfterSeconds }, count, options)
  }

  /** The next `count` responses are an HTML 502 Bad Gateway page, as a proxy sends. */
  badGatewayNext(count: number, options: FaultOptions = {}): this {
    return this.#schedule({ kind: 'badGateway' }, count, options)
  }

  /** The next `count` responses are the real JSON cut mid-body, with status 200. */
  truncateNext(count: number, options: FaultOptions = {}): this {
    return this.#schedule({ kind: 'truncate' }, count, options)
  }

  /**
   * The next `count` requests get their connection reset (a TCP RST): before any byte of
   * the response, or with `midBody` after the status line, the headers (announcing the full
   * `content-length`) and the first half of the body. Behind msw: a network error, or a
   * body stream that fails half way.
   *
   * @example
   * network.faults.resetNext(1, { midBody: true, endpoint: 'rpc' })
   */
  resetNext(count: number, options: FaultOptions & { midBody?: boolean } = {}): this {
    return this.#schedule({ kind: 'reset', midBody: options.midBody ?? false }, count, options)
  }

  /**
   * The next `count` responses are the right answer sent after `delayMs` (default 1 s), as
   * over a congested path; make it longer than the client's `timeoutMs` to see timeouts.
   * Unlike `addLatency`, the service's own `requestTimeoutMs` does not apply.
   *
   * @example
   * network.faults.slowNext(1, { delayMs: 500 })
   */
  slowNext(count: number, options: FaultOptions & { delayMs?: number } = {}): this {
    return this.#schedule({ kind: 'slow', delayMs: options.delayMs ?? 1_000 }, count, options)
  }

  /**
   * Makes about `rate` of all responses faults, drawn by a PRNG seeded with `seed`, until
   * `clear()` or a call with `rate: 0`. The kinds come from a shuffled deck, so each is
   * dealt equally often. Retry-After defaults to 0 here so that retrying clients stay fast.
   *
   * @example
   * const mock = await startMockNetwork({ events: 10_000 })
   * mock.network.faults.randomFaults({ rate: 0.05, seed: 42, slowMs: 300 })
   * const client = new ChainxClient({ ...mock, timeoutMs: 200, retry: { retries: 6, baseDelayMs: 1, maxDelayMs: 5 } })
   * const events = await client.events.iterate({ filter: { All: [] } }).toArray({ maxItems: 10_000 })
   * console.log(events.length, mock.network.faults.injectedCounts())
   */
  randomFaults(options: RandomFaultOptions): this {
    this.#mix = createRandomMix(options)
    return this
  }

  /**
   * The next `count` pages answer no items while claiming more (`hasNextPage` and
   * `hasPreviousPage` true) with a fresh cursor each time: GraphQL responses holding a
   * connection, and `chainx_queryEvents` results. `Infinity` never stops (until `clear()`),
   * as a broken indexer does; a finite count is a sparse stretch, after which the fresh
   * cursor leads back to where the walk was, so nothing is lost. GraphQL cursors are
   * recognised when sent as variables.
   *
   * @example
   * network.faults.emptyPagesNext(Infinity, { endpoint: 'rpc' })
   */
  emptyPagesNext(count: number, options: FaultOptions = {}): this {
    checkCount(count, 'emptyPagesNext')
    this.#emptyPages = count > 0 ? { remaining: count, endpoint: options.endpoint, value: null } : undefined
    return this
  }

  /**
   * Answers the next `count` GraphQL queries that read `serviceConfig` (default: all,
   * until `clear()`) with an unusable answer, see HostileServiceConfig.
   *
   * @example
   * network.faults.hostileServiceConfig('missing') // {"data":{}}
   * network.faults.hostileServiceConfig({ deepNesting: 50_000 }, { count: 1 })
   */
  hostileServiceConfig(answer: HostileServiceConfig, options: { count?: number } = {}): this {
    const count = options.count ?? Infinity
    checkCount(count, 'hostileServiceConfig')
    this.#serviceConfig = count > 0 ? { remaining: count, endpoint: 'graphql', value: answer } : undefined
    return this
  }

  /**
   * How many faults of each kind were served since the network started or `clear()`.
   *
   * @example
   * const { truncate, resetMidBody } = network.faults.injectedCounts()
   */
  injectedCounts(): Record<MockFaultKind, number> {
    return { ...this.#counts }
  }

  /** Drops every open WebSocket connection without a close frame. */
  dropWebSockets(): void {
    for (const listener of this.#dropListeners) listener()
  }

  /**
   * Removes every WebSocket subscription on the server without closing its socket or
   * telling the client, as the reference service does with a slow subscriber
   * (jsonrpc-anchor 2.8): calls are still answered, no event arrives for the old ids any
   * more, and unsubscribing one answers `false`. Subscriptions made afterwards work.
   */
  dropSubscriptionsSilently(): void {
    for (const listener of this.#silentDropListeners) listener()
  }

  /** Removes latency, every scheduled fault, the random mix and the counts. */
  clear(): void {
    this.#latency = undefined
    this.#queue.length = 0
    this.#mix = undefined
    this.#emptyPages = undefined
    this.#serviceConfig = undefined
    this.#counts = zeroFaultCounts()
  }

  /** Latency to add before answering a request to `endpoint`. */
  latencyFor(endpoint: FaultEndpoint | undefined): number {
    const latency = this.#latency
    return latency && faultApplies(latency.endpoint, endpoint) ? latency.ms : 0
  }

  /** Takes the next scheduled fault for `endpoint`, else draws from the random mix, and counts it. */
  take(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const action = this.#takeScheduled(endpoint) ?? drawRandomFault(this.#mix, endpoint)
    if (action) this.#counts[faultKindOf(action)]++
    return action
  }

  /** Whether the next page of `endpoint` is to be emptied; counts it when it is. */
  takeEmptyPage(endpoint: FaultEndpoint): boolean {
    return this.#takeCounted(this.#emptyPages, endpoint, 'emptyPage') !== undefined
  }

  /** Whether empty pages are under way for `endpoint` (their fresh cursors must be recognised). */
  emptyPagesActive(endpoint: FaultEndpoint): boolean {
    const mode = this.#emptyPages
    return mode !== undefined && mode.remaining > 0 && faultApplies(mode.endpoint, endpoint)
  }

  /** The hostile answer for the next `serviceConfig` query, if any; counts it. */
  takeHostileServiceConfig(): HostileServiceConfig | undefined {
    return this.#takeCounted(this.#serviceConfig, 'graphql', 'hostileServiceConfig')
  }

  /** Registers what `dropWebSockets` does (the socket server calls this). */
  onDropWebSockets(listener: () => void): () => void {
    this.#dropListeners.add(listener)
    return () => {
      this.#dropListeners.delete(listener)
    }
  }

  /** Registers what `dropSubscriptionsSilently` does (the socket server calls this). */
  onDropSubscriptionsSilently(listener: () => void): () => void {
    this.#silentDropListeners.add(listener)
    return () => {
      this.#silentDropListeners.delete(listener)
    }
  }

  #takeCounted<T>(mode: CountedMode<T> | undefined, endpoint: FaultEndpoint, kind: MockFaultKind): T | undefined {
    const taken = takeCountedMode(mode, endpoint)
    if (taken) this.#counts[kind]++
    return taken?.value
  }

  #takeScheduled(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const index = this.#queue.findIndex((fault) => faultApplies(fault.endpoint, endpoint))
    const fault = this.#queue[index]
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining <= 0) this.#queue.splice(index, 1)
    return fault.action
  }

  #schedule(action: FaultAction, count: number, options: FaultOptions): this {
    if (count > 0) this.#queue.push({ action, remaining: count, endpoint: options.endpoint })
    return this
  }
}
