import { createRandom, type Random } from '../ledger/createRandom.js'

/** Which HTTP endpoint a fault applies to; omitted means every endpoint. */
export type FaultEndpoint = 'graphql' | 'rpc'

/**
 * The transient faults, each one a response a client should retry:
 * - `rateLimit`: 429 with a small JSON body and `Retry-After` in seconds;
 * - `rateLimitHtml`: 429 with a proxy's HTML page and `Retry-After` in seconds;
 * - `rateLimitHtmlDate`: 429 with an HTML page and `Retry-After` as an HTTP date;
 * - `unavailable`: 503 in plain text;
 * - `badGateway`: a proxy's HTML 502 page;
 * - `reset`: the connection is reset before any byte of the response;
 * - `resetMidBody`: the headers and part of the body arrive, then the connection is reset;
 * - `slow`: the right answer, late (after the fault's delay);
 * - `truncate`: status 200 and the right JSON cut mid-body.
 *
 * @example
 * network.faults.randomFaults({ rate: 0.05, seed: 7, kinds: ['reset', 'truncate'] satisfies TransientFaultKind[] })
 */
export type TransientFaultKind =
  | 'rateLimit'
  | 'rateLimitHtml'
  | 'rateLimitHtmlDate'
  | 'unavailable'
  | 'badGateway'
  | 'reset'
  | 'resetMidBody'
  | 'slow'
  | 'truncate'

/**
 * Every fault the mock network counts: the transient ones, plus `emptyPage` (a page with
 * no items that claims more) and `hostileServiceConfig` (an unusable `serviceConfig` answer).
 *
 * @example
 * const counts: Record<MockFaultKind, number> = network.faults.injectedCounts()
 */
export type MockFaultKind = TransientFaultKind | 'emptyPage' | 'hostileServiceConfig'

/**
 * Every transient fault kind, the default mix of `randomFaults`.
 *
 * @example
 * network.faults.randomFaults({ rate: 0.05, kinds: TRANSIENT_FAULT_KINDS.filter((kind) => kind !== 'slow') })
 */
export const TRANSIENT_FAULT_KINDS: readonly TransientFaultKind[] = Object.freeze([
  'rateLimit',
  'rateLimitHtml',
  'rateLimitHtmlDate',
  'unavailable',
  'badGateway',
  'reset',
  'resetMidBody',
  'slow',
  'truncate',
])

const ALL_FAULT_KINDS: readonly MockFaultKind[] = [...TRANSIENT_FAULT_KINDS, 'emptyPage', 'hostileServiceConfig']

/**
 * An unusable `serviceConfig` answer, for queries that read it:
 * - `missing`: the body `{"data":{}}`;
 * - `null`: the body `{"data":{"serviceConfig":null}}`;
 * - `wrongTypes`: every limit holds a value of the wrong type or range (`"50"`, `-1`, `2.5`,
 *   `true`, `{}`, `[]`, `9007199254740993`, in turn);
 * - `deepNesting`: every limit holds arrays nested 10,000 deep (`{ deepNesting: n }`: n deep);
 * - `{ body }`: this exact response text, status 200.
 *
 * @example
 * network.faults.hostileServiceConfig('wrongTypes')
 * network.faults.hostileServiceConfig({ body: '{"data":{"serviceConfig":{"maxPageSize":"many"}}}' })
 */
export type HostileServiceConfig = 'missing' | 'null' | 'wrongTypes' | 'deepNesting' | { deepNesting: number } | { body: string }

/** What the request handler must do for one response. */
export type FaultAction =
  | { kind: 'rateLimit'; retryAfterSeconds: number; html: boolean; retryAfterDate: boolean }
  | { kind: 'unavailable'; retryAfterSeconds: number | undefined }
  | { kind: 'badGateway' }
  | { kind: 'reset'; midBody: boolean }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'truncate' }

interface ScheduledFault {
  action: FaultAction
  remaining: number
  endpoint: FaultEndpoint | undefined
}

