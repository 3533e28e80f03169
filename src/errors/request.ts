import { redactUrl } from '../utils/redactUrl.js'
import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * The server answered a non-2xx status; a protocol error in the body is kept as `cause`. A 3xx is never followed (`location`).
 *
 * @example
 * if (error instanceof HttpError) console.log(error.status, error.bodyExcerpt, error.cause)
 */
export class HttpError extends ChainxError {
  override name = 'HttpError'
  declare readonly code: 'HTTP'
  /** HTTP status code (0 when a browser hid a redirect's status: an opaque redirect). */
  readonly status: number
  /** First 512 characters of the response body. */
  readonly bodyExcerpt: string
  /** Request URL, without credentials (user info and key-like query parameters redacted). */
  readonly url: string
  /** Milliseconds the server asked to wait before retrying (`Retry-After`, sent with 503), when it said. */
  readonly retryAfterMs: number | undefined
  /** The `Location` of a redirect that was not followed, when visible. */
  readonly location: string | undefined

  constructor(
    args: {
      status: number
      body: string
      url: string
      retryAfterMs?: number | undefined
      location?: string | undefined
    } & ChainxErrorOptions,
  ) {
    const url = redactUrl(args.url)
    const redirect = args.status === 0 || (args.status >= 300 && args.status < 400)
    const where = args.location === undefined ? '' : ` to ${redactUrl(args.location)}`
    super('HTTP', `HTTP ${args.status || 'redirect'} from ${url}${redirect ? `: redirect${where} not followed` : ''}`, args)
    this.status = args.status
    this.bodyExcerpt = excerpt(args.body)
    this.url = url
    this.retryAfterMs = args.retryAfterMs
    this.location = args.location
  }
}

/**
 * The service's rate limit refused the request (HTTP 429, or "Too many requests"); `retryAfterMs` is the wait it asked for.
 *
 * @example
 * if (error instanceof RateLimitedError) await sleep(error.retryAfterMs ?? 1000)
 */
export class RateLimitedError extends ChainxError {
  override name = 'RateLimitedError'
  declare readonly code: 'RATE_LIMITED'
  /** Milliseconds the server asked to wait (from `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined
  /** HTTP status of the refusal (429, or 200 for a JSON-RPC error body). */
  readonly status: number

  constructor(args: { retryAfterMs?: number | undefined; status: number; maxRetryAfterMs?: number | undefined } & ChainxErrorOptions) {
    const over =
      args.maxRetryAfterMs !== undefined && args.retryAfterMs !== undefined && args.retryAfterMs > args.maxRetryAfterMs
        ? `: the server asks to wait ${args.retryAfterMs} ms, over retry.maxRetryAfterMs (${args.maxRetryAfterMs} ms); raise it to wait, or retry later`
        : ''
    super('RATE_LIMITED', `Rate limit exceeded${over}`, args)
    this.retryAfterMs = args.retryAfterMs
    this.status = args.status
  }
}

/**
 * The request could not reach the server or the connection broke (DNS, refused, reset).
 *
 * @example
 * if (error instanceof NetworkError) console.log(error.cause)
 */
export class NetworkError extends ChainxError {
  override name = 'NetworkError'
  declare readonly code: 'NETWORK'
  constructor(args: { url: string } & ChainxErrorOptions) {
    const errno = errnoOf(args.cause)
    super('NETWORK', `Network request to ${redactUrl(args.url)} failed${errno ? ` (${errno})` : ''}`, args)
  }
}

/**
 * No response within `timeoutMs`, or the caller's signal timed out (`AbortSignal.timeout`: `cause` set, `timeoutMs` undefined).
 *
 * @example
 * new ChainxClient({ graphqlUrl, timeoutMs: 5_000 })
 */
