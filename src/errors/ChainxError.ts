import { redactUrl } from '../utils/redactUrl.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import type * as Errors from './index.js'
import { shouldRetry } from './shouldRetry.js'

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
/** Node's inspection hook (`util.inspect`, `console.log`), by its registered name: no import. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom')
/** A URL in free text (a cause's message): redacted as `redactUrl` redacts one. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi
/** How many causes deep `toJSON` summarises. */
const CAUSE_DEPTH = 4

/**
 * What `JSON.stringify` writes for an error's `cause`: its name, code (when a string or a
 * number) and message, URLs in it redacted, and its own cause below.
 *
 * @example
 * const summary: ErrorCauseSummary = { name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' }
 */
export interface ErrorCauseSummary {
  name: string
  code?: string | number | undefined
  message: string
  cause?: ErrorCauseSummary | string | undefined
}

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

  constructor(code: ChainxErrorCode, shortMessage: string, options: ChainxErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = options.details
    this.version = options.version
  }

  /**
   * Whether repeating the same request may succeed (network faults, timeouts of the SDK's own
   * limit, 5xx, rate limits): what the one retry table, `shouldRetry`, says of a request.
   *
   * @example
   * if (error instanceof ChainxError && !error.retryable) report(error)
   */
  get retryable(): boolean {
    return shouldRetry(this, { context: 'request', failures: 0 })
  }

  /**
   * What `JSON.stringify(error)` writes (a structured log line): `name`, `code`, `message`,
   * `retryable`, `details` and `version` when set, the fields of the error's class that are set
   * and plain (numbers, strings, booleans: `status`, `url`, `retryAfterMs`, `delivered`...), and a summary of `cause` (name, code, message, a few causes deep). No
   * credential: URLs are redacted as in messages (user info and key-like query parameters),
   * and no header or request body is ever kept on an error.
   *
   * @example
   * logger.error(JSON.stringify(error)) // {"name":"HttpError","code":"HTTP","message":"HTTP 503 from https://rpc.example/graphql",...}
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, code: this.code, message: this.message, retryable: this.retryable }
    for (const [key, value] of Object.entries(this)) {
      const type = typeof value
      if (key !== 'shortMessage' && (type === 'string' || type === 'number' || type === 'boolean'))
        json[key] ??= type === 'string' ? redactText(value as string) : value
    }
    // Left out by JSON.stringify when undefined.
    json.version = this.version?.raw
    json.cause = this.cause === undefined ? undefined : summarise(this.cause, CAUSE_DEPTH)
    return json
  }

  /**
   * What `util.inspect` and `console.log` show in Node: the error as Node shows one (stack,
   * fields, `[cause]`), without the fields that are not set.
   */
  [INSPECT](): object {
    // A copy of the error without its undefined fields; Node formats it as an error (stack,
    // fields, [cause]) and does not call this hook on it.
    const fields = Object.getOwnPropertyDescriptors(this) as Record<string, PropertyDescriptor>
    for (const key in fields) if (fields[key]?.enumerable && fields[key].value === undefined) delete fields[key]
    return Object.create(Object.getPrototypeOf(this) as object, { ...fields, [INSPECT]: {} }) as object
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

function redactText(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url))
}

/** A cause as `toJSON` writes it: an error's name, code and message (and its cause, `depth` deep), or a value's text. */
function summarise(cause: unknown, depth: number): ErrorCauseSummary | string {
  if (!(cause instanceof Error))
    return redactText(typeof cause === 'object' && cause ? Object.prototype.toString.call(cause) : String(cause))
  const { name, message, code } = cause as Error & { code?: unknown }
  return {
    name,
    message: redactText(message),
    code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    cause: depth > 1 && cause.cause !== undefined ? summarise(cause.cause, depth - 1) : undefined,
  }
}

/**
 * Tells whether a value is a ChainxError (from this copy of the SDK or any other: ESM and
 * CommonJS builds recognise each other's errors), optionally with a given code. Without a code
 * it narrows to `ChainxErrorUnion`, so a `switch (error.code)` after it narrows in each case;
 * with a code, to that code's class.
 *
 * @example
 * if (isChainxError(error, 'RATE_LIMITED')) await sleep(error.retryAfterMs ?? 1_000)
 * if (isChainxError(error)) {
 *   switch (error.code) {
 *     case 'STALE_CURSOR': restart(error.delivered); break
 *     case 'HTTP': console.log(error.status); break
 *   }
 * }
 */
export function isChainxError(error: unknown): error is ChainxErrorUnion
export function isChainxError<C extends ChainxErrorCode>(error: unknown, code: C): error is ChainxErrorByCode[C]
export function isChainxError(error: unknown, code?: ChainxErrorCode): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [BRAND]?: unknown })[BRAND] === true &&
    (code === undefined || (error as ChainxError).code === code)
  )
}