/** Options shared by the fault methods. */
export interface FaultOptions {
  /** Only responses of this endpoint are affected. */
  endpoint?: FaultEndpoint
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

/** Options of `randomFaults`. */
export interface RandomFaultOptions extends FaultOptions {
  /** Share of responses that are faults, from 0 (none) to 1 (all). */
  rate: number
  /**
   * Seed of the PRNG that decides which responses are faults and of which kind: the same
   * seed and the same requests give the same faults.
   * @default 1
   */
  seed?: number
  /**
   * The kinds to draw from. Kinds are dealt from a shuffled deck holding each once, so
   * every kind comes up equally often.
   * @default TRANSIENT_FAULT_KINDS (all nine)
   */
  kinds?: readonly TransientFaultKind[]
  /**
   * Delay of a `slow` response, in ms; make it longer than the client's `timeoutMs`.
   * @default 1_000
   */
  slowMs?: number
  /**
   * `Retry-After` of the 429 and 503 faults, in seconds (0 asks for no wait).
   * @default 0
   */
  retryAfterSeconds?: number
}

interface RandomMix {
  random: Random
  rate: number
  kinds: readonly TransientFaultKind[]
  deck: TransientFaultKind[]
  endpoint: FaultEndpoint | undefined
  slowMs: number
  retryAfterSeconds: number
}

interface CountedMode<T> {
  remaining: number
  endpoint: FaultEndpoint | undefined
  value: T
}

function checkCount(count: number, method: string): void {
  if (!(count >= 0)) throw new RangeError(`${method}: count must be a number >= 0 (Infinity for no end), got ${count}`)
}

function nameOf(action: FaultAction): TransientFaultKind {
  if (action.kind === 'rateLimit') return action.html ? (action.retryAfterDate ? 'rateLimitHtmlDate' : 'rateLimitHtml') : 'rateLimit'
  if (action.kind === 'reset') return action.midBody ? 'resetMidBody' : 'reset'
  return action.kind
}

function actionOf(kind: TransientFaultKind, mix: Pick<RandomMix, 'slowMs' | 'retryAfterSeconds'>): FaultAction {
  switch (kind) {
    case 'rateLimit':
    case 'rateLimitHtml':
    case 'rateLimitHtmlDate':
      return { kind: 'rateLimit', retryAfterSeconds: mix.retryAfterSeconds, html: kind !== 'rateLimit', retryAfterDate: kind === 'rateLimitHtmlDate' }
    case 'unavailable':
      return { kind: 'unavailable', retryAfterSeconds: mix.retryAfterSeconds }
    case 'reset':
    case 'resetMidBody':
      return { kind: 'reset', midBody: kind === 'resetMidBody' }
    case 'slow':
      return { kind: 'slow', delayMs: mix.slowMs }
    default:
      return { kind }
  }
}

function applies(endpoint: FaultEndpoint | undefined, target: FaultEndpoint | undefined): boolean {
  return endpoint === undefined || endpoint === target
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
  #counts = MockFaults.#zeroCounts()
  readonly #dropListeners = new Set<() => void>()
  readonly #silentDropListeners = new Set<() => void>()

  static #zeroCounts(): Record<MockFaultKind, number> {
    return Object.fromEntries(ALL_FAULT_KINDS.map((kind) => [kind, 0])) as Record<MockFaultKind, number>
  }

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
   * const events = await client.events.iterate({ filter: { All: [] } }).toArray({ limit: 10_000 })
   * console.log(events.length, mock.network.faults.injectedCounts())
   */
  randomFaults(options: RandomFaultOptions): this {
    const { rate } = options
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`randomFaults: rate must be between 0 and 1, got ${rate}`)
    const kinds = options.kinds ?? TRANSIENT_FAULT_KINDS
    if (rate > 0 && kinds.length === 0) throw new RangeError('randomFaults: kinds must not be empty')
    this.#mix =
      rate === 0
        ? undefined
        : {
            random: createRandom(options.seed ?? 1),
            rate,
            kinds: [...kinds],
            deck: [],
            endpoint: options.endpoint,
            slowMs: options.slowMs ?? 1_000,
            retryAfterSeconds: options.retryAfterSeconds ?? 0,
          }
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
    this.#counts = MockFaults.#zeroCounts()
  }

  /** Latency to add before answering a request to `endpoint`. */
  latencyFor(endpoint: FaultEndpoint | undefined): number {
    const latency = this.#latency
    return latency && applies(latency.endpoint, endpoint) ? latency.ms : 0
  }

  /** Takes the next scheduled fault for `endpoint`, else draws from the random mix, and counts it. */
  take(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const action = this.#takeScheduled(endpoint) ?? this.#draw(endpoint)
    if (action) this.#counts[nameOf(action)]++
    return action
  }

  /** Whether the next page of `endpoint` is to be emptied; counts it when it is. */
  takeEmptyPage(endpoint: FaultEndpoint): boolean {
    return this.#takeCounted(this.#emptyPages, endpoint, 'emptyPage') !== undefined
  }

  /** Whether empty pages are under way for `endpoint` (their fresh cursors must be recognised). */
  emptyPagesActive(endpoint: FaultEndpoint): boolean {
    const mode = this.#emptyPages
    return mode !== undefined && mode.remaining > 0 && applies(mode.endpoint, endpoint)
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
    if (!mode || mode.remaining <= 0 || !applies(mode.endpoint, endpoint)) return undefined
    mode.remaining--
    this.#counts[kind]++
    return mode.value
  }

  #takeScheduled(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const index = this.#queue.findIndex((fault) => applies(fault.endpoint, endpoint))
    const fault = this.#queue[index]
    if (!fault) return undefined
    fault.remaining--
    if (fault.remaining <= 0) this.#queue.splice(index, 1)
    return fault.action
  }

  #draw(endpoint: FaultEndpoint | undefined): FaultAction | undefined {
    const mix = this.#mix
    if (!mix || endpoint === undefined || !applies(mix.endpoint, endpoint)) return undefined
    if (mix.random.next() >= mix.rate) return undefined
    if (mix.deck.length === 0) {
      mix.deck = [...mix.kinds]
      for (let i = mix.deck.length - 1; i > 0; i--) {
        const j = mix.random.int(i + 1)
        ;[mix.deck[i], mix.deck[j]] = [mix.deck[j] as TransientFaultKind, mix.deck[i] as TransientFaultKind]
      }
    }
    return actionOf(mix.deck.pop() as TransientFaultKind, mix)
  }

  #schedule(action: FaultAction, count: number, options: FaultOptions): this {
    if (count > 0) this.#queue.push({ action, remaining: count, endpoint: options.endpoint })
    return this
  }
}
