import type { ServiceVersion } from '../utils/serviceVersion.js'
import type * as Errors from './index.js'

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
  | 'EMPTY_PAGES'
  | 'GRAPHQL'
  | 'RATE_LIMITED'
  | 'HTTP'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'INVALID_RESPONSE'
  | 'RESPONSE_TOO_LARGE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTER'
  | 'JSON_RPC'
  | 'SOCKET_CLOSED'
  | 'CLIENT_CLOSED'
  | 'VERSION_CHANGED'
  | 'UNEXPECTED'
  | 'CHUNK_LOAD_FAILED'
  | 'DATABASE'

/**
 * The class of the error that carries each code: what `isChainxError(error, code)` narrows to.
 *
 * @example
 * const error: ChainxErrorByCode['RATE_LIMITED'] = new RateLimitedError({ status: 429, retryAfterMs: 1_000 })
 * console.log(error.retryAfterMs)
 */
export interface ChainxErrorByCode {
  FIRST_AND_LAST: Errors.FirstAndLastError
  PAGE_SIZE_EXCEEDED: Errors.PageSizeExceededError
  UNUSED_VARIABLE: Errors.UnusedVariableError
  MISSING_VARIABLE: Errors.MissingVariableError
  QUERY_LIMIT: Errors.QueryLimitError
  CURSOR_CHECKPOINT_MISMATCH: Errors.CursorCheckpointMismatchError
  STALE_CURSOR: Errors.StaleCursorError
  CURSOR_NOT_ADVANCING: Errors.CursorNotAdvancingError
  EMPTY_PAGES: Errors.EmptyPagesError
  GRAPHQL: Errors.GraphQLError & { readonly code: 'GRAPHQL' }
  RATE_LIMITED: Errors.RateLimitedError
  HTTP: Errors.HttpError
  NETWORK: Errors.NetworkError
  TIMEOUT: Errors.TimeoutError
  ABORTED: Errors.AbortedError
  INVALID_RESPONSE: Errors.InvalidResponseError
  RESPONSE_TOO_LARGE: Errors.ResponseTooLargeError
  INVALID_ARGUMENT: Errors.InvalidArgumentError
  INVALID_FILTER: Errors.InvalidFilterError
  JSON_RPC: Errors.JsonRpcError
  SOCKET_CLOSED: Errors.SocketClosedError
  CLIENT_CLOSED: Errors.ClientClosedError
  VERSION_CHANGED: Errors.ServiceVersionChangedError
  UNEXPECTED: Errors.UnexpectedError
  CHUNK_LOAD_FAILED: Errors.ChunkLoadError
  DATABASE: Errors.DatabaseError
}

/**
 * Every chainx-sdk error as a union discriminated by `code`: `switch (error.code)` and
 * `error.code === 'RATE_LIMITED'` narrow it to the class that carries the code. `instanceof
 * ChainxError` narrows to it too.
 *
 * @example
 * function retryIn(error: ChainxErrorUnion): number | undefined {
 *   switch (error.code) {
 *     case 'RATE_LIMITED': return error.retryAfterMs
 *     case 'HTTP': return error.retryAfterMs
 *     default: return undefined
 *   }
 * }
 */
export type ChainxErrorUnion = ChainxErrorByCode[ChainxErrorCode]

/**
 * What `error instanceof SomeChainxErrorClass` narrows to: the members of `ChainxErrorUnion`
 * that are instances of the class (so `instanceof ChainxError` gives the whole union, whose
 * `code` narrows), or the class itself when none is.
 *
 * @example
 * type T = NarrowedError<ChainxError> // ChainxErrorUnion
 */
export type NarrowedError<T> = [Extract<ChainxErrorUnion, T>] extends [never] ? T : Extract<ChainxErrorUnion, T>

/**
 * The brand every ChainxError carries, registered globally so that copies of the SDK loaded
 * side by side (its ESM and CommonJS builds, two versions in one app) recognise each other's errors.
 */
const BRAND: unique symbol = Symbol.for('chainx-sdk.ChainxError') as never

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
  /**
   * `instanceof` holds for errors from any copy of the SDK (ESM and CommonJS builds, two
   * versions side by side): a ChainxError is recognised by its brand, a subclass by its name
   * along the prototype chain.
   *
   * @example
   * errorFromCjsBuild instanceof ChainxError // true
   */
  static override [Symbol.hasInstance]<T>(this: abstract new (...args: never[]) => T, value: unknown): value is NarrowedError<T>
  static override [Symbol.hasInstance](this: typeof ChainxError, value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true
    if (!isChainxError(value)) return false
    if (this === ChainxError) return true
    // Another copy's subclass of the same name (bounded: prototype chains are short).
    let proto: unknown = Object.getPrototypeOf(value)
    for (let depth = 0; proto !== null && depth < 16; depth++) {
      if ((proto as { constructor?: { name?: unknown } }).constructor?.name === this.name) return true
      proto = Object.getPrototypeOf(proto)
    }
    return false
  }

  /** The cross-copy brand (non-enumerable: it shows in no serialisation). */
  get [BRAND](): true {
    return true
  }

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
  /**
   * Set on every error thrown out of a walk (`paginate`, `events.iterate`): the items the
   * walk delivered before it stopped.
   */
  delivered?: number | undefined
  /**
   * Set on every error thrown out of a walk: where to resume, to pass as the walk's `cursor`
   * option (a GraphQL cursor string for `paginate`, an event id for `events.iterate`; `null`
   * means from the start). Same value as the walk's `cursor` when it threw.
   */
  resumeCursor?: unknown

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
 * Tells whether a value is a ChainxError (from this copy of the SDK or any other: ESM and
 * CommonJS builds recognise each other's errors), optionally with a given code; with a code it
 * narrows to that code's class.
 *
 * @example
 * if (isChainxError(error, 'RATE_LIMITED')) await sleep(error.retryAfterMs ?? 1_000)
 * if (isChainxError(error, 'STALE_CURSOR')) restart(error.delivered)
 */
export function isChainxError(error: unknown): error is ChainxError
export function isChainxError<C extends ChainxErrorCode>(error: unknown, code: C): error is ChainxErrorByCode[C]
export function isChainxError(error: unknown, code?: ChainxErrorCode): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [BRAND]?: unknown })[BRAND] === true &&
    (code === undefined || (error as ChainxError).code === code)
  )
}
