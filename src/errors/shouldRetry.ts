import { isChainxError, type ChainxErrorCode } from './codes.js'

/**
 * Who asks whether to try again: a request's retries, a poll of `watch`, or a subscribe call on a live socket.
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
 * A message of the service that marks an error transient when its code does not (the service gives no other sign).
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
    reason: 'a lagging node behind a load balancer, for a valid cursor (jsonrpc-anchor 2.2)',
  },
]

/** JSON-RPC codes transient on a subscribe call: rate limit, internal error or time-out, transient (jsonrpc-anchor 2.6). */
const TRANSIENT_RPC_CODES: ReadonlySet<number> = new Set([-32009, -32603, -32050])

/** HTTP statuses worth another attempt: 5xx (RFC 9110 15.6) and 408 (15.5.9); 429 is `RATE_LIMITED`, always retried. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408
}

/**
 * Whether a JSON-RPC error is transient on any call (jsonrpc-anchor 2.6): -32050, and -32603 with `id: null` (the service's own
 * request time-out); a -32603 with the request's id is an internal error, final.
 */
export function isTransientRpcError(rpcCode: number, id?: unknown): boolean {
  return rpcCode === -32050 || (rpcCode === -32603 && id === null)
}

/** The fields of an error the rules read. */
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

const always: Rule = () => true

/** The one table of retry decisions, by error code; a code not listed is final. */
const RETRY_BY_CODE: Partial<Record<ChainxErrorCode, Rule>> = {
  NETWORK: always,
  RATE_LIMITED: always,
  // The SDK's per-attempt limit (`timeoutMs` set) is worth another attempt; the caller's deadline is final.
  TIMEOUT: (error) => error.timeoutMs !== undefined,
  HTTP: (error) => isTransientStatus(error.status ?? 0),
  // Every request is a read: an undecodable body is retried; content the caller's own checks rejected (`eventType` set) is not.
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
  // The indexer's database: a lost connection is retried from the watermark; a refused statement is final.
  DATABASE: (error) => error.connectionLost === true,
}

/**
 * Whether trying again may succeed, by the one table: the error's code, who asks, and the failures in a row (never for a non-SDK error).
 *
 * @example
 * if (shouldRetry(error, { context: 'request', failures: n })) await sleep(backoffDelay(n, options))
 */
export function shouldRetry(error: unknown, attempt: RetryAttempt): boolean {
  return isChainxError(error) && (RETRY_BY_CODE[error.code]?.(error, attempt) ?? false)
}

/** The wait the server asked for with an error (`Retry-After` of a 429 or 503), if any. */
export function retryAfterOf(error: unknown): number | undefined {
  const asked = typeof error === 'object' && error !== null ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined
  return typeof asked === 'number' ? asked : undefined
}
