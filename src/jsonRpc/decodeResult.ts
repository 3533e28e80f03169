import { InvalidResponseError } from '../errors/request.js'
import type { HttpResponse } from '../transport/types.js'
import { decodeOr, type Decoder } from '../utils/decode.js'
import { parseServiceVersion } from '../utils/serviceVersion.js'

/**
 * Checks a JSON-RPC `result` with a decoder: what does not fit is `InvalidResponseError` saying
 * `what` and where, with the response's status, body and service version.
 *
 * @example
 * const page = decodeResult(eventPageDecoder, result, response, 'chainx_queryEvents result is not an event page')
 */
export function decodeResult<T>(decoder: Decoder<T>, result: unknown, response: HttpResponse, what: string): T {
  return decodeOr(
    decoder,
    result,
    (failure) =>
      new InvalidResponseError({
        status: response.status,
        body: response.body,
        reason: `${what}: ${failure.describe('result')}`,
        version: parseServiceVersion(response.headers['x-chain-rpc-version']),
        cause: failure,
      }),
  )
}