export class TimeoutError extends ChainxError {
  override name = 'TimeoutError'
  declare readonly code: 'TIMEOUT'
  /** The time limit that was exceeded, in milliseconds (undefined when the caller's own signal timed out). */
  readonly timeoutMs: number | undefined
  constructor(args: { timeoutMs: number | undefined } & ChainxErrorOptions) {
    super(
      'TIMEOUT',
      args.timeoutMs === undefined ? "Request timed out (the caller's signal)" : `Request timed out after ${args.timeoutMs} ms`,
      args,
    )
    this.timeoutMs = args.timeoutMs
  }
}

/**
 * The caller's `AbortSignal` fired. Never retried.
 *
 * @example
 * const controller = new AbortController()
 * const pending = client.graphql.epoch({}, { signal: controller.signal })
 * controller.abort()
 * await pending.catch((error) => error instanceof AbortedError) // true
 */
export class AbortedError extends ChainxError {
  override name = 'AbortedError'
  declare readonly code: 'ABORTED'
  constructor(args: ChainxErrorOptions = {}) {
    super('ABORTED', 'Request aborted', args)
  }
}

/**
 * A 2xx response whose body is not what the protocol promises; retried like a 5xx, except content the caller's checks rejected.
 *
 * @example
 * if (error instanceof InvalidResponseError) console.log(error.bodyExcerpt)
 */
export class InvalidResponseError extends ChainxError {
  override name = 'InvalidResponseError'
  declare readonly code: 'INVALID_RESPONSE'
  /** HTTP status of the response. */
  readonly status: number
  /** First 512 characters of the body. */
  readonly bodyExcerpt: string
  /** Milliseconds the server asked to wait before retrying (`Retry-After`, sent with 503), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(
    args: { status: number; body: string; reason: string; retryAfterMs?: number | undefined; message?: string } & ChainxErrorOptions,
  ) {
    super('INVALID_RESPONSE', args.message ?? `Invalid response: ${args.reason}`, args)
    this.status = args.status
    this.bodyExcerpt = excerpt(args.body)
    this.retryAfterMs = args.retryAfterMs
  }
}

/**
 * The response body is over `maxResponseBytes` (by `Content-Length` or as it streamed): the request was aborted. Not retried.
 *
 * @example
 * if (error instanceof ResponseTooLargeError) console.log(error.limit, error.received)
 */
export class ResponseTooLargeError extends ChainxError {
  override name = 'ResponseTooLargeError'
  declare readonly code: 'RESPONSE_TOO_LARGE'
  /** The limit in bytes (`maxResponseBytes`). */
  readonly limit: number
  /** Bytes the response announced (`Content-Length`) or that had arrived when it was cut off. */
  readonly received: number
  /** Request URL, without credentials. */
  readonly url: string
  constructor(args: { limit: number; received: number; url: string } & ChainxErrorOptions) {
    const url = redactUrl(args.url)
    super('RESPONSE_TOO_LARGE', `Response from ${url} is over maxResponseBytes (${args.limit})`, args)
    this.limit = args.limit
    this.received = args.received
    this.url = url
  }
}

/**
 * An argument passed to the SDK is invalid; nothing was sent.
 *
 * @example
 * client.paginate(doc, {}, { pageSize: 0 }) // throws InvalidArgumentError
 */
export class InvalidArgumentError extends ChainxError {
  override name = 'InvalidArgumentError'
  declare readonly code: 'INVALID_ARGUMENT'
  constructor(message: string, options: ChainxErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, options)
  }
}

function excerpt(body: string): string {
  return body.length > 512 ? `${body.slice(0, 512)}…` : body
}

/** The first Node errno code (`ECONNREFUSED`, `ENOTFOUND`, ...) along a cause chain, bounded. */
function errnoOf(cause: unknown): string | undefined {
  let current = cause
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^E[A-Z_]{2,}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The error for a caller's signal that fired (`cause`: its reason): `TIMEOUT` for `AbortSignal.timeout(ms)`, else `ABORTED`. */
export function abortError(reason: unknown): AbortedError | TimeoutError {
  const name = typeof reason === 'object' && reason !== null ? (reason as { name?: unknown }).name : undefined
  return name === 'TimeoutError' ? new TimeoutError({ timeoutMs: undefined, cause: reason }) : new AbortedError({ cause: reason })
}
