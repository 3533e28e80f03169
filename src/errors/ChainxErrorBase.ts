import { redactUrl } from '../utils/redactUrl.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import { BRAND, isChainxError, type ChainxErrorCode } from './codes.js'
import { shouldRetry } from './shouldRetry.js'

/** Node's inspection hook (`util.inspect`, `console.log`), by its registered name: no import. */
const INSPECT = Symbol.for('nodejs.util.inspect.custom')
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi

/**
 * What `JSON.stringify` writes for an error's `cause`: name, code, message (URLs redacted) and its own cause.
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

/** Base class of every chainx-sdk error; exported (typed to narrow by `instanceof`) from ChainxError.ts. */
export class ChainxError extends Error {
  /** True for errors of any copy of the SDK: a ChainxError by its brand, a subclass by its name along the prototype chain. */
  static override [Symbol.hasInstance](value: unknown): boolean {
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
  /** Set on every error thrown out of a walk (`paginate`, `events.iterate`): the items it delivered before it stopped. */
  delivered?: number | undefined
  /** Set on every error thrown out of a walk: the walk's `cursor` when it threw, to resume from (`null`: from the start). */
  resumeCursor?: unknown

  constructor(code: ChainxErrorCode, shortMessage: string, options: ChainxErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = options.details
    this.version = options.version
  }

  /**
   * Whether repeating the request may succeed (network faults, the SDK's own time limit, 5xx, rate limits), by `shouldRetry`.
   *
   * @example
   * if (error instanceof ChainxError && !error.retryable) report(error)
   */
  get retryable(): boolean {
    return shouldRetry(this, { context: 'request', failures: 0 })
  }

  /**
   * What `JSON.stringify(error)` writes: `name`, `code`, `message`, `retryable`, the plain fields that are set (`status`, `url`,
   * `delivered`...), `version` and a summary of `cause`. URLs are redacted; no header or body is ever kept on an error.
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
    json.version = this.version?.raw
    json.cause = this.cause === undefined ? undefined : summarise(this.cause, 4)
    return json
  }

  /** What `console.log` shows in Node: a copy of the error without its unset fields (Node formats it as an error). */
  [INSPECT](): object {
    const fields = Object.getOwnPropertyDescriptors(this) as Record<string, PropertyDescriptor>
    for (const key in fields) if (fields[key]?.enumerable && fields[key].value === undefined) delete fields[key]
    return Object.create(Object.getPrototypeOf(this) as object, { ...fields, [INSPECT]: {} }) as object
  }

  /**
   * The first error of the `cause` chain matching `predicate` (the deepest cause without one).
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

/** A cause as `toJSON` writes it, `depth` causes deep. */
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
