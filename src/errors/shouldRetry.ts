import { hasBrand, type ChainxErrorCode } from './codes.js'

/**
 * Who asks whether to try again: one request's retries (`'request'`, the transport), a poll of
 * `watch` (`'poll'`), or a subscribe call on a live socket (`'resubscribe'`).
 *
 * @example
 * shouldRetry(error, { context: 'poll', failures: 2 })
 */
export type RetryContext = 'request' | 'poll' | 'resubscribe'

/**
 * What `shouldRetry` knows about the attempt that failed.
 *
 * @example
 * const attempt: RetryAttempt = { context: 'request', failures: 0 }
 */
export interface RetryAttempt {
  /** Who asks. */
  context: RetryContext
  /** Failed attempts in a row before this one (0 for the first failure). */
  failures: number
}

/**
 * A message of the real service that says an error is transient when its code does not, with
 * where it is documented. Recognising it by its text is legitimate: the service gives no other
 * sign.
 *
 * @example
 * KNOWN_SERVICE_MESSAGES[0]?.pattern.test('Could not find the referenced transaction [TransactionDigest(x)].') // true
 */
export interface KnownServiceMessage {
  /** The JSON-RPC error code it comes with. */
  rpcCode: number
  /** How the message starts. */
  pattern: RegExp
  /** Tries allowed before it is final. */
  maxRetries: number
  /** Why it is transient, and the reference. */
  reason: string
}

/**
 * The service's messages that mark a transient failure, each with its reference.
 *
 * @example
 * for (const known of KNOWN_SERVICE_MESSAGES) console.log(known.rpcCode, known.reason)
 */
export const KNOWN_SERVICE_MESSAGES: readonly KnownServiceMessage[] = [
  {
    rpcCode: -32602,
    pattern: /^Could not find the referenced transaction/,
    maxRetries: 3,
    reason:
      'chainx_queryEvents with a cursor whose transaction the node does not know (TransactionNotFound): behind a load balancer a lagging node answers this for a valid cursor (jsonrpc-anchor 2.2)',
  },
]

/**
 * JSON-RPC codes of the service that are transient on a subscribe call: rate limit (-32009,
 * "Too many requests"), internal error or time-out (-32603), transient (-32050) (jsonrpc-anchor 2.6).
 *
 * @example
 * TRANSIENT_RPC_CODES.has(-32050) // true
 */
export const TRANSIENT_RPC_CODES: ReadonlySet<number> = new Set([-32009, -32603, -32050])

/**
 * HTTP statuses worth another attempt: every 5xx (the server failed, RFC 9110 15.6; the
 * service's 503 comes with `Retry-After`) and 408 Request Timeout (RFC 9110 15.5.9); 429 is
 * `RATE_LIMITED`, always retried.
 *
 * @example
 * isTransientStatus(503) // true
 * isTransientStatus(404) // false
 */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408
}

/**
 * Whether a JSON-RPC error of the service is transient on any call (jsonrpc-anchor 2.6):
 * -32050, the service's transient error (execution time-outs, overload), and -32603 sent with
 * `id: null`, the service's own request time-out (`JSON_RPC_TIMEOUT`, 60 s by default); a
 * -32603 with the request's id is an internal error, final.
 *
 * @example
 * isTransientRpcError(-32603, null) // true: the service timed the request out
 * isTransientRpcError(-32603, 7) // false
 */
export function isTransientRpcError(rpcCode: number, id?: unknown): boolean {
  return rpcCode === -32050 || (rpcCode === -32603 && id === null)
}

/**
 * Whether a GraphQL error entry is the service's rate limit refusing the request, which the SDK
 * reports as `RATE_LIMITED` (always retried): an `extensions.code` of `RATE_LIMITED`, or a
 * message saying "too many requests". The spec says only "request is refused" (spec 7, 8.1) and
 * the public endpoints limit at the edge, with no code or status in the service's own code
 * (graphql-anchor 4); the text is the one the JSON-RPC side sends with -32009 (jsonrpc-anchor 2.6).
 *
 * @example
 * isRateLimitGraphQLError(undefined, 'Too many requests') // true
 */
