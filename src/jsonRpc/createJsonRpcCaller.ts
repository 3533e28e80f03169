import { JsonRpcError } from '../errors/jsonRpc.js'
import { InvalidResponseError, RateLimitedError } from '../errors/request.js'
import { parseServiceVersion, type ServiceVersion } from '../utils/serviceVersion.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { decodeJsonResponse } from '../transport/decodeJsonResponse.js'
import { parseRetryAfter } from '../transport/parseRetryAfter.js'
import { requestJson } from '../transport/requestJson.js'
import type { HttpResponse } from '../transport/types.js'
import { decodeOr, describeValue, either, literal, matches, nullable, object, safeInteger, string, unknown } from '../utils/decode.js'

/** The service's rate limit ("Too many requests", usually with `id: null`). */
const RATE_LIMIT_RPC_CODE = -32009
const SERVER_INTERNAL_RPC_CODE = -32603

const jsonRpcId = nullable(either(safeInteger, string))
const successDecoder = object({ jsonrpc: literal('2.0'), id: jsonRpcId, result: unknown })
const failureDecoder = object({
  jsonrpc: literal('2.0'),
  id: jsonRpcId,
  error: object({ code: safeInteger, message: string, data: unknown }),
})

/**
 * Creates a JSON-RPC 2.0 caller over the shared transport (spec 4.4, J1): each call POSTs an
 * integer id and maps the answer. `error` is a `JsonRpcError` keeping `rpcCode`, `message` and
 * `data`; one with `id: null` belongs to this request (one per HTTP exchange). -32009 or HTTP 429
 * is `RateLimitedError` (the JSON-RPC error as `cause`); any other non-2xx is `HttpError`; a 2xx
 * with another id, or not JSON-RPC 2.0, is `InvalidResponseError`. The transport retries what
 * the retry table says.
 *
 * @example
 * const rpc = createJsonRpcCaller({ url: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const page = await rpc.call('chainx_queryEvents', [{ All: [] }, null, 10, false])
 */
export function createJsonRpcCaller(options: { url: string | EndpointGroup; transport: Transport }) {
  const { transport } = options
  const endpoints: EndpointGroup = typeof options.url === 'string' ? { kind: 'rpc', urls: [options.url] } : options.url
  const url = endpoints.urls[0] as string
  let counter = 0
  return {
    /** Sends `{"jsonrpc":"2.0","id":<n>,"method":method,"params":params}`; `result`, checked and converted by `parseResult`. */
    async call<T = unknown>(
      method: string,
      params: readonly unknown[],
      signal?: AbortSignal,
      parseResult?: (result: unknown, response: HttpResponse) => T,
    ): Promise<T> {
      counter = counter >= Number.MAX_SAFE_INTEGER ? 1 : counter + 1
      const id = counter
      // The text of JSON.stringify({ jsonrpc, id, method, params }), only `params` encoded per call.
      const body = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${requestJson(params, 'params')}}`
      return transport.request({
        url,
        endpoints,
        body,
        signal,
        parse: (response, from) => {
          const result = readResult(response, from, id, method)
          return parseResult ? parseResult(result, response) : (result as T)
        },
      })
    },
  }
}

function readResult(response: HttpResponse, url: string, id: number, method: string): unknown {
  const version = parseServiceVersion(response.headers['x-chain-rpc-version'])
  const json = decodeJsonResponse(response, {
    url,
    version,
    isProtocolBody: (body) => 'jsonrpc' in body && ('result' in body || 'error' in body),
    // A failing status with a JSON-RPC error (413 with id null): the error is the HttpError's cause.
    readErrorBody: (body) => (matches(failureDecoder, body) ? toJsonRpcError(failureDecoder(body), method, version) : undefined),
  })
  const invalid = (reason: string, cause?: unknown) =>
    new InvalidResponseError({ status: response.status, body: response.body, reason, version, cause })
  const otherId = (got: unknown, cause?: unknown) => invalid(`response id ${describeValue(got)} does not match request id ${id}`, cause)

  if (!('error' in json)) {
    if (json.jsonrpc === '2.0' && json.id === id) return json.result
    const success = decodeOr(successDecoder, json, (failure) => invalid(`not a JSON-RPC 2.0 response: ${failure.describe('')}`, failure))
    throw otherId(success.id)
  }
  if ('result' in json) throw invalid('JSON-RPC response has both result and error')
  const failure = decodeOr(failureDecoder, json, (problem) =>
    invalid(`not a JSON-RPC 2.0 error response: ${problem.describe('')}`, problem),
  )
  const rpcError = toJsonRpcError(failure, method, version)
  if (failure.error.code === RATE_LIMIT_RPC_CODE) {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'])
    throw new RateLimitedError({ status: response.status, retryAfterMs, details: failure.error.message, version, cause: rpcError })
  }
  if (failure.id !== null && failure.id !== id) throw otherId(failure.id, rpcError)
  throw rpcError
}

function toJsonRpcError(
  { id, error }: ReturnType<typeof failureDecoder>,
  method: string,
  version: ServiceVersion | undefined,
): JsonRpcError {
  // -32603 with `id: null` is the service's own time-out; the retry table tells it by the id.
  const details = error.code === SERVER_INTERNAL_RPC_CODE && id === null ? 'the service timed out the request' : undefined
  return new JsonRpcError({ rpcCode: error.code, message: error.message, data: error.data, method, version, id, details })
}
