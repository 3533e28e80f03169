import { redactUrl } from '../utils/redactUrl.js'
import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * The server answered with a status that is not a success (any non-2xx, whatever the body).
 * When the body is a protocol error (a GraphQL `errors` array, a JSON-RPC `error`) it is
 * parsed and kept as `cause`. A 3xx is never followed: `location` says where it pointed.
 * 5xx and 408 are retryable (`isTransientStatus`, the retry table's).
 *
 * @example
 * if (error instanceof HttpError) console.log(error.status, error.bodyExcerpt, error.cause)
 */
export class HttpError extends ChainxError {
  override name = 'HttpError'
  /** Always `'HTTP'`. */
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
 * The service refused the request because of its rate limit (HTTP 429, or a JSON-RPC
 * "Too many requests" error). `retryAfterMs` is the wait the server asked for, if any.
 *
 * @example
 * if (error instanceof RateLimitedError) await sleep(error.retryAfterMs ?? 1000)
 */
export class RateLimitedError extends ChainxError {
  override name = 'RateLimitedError'
  /** Always `'RATE_LIMITED'`. */
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
  /** Always `'NETWORK'`. */
  declare readonly code: 'NETWORK'
  constructor(args: { url: string } & ChainxErrorOptions) {
    const errno = errnoOf(args.cause)
    super('NETWORK', `Network request to ${redactUrl(args.url)} failed${errno ? ` (${errno})` : ''}`, args)
  }
}

/**
 * No response arrived within `timeoutMs`, or the caller's signal fired with a `TimeoutError`
 * reason (`AbortSignal.timeout(ms)`; the reason is kept as `cause` and `timeoutMs` is undefined).
 *
 * @example
 * new ChainxClient({ graphqlUrl, timeoutMs: 5_000 })
 */
export class TimeoutError extends ChainxError {
  override name = 'TimeoutError'
  /** Always `'TIMEOUT'`. */
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
  /** Always `'ABORTED'`. */
  declare readonly code: 'ABORTED'
  constructor(args: ChainxErrorOptions = {}) {
    super('ABORTED', 'Request aborted', args)
  }
}

/**
 * A 2xx response whose body is not what the protocol promises: not JSON (an HTML page from
 * a proxy, truncated JSON) or JSON of the wrong shape. Every request of the SDK is a read, so
 * it is retried like a 5xx before it reaches the caller (subclasses for content the caller's
 * own checks rejected, such as `EventContentError`, are not).
 *
 * @example
 * if (error instanceof InvalidResponseError) console.log(error.bodyExcerpt)
 */
export class InvalidResponseError extends ChainxError {
  override name = 'InvalidResponseError'
  /** Always `'INVALID_RESPONSE'`. */
  declare readonly code: 'INVALID_RESPONSE'
  /** HTTP status of the response. */
  readonly status: number
  /** First 512 characters of the body. */
  readonly bodyExcerpt: string
  /** Milliseconds the server asked to wait before retrying (`Retry-After`, sent with 503), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(
    args: {
      status: number
      body: string
      reason: string
      retryAfterMs?: number | undefined
      message?: string
    } & ChainxErrorOptions,
  ) {
    super('INVALID_RESPONSE', args.message ?? `Invalid response: ${args.reason}`, args)
    this.status = args.status
    this.bodyExcerpt = excerpt(args.body)
    this.retryAfterMs = args.retryAfterMs
  }
}

/**
 * The response body is larger than `maxResponseBytes` (said by its `Content-Length`, or
 * counted while it streamed): the request was aborted and its connection closed. Not retried.
 *
 * @example
 * if (error instanceof ResponseTooLargeError) console.log(error.limit, error.received)
 */
export class ResponseTooLargeError extends ChainxError {
  override name = 'ResponseTooLargeError'
  /** Always `'RESPONSE_TOO_LARGE'`. */
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
  /** Always `'INVALID_ARGUMENT'`. */
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
