import { HttpError, InvalidResponseError, RateLimitedError } from '../errors/request.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import { isRecord } from '../utils/isRecord.js'
import { redactUrl } from '../utils/redactUrl.js'
import { parseRetryAfter } from './parseRetryAfter.js'
import type { HttpResponse } from './types.js'

/** How `decodeJsonResponse` reads the bodies of one protocol. */
export interface DecodeContext {
  url: string
  version?: ServiceVersion | undefined
  /** Whether a 2xx JSON object is an answer of the protocol (GraphQL `data`/`errors`, JSON-RPC `result`/`error`). */
  isProtocolBody: (json: Record<string, unknown>) => boolean
  /** Reads a failing response's JSON body as the protocol's error, kept as the `cause` of the HttpError (undefined: none). */
  readErrorBody?: ((json: Record<string, unknown>) => unknown) | undefined
}

/**
 * Turns an HTTP response into parsed JSON, or throws the error its status and body call for:
 * 429 → RATE_LIMITED, any other non-2xx → HTTP whatever the body (a protocol error in it kept
 * as `cause`, with `Retry-After` and a 3xx's `Location`); a 2xx body that is not the
 * protocol's JSON → INVALID_RESPONSE, retried like a 5xx (every request is a read).
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

function statusError({ status, body, headers }: HttpResponse, { url, version, readErrorBody }: DecodeContext): Error {
  const retryAfterMs = parseRetryAfter(headers['retry-after'])
  let cause: unknown
  try {
    const json: unknown = readErrorBody && /^\s*\{/.test(body) ? JSON.parse(body) : undefined
    cause = isRecord(json) ? readErrorBody?.(json) : undefined
  } catch {
    // An error page that is not the protocol's (HTML, plain text, truncated JSON) has no cause to keep.
  }
  if (status === 429) return new RateLimitedError({ status, retryAfterMs, version, cause })
  return new HttpError({ status, body, url, version, retryAfterMs, location: headers.location, cause })
}
