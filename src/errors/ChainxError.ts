import type { ServiceVersion } from '../utils/serviceVersion.js'

/**
 * Every stable error code a chainx-sdk error can carry.
 *
 * @example
 * const retryLater: ChainxErrorCode[] = ['RATE_LIMITED', 'TIMEOUT', 'NETWORK']
 */
export type ChainxErrorCode =
  | 'FIRST_AND_LAST'
  | 'PAGE_SIZE_EXCEEDED'
  | 'UNUSED_VARIABLE'
  | 'MISSING_VARIABLE'
  | 'QUERY_LIMIT'
  | 'CURSOR_CHECKPOINT_MISMATCH'
  | 'STALE_CURSOR'
  | 'CURSOR_NOT_ADVANCING'
  | 'GRAPHQL'
  | 'RATE_LIMITED'
  | 'HTTP'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'INVALID_RESPONSE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTER'
  | 'JSON_RPC'
  | 'SOCKET_CLOSED'

/**
 * Options shared by every error constructor.
 *
 * @example
 * const options: ChainxErrorOptions = { cause: signal.reason, details: 'the caller gave up' }
 * throw new AbortedError(options)
 */
export interface ChainxErrorOptions {
  /** The error that caused this one; kept on `cause`. */
  cause?: unknown
  /** Longer explanation, kept apart from the short message. */
  details?: string | undefined
  /** Service version read from the `x-chain-rpc-version` response header, when a response was seen. */
  version?: ServiceVersion | undefined
}

/**
 * Base class of every error thrown by chainx-sdk. `code` is stable across releases;
 * `message` is short; `details` and `cause` carry the rest.
 *
 * @example
 * import { ChainxError } from 'chainx-sdk'
 * try {
 *   await client.graphql.epoch({ id: 1 })
 * } catch (error) {
 *   if (error instanceof ChainxError && error.code === 'RATE_LIMITED') console.log('slow down')
 * }
 */
export class ChainxError extends Error {
  override name = 'ChainxError'
  /** Stable machine-readable code. */
  readonly code: ChainxErrorCode
  /** The short message, without details. */
  readonly shortMessage: string
  /** Longer explanation, if any. */
  readonly details: string | undefined
  /** Service version of the response that produced the error, if one was received. */
  version: ServiceVersion | undefined
  /** Whether repeating the same request may succeed (network faults, 5xx, rate limits). */
  readonly retryable: boolean

  constructor(code: ChainxErrorCode, shortMessage: string, options: ChainxErrorOptions & { retryable?: boolean } = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = options.details
    this.version = options.version
    this.retryable = options.retryable ?? false
  }

  /**
   * Walks the `cause` chain and returns the first error matching `predicate`
   * (the deepest cause when no predicate is given).
   *
   * @example
   * const root = error.walk()
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    if (predicate?.(this)) return this
    let deepest: unknown
    let current: unknown = this.cause
    for (let depth = 0; current !== undefined && depth < 32; depth++) {
      if (predicate?.(current)) return current
      deepest = current
      current = current instanceof Error ? current.cause : undefined
    }
    return predicate ? undefined : (deepest ?? this)
  }
}

/**
 * Tells whether a value is a ChainxError, optionally with a given code.
 *
 * @example
 * if (isChainxError(error, 'STALE_CURSOR')) restart()
 */
export function isChainxError<C extends ChainxErrorCode>(
  error: unknown,
  code?: C,
): error is ChainxError & { code: C } {
  return error instanceof ChainxError && (code === undefined || error.code === code)
}
