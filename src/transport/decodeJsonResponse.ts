import { HttpError, InvalidResponseError, RateLimitedError } from '../errors/request.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import { isRecord } from '../utils/isRecord.js'
import { parseRetryAfter } from './parseRetryAfter.js'
import type { HttpResponse } from './types.js'

/**
 * Turns an HTTP response into parsed JSON, or throws the error its status and body
 * call for: 429 → RATE_LIMITED (with Retry-After; a failing status's other errors keep
 * its Retry-After too, as 503 sends it), a body that is not JSON (HTML
 * error page, truncated JSON) → INVALID_RESPONSE (retryable when the status is 5xx), a non-2xx status whose JSON body
 * the protocol does not recognise → HTTP. `isProtocolBody` says whether the JSON
 * is an answer of the protocol (GraphQL errors come with 400/421, for instance).
 *
 * @example
 * const json = decodeJsonResponse(response, { url, isProtocolBody: (b) => 'data' in b })
 */
export function decodeJsonResponse(
  response: HttpResponse,
  context: { url: string; version?: ServiceVersion | undefined; isProtocolBody: (json: Record<string, unknown>) => boolean },
): Record<string, unknown> {
  const { status, body } = response
  const { url, version } = context
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'])
  if (status === 429) {
    throw new RateLimitedError({ status, retryAfterMs, version })
  }
  // A failing status may ask for a wait too (503 with Retry-After); 2xx bodies never do.
  const failed = status < 200 || status >= 300
  const asked = failed ? retryAfterMs : undefined
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (cause) {
    throw new InvalidResponseError({ status, body, reason: 'body is not JSON', version, cause, retryAfterMs: asked })
  }
  if (isRecord(json) && context.isProtocolBody(json)) return json
  if (failed) throw new HttpError({ status, body, url, version, retryAfterMs })
  throw new InvalidResponseError({ status, body, reason: 'unexpected JSON shape', version })
}
