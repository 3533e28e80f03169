import { HttpError, InvalidResponseError, RateLimitedError } from '../errors/request.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import { isRecord } from '../utils/isRecord.js'
import { redactUrl } from '../utils/redactUrl.js'
import { parseRetryAfter } from './parseRetryAfter.js'
import type { HttpResponse } from './types.js'

/**
 * How `decodeJsonResponse` reads the bodies of one protocol.
 *
 * @example
 * const context: DecodeContext = { url, isProtocolBody: (body) => 'data' in body, readErrorBody: (body) => toGraphQLError(body) }
 */
export interface DecodeContext {
  url: string
  version?: ServiceVersion | undefined
  /** Whether a 2xx JSON object is an answer of the protocol (GraphQL `data`/`errors`, JSON-RPC `result`/`error`). */
  isProtocolBody: (json: Record<string, unknown>) => boolean
  /** Reads a failing response's JSON body as the protocol's error, kept as the `cause` of the HttpError (undefined: none). */
  readErrorBody?: ((json: Record<string, unknown>) => unknown) | undefined
}

/**
 * Turns an HTTP response into parsed JSON, or throws the error its status and body call for.
 * Status first: 429 → RATE_LIMITED, any other non-2xx → HTTP with its status whatever the
 * body (a protocol error in it is parsed and kept as `cause`; `Retry-After` kept, as 503
 * sends it; a 3xx keeps its `Location`). A 2xx body that is not JSON or not the protocol's
 * → INVALID_RESPONSE, which the transport retries like a 5xx (every request is a read).
 *
 * @example
 * const json = decodeJsonResponse(response, { url, isProtocolBody: (b) => 'data' in b })
 */
export function decodeJsonResponse(response: HttpResponse, context: DecodeContext): Record<string, unknown> {
  const { status, body } = response
  const { url, version } = context
  if (status < 200 || status >= 300) throw statusError(response, context)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (cause) {
    throw new InvalidResponseError({ status, body, reason: 'body is not JSON', version, cause })
  }
  if (isRecord(json) && context.isProtocolBody(json)) return json
  throw new InvalidResponseError({ status, body, reason: `unexpected JSON shape from ${redactUrl(url)}`, version })
}

function statusError(response: HttpResponse, context: DecodeContext): Error {
  const { status, body, headers } = response
  const { url, version } = context
  const retryAfterMs = parseRetryAfter(headers['retry-after'])
  const cause = readErrorBody(body, context)
  if (status === 429) return new RateLimitedError({ status, retryAfterMs, version, cause })
  return new HttpError({ status, body, url, version, retryAfterMs, location: headers.location, cause })
}

function readErrorBody(body: string, context: DecodeContext): unknown {
  if (!context.readErrorBody || !/^\s*\{/.test(body)) return undefined
  try {
    const json: unknown = JSON.parse(body)
    return isRecord(json) ? context.readErrorBody(json) : undefined
  } catch {
    // An error page that is not the protocol's (HTML, plain text, truncated JSON) has no cause to keep.
    return undefined
  }
}