export function isRateLimitGraphQLError(extensionCode: unknown, message: string): boolean {
  return extensionCode === 'RATE_LIMITED' || /too many requests/i.test(message)
}

/** The fields of an error the rules read (the classes that carry them set them). */
interface Failed {
  code: ChainxErrorCode
  message: string
  timeoutMs?: number | undefined
  status?: number
  rpcCode?: number
  id?: unknown
  eventType?: string
  connectionLost?: boolean
}

type Rule = (error: Failed, attempt: RetryAttempt) => boolean

const never: Rule = () => false
const always: Rule = () => true

/**
 * The one table of retry decisions, by error code. The transport, `watch`'s polls and the
 * subscription's resubscribe all ask it; nothing else decides whether to try again.
 */
const RETRY_BY_CODE: Record<ChainxErrorCode, Rule> = {
  NETWORK: always,
  RATE_LIMITED: always,
  // The SDK's per-attempt limit (`timeoutMs` set) is worth another attempt; the caller's deadline is final.
  TIMEOUT: (error) => error.timeoutMs !== undefined,
  // 5xx and 408 (`isTransientStatus`).
  HTTP: (error) => isTransientStatus(error.status ?? 0),
  // Every request is a read: an undecodable body is retried; one event's content that the caller's
  // own checks rejected (`EventContentError`, `MoveEventError`: `eventType` set) is not.
  INVALID_RESPONSE: (error) => error.eventType === undefined,
  JSON_RPC: (error, { context, failures }) => {
    const rpcCode = error.rpcCode ?? 0
    if (isTransientRpcError(rpcCode, error.id)) return true
    if (context === 'resubscribe' && TRANSIENT_RPC_CODES.has(rpcCode)) return true
    if (context !== 'poll') return false
    return KNOWN_SERVICE_MESSAGES.some(
      (known) => known.rpcCode === rpcCode && known.pattern.test(error.message) && failures < known.maxRetries,
    )
  },
  // A page that claims more without moving: the walk stops; a poll reports it and polls again later.
  CURSOR_NOT_ADVANCING: (_error, { context }) => context === 'poll',
  SOCKET_CLOSED: always,
  ABORTED: never,
  CLIENT_CLOSED: never,
  // The walk that met it moves to a replica of its version or stops with resumeCursor; the request itself is final.
  VERSION_CHANGED: never,
  // A callback of the caller threw, or something the SDK did not expect: retrying would not help.
  UNEXPECTED: never,
  // The loader itself tries again on the next call.
  CHUNK_LOAD_FAILED: never,
  // The indexer's database: a lost or refused connection is retried from the watermark; a refused statement is final.
  DATABASE: (error) => error.connectionLost === true,
  INVALID_ARGUMENT: never,
  INVALID_FILTER: never,
  RESPONSE_TOO_LARGE: never,
  GRAPHQL: never,
  FIRST_AND_LAST: never,
  PAGE_SIZE_EXCEEDED: never,
  UNUSED_VARIABLE: never,
  MISSING_VARIABLE: never,
  QUERY_LIMIT: never,
  CURSOR_CHECKPOINT_MISMATCH: never,
  STALE_CURSOR: never,
  EMPTY_PAGES: never,
}

/**
 * Whether trying again may succeed, decided by the one table (`RETRY_BY_CODE`): by the error's
 * code, who asks, and how many attempts failed in a row. Anything that is not a chainx-sdk
 * error is never retried.
 *
 * @example
 * if (shouldRetry(error, { context: 'request', failures: n })) await sleep(backoffDelay(n, options))
 */
export function shouldRetry(error: unknown, attempt: RetryAttempt): boolean {
  return hasBrand(error) && RETRY_BY_CODE[error.code](error, attempt)
}

/**
 * The wait the server asked for with an error (`Retry-After` of a 429 or 503), if any.
 *
 * @example
 * retryAfterOf(new RateLimitedError({ status: 429, retryAfterMs: 2_000 })) // 2000
 */
export function retryAfterOf(error: unknown): number | undefined {
  const asked = typeof error === 'object' && error !== null ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined
  return typeof asked === 'number' ? asked : undefined
}
