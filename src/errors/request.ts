import { ChainxError, type ChainxErrorOptions } from './ChainxError.js'

/**
 * The server answered with an HTTP status that is not a success, and the body was not a
 * protocol error the SDK understands. 5xx statuses are retryable.
 *
 * @example
 * if (error instanceof HttpError) console.log(error.status, error.bodyExcerpt)
 */
export class HttpError extends ChainxError {
  override name = 'HttpError'
  /** HTTP status code. */
  readonly status: number
  /** First 512 characters of the response body. */
  readonly bodyExcerpt: string
  /** Request URL. */
  readonly url: string
  /** Milliseconds the server asked to wait before retrying (`Retry-After`, sent with 503), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(args: { status: number; body: string; url: string; retryAfterMs?: number | undefined } & ChainxErrorOptions) {
    super('HTTP', `HTTP request failed with status ${args.status}`, {
      ...args,
      retryable: args.status >= 500 || args.status === 408,
    })
    this.status = args.status
    this.bodyExcerpt = excerpt(args.body)
    this.url = args.url
    this.retryAfterMs = args.retryAfterMs
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
  /** Milliseconds the server asked to wait (from `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined
  /** HTTP status of the refusal (429, or 200 for a JSON-RPC error body). */
  readonly status: number

  constructor(args: { retryAfterMs?: number | undefined; status: number } & ChainxErrorOptions) {
    super('RATE_LIMITED', 'Rate limit exceeded', { ...args, retryable: true })
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
  constructor(args: { url: string } & ChainxErrorOptions) {
    super('NETWORK', `Network request to ${args.url} failed`, { ...args, retryable: true })
  }
}

/**
 * No response arrived within `timeoutMs`.
 *
 * @example
 * new ChainxClient({ graphqlUrl, timeoutMs: 5_000 })
 */
export class TimeoutError extends ChainxError {
  override name = 'TimeoutError'
  /** The time limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number
  constructor(args: { timeoutMs: number } & ChainxErrorOptions) {
    super('TIMEOUT', `Request timed out after ${args.timeoutMs} ms`, { ...args, retryable: true })
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
  constructor(args: ChainxErrorOptions = {}) {
    super('ABORTED', 'Request aborted', args)
  }
}

/**
 * The body was not what the protocol promises: not JSON (an HTML error page, truncated
 * JSON) or JSON of the wrong shape. 5xx responses with such bodies are retryable.
 *
 * @example
 * if (error instanceof InvalidResponseError) console.log(error.bodyExcerpt)
 */
export class InvalidResponseError extends ChainxError {
  override name = 'InvalidResponseError'
  /** HTTP status of the response. */
  readonly status: number
  /** First 512 characters of the body. */
  readonly bodyExcerpt: string
  /** Milliseconds the server asked to wait before retrying (`Retry-After`, sent with 503), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(args: { status: number; body: string; reason: string; retryAfterMs?: number | undefined } & ChainxErrorOptions) {
    super('INVALID_RESPONSE', `Invalid response: ${args.reason}`, { ...args, retryable: args.status >= 500 })
    this.status = args.status
    this.bodyExcerpt = excerpt(args.body)
    this.retryAfterMs = args.retryAfterMs
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
  constructor(message: string, options: ChainxErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, options)
  }
}

function excerpt(body: string): string {
  return body.length > 512 ? `${body.slice(0, 512)}…` : body
}
