/** Which HTTP endpoint a fault applies to; omitted means every endpoint. */
export type FaultEndpoint = 'graphql' | 'rpc'

/** A scheduled bad response. */
export type FaultKind = 'status' | 'html502' | 'truncate'

interface ScheduledFault {
  kind: FaultKind
  remaining: number
  endpoint: FaultEndpoint | undefined
  status?: number
  retryAfterSeconds?: number | undefined
}

/** What the request handler must do for one response. */
export type FaultAction =
  | { kind: 'status'; status: number; retryAfterSeconds?: number | undefined }
  | { kind: 'html502' }
  | { kind: 'truncate' }

/** Options shared by the fault methods. */
export interface FaultOptions {
  /** Only responses of this endpoint are affected. */
  endpoint?: FaultEndpoint
}

/**
 * Faults on demand for the mock network's HTTP endpoints (sockets and msw alike): added
 * latency, the next N responses as 429 / 503 / an HTML 502 page / truncated JSON, dropping
 * every WebSocket without a close frame, and dropping every subscription silently (the
 * sockets stay open). Faults are used up in the order scheduled. The WebSocket faults act
 * on `startMockNetwork`'s socket server and do nothing behind msw (no WebSocket there).
 *
 * @example
 * network.faults.rateLimitNext(2, { retryAfterSeconds: 1 })
 * network.faults.truncateNext(1, { endpoint: 'graphql' })
 * network.faults.dropWebSockets()
 * network.faults.dropSubscriptionsSilently()
 */
export class MockFaults {
  #latency: { ms: number; endpoint: FaultEndpoint | undefined } | undefined
  readonly #queue: ScheduledFault[] = []
  readonly #dropListeners = new Set<() => void>()
  readonly #silentDropListeners = new Set<() => void>()

  /** Adds `ms` of latency before every response (0 removes it). */
  addLatency(ms: number, options: FaultOptions = {}): this {
    this.#latency = ms > 0 ? { ms, endpoint: options.endpoint } : undefined
    return this
  }

  /** The next `count` responses are 429 Too Many Requests with `Retry-After`. */
  rateLimitNext(count: number, options: FaultOptions & { retryAfterSeconds?: number } = {}): this {
    return this.#schedule({ kind: 'status', status: 429, remaining: count, endpoint: options.endpoint, retryAfterSeconds: options.retryAfterSeconds ?? 1 })
  }

  /** The next `count` responses are 503 Service Unavailable (with `Retry-After` when given). */
  unavailableNext(count: number, options: FaultOptions & { retryAfterSeconds?: number } = {}): this {
    return this.#schedule({ kind: 'status', status: 503, remaining: count, endpoint: options.endpoint, retryAfterSeconds: options.retryAfterSeconds })
  }

  /** The next `count` responses are an HTML 502 Bad Gateway page, as a proxy sends. */
  badGatewayNext(count: number, options: FaultOptions = {}): this {
    return this.#schedule({ kind: 'html502', remaining: count, endpoint: options.endpoint })
  }

  /** The next `count` responses are the real JSON cut mid-body, with status 200. */
  truncateNext(count: number, options: FaultOptions = {}): this {
    return this.#schedule({ kind: 'truncate', remaining: count, endpoint: options.endpoint })
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

  /** Removes latency and every scheduled fault. */
  clear(): void {
    this.#latency = undefined
    this.#queue.length = 0
  }

  /** Latency to add before answering a request to `endpoint`. */
  latencyFor(endpoint: FaultEndpoint | undefined): number {
    const latency = this.#latency
    return latency && (latency.endpoint === undefined || latency.endpoint === endpoint) ? latency.ms : 0
  }

  /** Takes the next scheduled fault for `endpoint`, if any. */
  take(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const index = this.#queue.findIndex((fault) => fault.endpoint === undefined || fault.endpoint === endpoint)
    const fault = this.#queue[index]
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining <= 0) this.#queue.splice(index, 1)
    if (fault.kind === 'status') return { kind: 'status', status: fault.status ?? 503, retryAfterSeconds: fault.retryAfterSeconds }
    return { kind: fault.kind }
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

  #schedule(fault: ScheduledFault): this {
    if (fault.remaining > 0) this.#queue.push(fault)
    return this
  }
}
