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
  'rateLimit' | 'rateLimitHtml' | 'rateLimitHtmlDate' | 'unavailable' | 'badGateway' | 'reset' | 'resetMidBody' | 'slow' | 'truncate'

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

/** Every kind `injectedCounts` reports. */
export const ALL_FAULT_KINDS: readonly MockFaultKind[] = [...TRANSIENT_FAULT_KINDS, 'emptyPage', 'hostileServiceConfig']

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

/** Options shared by the fault methods. */
export interface FaultOptions {
  /** Only responses of this endpoint are affected. */
  endpoint?: FaultEndpoint
}

/** The kind a served fault is counted as. */
export function faultKindOf(action: FaultAction): TransientFaultKind {
  if (action.kind === 'rateLimit') return action.html ? (action.retryAfterDate ? 'rateLimitHtmlDate' : 'rateLimitHtml') : 'rateLimit'
  if (action.kind === 'reset') return action.midBody ? 'resetMidBody' : 'reset'
  return action.kind
}

/** Whether a fault limited to `endpoint` (undefined: every endpoint) applies to a response of `target`. */
export function faultApplies(endpoint: FaultEndpoint | undefined, target: FaultEndpoint | undefined): boolean {
  return endpoint === undefined || endpoint === target
}
