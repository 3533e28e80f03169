import { JsonRpcError } from '../errors/jsonRpc.js'
import { InvalidResponseError, RateLimitedError } from '../errors/request.js'
import { parseServiceVersion, type ServiceVersion } from '../utils/serviceVersion.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { decodeJsonResponse } from '../transport/decodeJsonResponse.js'
import { parseRetryAfter } from '../transport/parseRetryAfter.js'
import { requestJson } from '../transport/requestJson.js'
import type { HttpResponse } from '../transport/types.js'
import {
  decodeOr,
  describeValue,
  either,
  literal,
  matches,
  nullable,
  object,
  safeInteger,
  string,
  unknown,
  type Decoded,
} from '../utils/decode.js'

/**
 * JSON-RPC error code of the service's rate limit ("Too many requests", sent with `id: null`).
 *
 * @example
 * if (error instanceof RateLimitedError && error.cause instanceof JsonRpcError) error.cause.rpcCode === RATE_LIMIT_RPC_CODE
 */
export const RATE_LIMIT_RPC_CODE = -32009

const SERVER_INTERNAL_RPC_CODE = -32603

const jsonRpcId = nullable(either(safeInteger, string))
const successDecoder = object({ jsonrpc: literal('2.0'), id: jsonRpcId, result: unknown })
const failureDecoder = object({
  jsonrpc: literal('2.0'),
  id: jsonRpcId,
  error: object({ code: safeInteger, message: string, data: unknown }),
})

/** Options of `createJsonRpcCaller`. */
export interface JsonRpcCallerOptions {
  /** The JSON-RPC endpoint, {rpc_url}, or the group of several. */
  url: string | EndpointGroup
  /** The shared transport (timeouts, retries with backoff and Retry-After, rate limiting, hooks). */
  transport: Transport
}

/** Per-call options of `JsonRpcCaller.call`. */
export interface JsonRpcCallOptions<T> {
  /**
   * Aborts the call and its retries.
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Time limit of one attempt in ms.
   * @default the transport's `timeoutMs`
   */
  timeoutMs?: number | undefined
  /**
   * Extra headers for this call.
   * @default undefined
   */
  headers?: Record<string, string> | undefined
  /**
   * Checks and converts `result`; throw a ChainxError (INVALID_RESPONSE) to reject it.
   * @default the result as received
   */
  parseResult?: ((result: unknown, response: HttpResponse) => T) | undefined
}

/** Calls JSON-RPC methods on one endpoint. */
export interface JsonRpcCaller {
  /** The endpoint. */
  readonly url: string
  /** Sends `{"jsonrpc":"2.0","id":<n>,"method":method,"params":params}` and returns `result`. */
  call<T = unknown>(method: string, params: readonly unknown[], options?: JsonRpcCallOptions<T>): Promise<T>
}

/**
 * Creates a JSON-RPC 2.0 caller over the shared transport. Each call POSTs
 * `{"jsonrpc":"2.0","id":<integer counter>,"method":...,"params":[...]}` (spec 4.4, J1)
 * and maps the answer:
 *
 * - `result` with the request's `id` → the result (through `parseResult`)
 * - `error` → `JsonRpcError` keeping `rpcCode`, `message` and `data` (-32602 invalid
 *   params carries its detail in `data`; -32601 is an unknown method). Errors with
 *   `id: null` (server time-out -32603, parse error -32700) belong to this request: one
 *   request is in flight per HTTP exchange. The server time-out (-32603 with `id: null`)
 *   is retryable; the transport retries it.
 * - error -32009 "Too many requests" (usually `id: null`) or HTTP 429 (even with an HTML
 *   body) → `RateLimitedError` (retryable; the transport waits `Retry-After` or backs off
 *   and retries). The JSON-RPC error is kept as `cause`.
 * - any other non-2xx status → `HttpError` with that status, whatever the body (a JSON-RPC
 *   error in it, such as 413's, is kept as `cause`); 5xx retryable.
 * - a 2xx whose result `id` is not the request's, a body that is not JSON (truncated) or not
 *   a JSON-RPC 2.0 response → `InvalidResponseError` (INVALID_RESPONSE, retried: every call is a read).
 *
 * @example
 * const rpc = createJsonRpcCaller({ url: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const page = await rpc.call('chainx_queryEvents', [{ All: [] }, null, 10, false])
 */
export function createJsonRpcCaller(options: JsonRpcCallerOptions): JsonRpcCaller {
  const { transport } = options
  const group: EndpointGroup = typeof options.url === 'string' ? { kind: 'rpc', urls: [options.url] } : options.url
  const url = group.urls[0] as string
  let counter = 0

  return {
    url,
    call<T>(method: string, params: readonly unknown[], callOptions: JsonRpcCallOptions<T> = {}): Promise<T> {
      counter = counter >= Number.MAX_SAFE_INTEGER ? 1 : counter + 1
      const id = counter
      let body: string
      try {
        // The text of JSON.stringify({ jsonrpc, id, method, params }), only `params` encoded per call.
        body = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${requestJson(params, 'params')}}`
      } catch (error) {
        return Promise.reject(error)
      }
      return transport.request({
        url,
        endpoints: group,
        body,
        headers: callOptions.headers,
        signal: callOptions.signal,
        timeoutMs: callOptions.timeoutMs,
        parse: (response, from) => {
          const result = readResult(response, from, id, method)
          return callOptions.parseResult ? callOptions.parseResult(result, response) : (result as T)
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
    isProtocolBody: isJsonRpcBody,
    // A failing status with a JSON-RPC error (413 with id null): the error is the HttpError's cause.
    readErrorBody: (body) => (matches(failureDecoder, body) ? toJsonRpcError(failureDecoder(body), method, version) : undefined),
  })
  const invalid = (reason: string, cause?: unknown) =>
    new InvalidResponseError({ status: response.status, body: response.body, reason, version, cause })

  if (!('error' in json)) {
    // The answer to this request (its id is this request's, so successDecoder accepts it).
    if (json.jsonrpc === '2.0' && json.id === id) return json.result
    const success = decodeOr(successDecoder, json, (failure) => invalid(`not a JSON-RPC 2.0 response: ${failure.describe('')}`, failure))
    throw invalid(`response id ${describeValue(success.id)} does not match request id ${id}`)
  }
  if ('result' in json) throw invalid('JSON-RPC response has both result and error')
  const failure = decodeOr(failureDecoder, json, (problem) =>
    invalid(`not a JSON-RPC 2.0 error response: ${problem.describe('')}`, problem),
  )
  const rpcError = toJsonRpcError(failure, method, version)
  if (failure.error.code === RATE_LIMIT_RPC_CODE) {
    throw new RateLimitedError({
      status: response.status,
      retryAfterMs: parseRetryAfter(response.headers['retry-after']),
      details: failure.error.message,
      version,
      cause: rpcError,
    })
  }
  if (failure.id !== null && failure.id !== id)
    throw invalid(`response id ${describeValue(failure.id)} does not match request id ${id}`, rpcError)
  throw rpcError
}

function isJsonRpcBody(body: Record<string, unknown>): boolean {
  return 'jsonrpc' in body && ('result' in body || 'error' in body)
}

function toJsonRpcError(failure: Decoded<typeof failureDecoder>, method: string, version: ServiceVersion | undefined): JsonRpcError {
  const { id, error } = failure
  // -32603 with `id: null` is the service's own request time-out (JSON_RPC_TIMEOUT); whether it
  // is retried is the retry table's (`isTransientRpcError`), told by the id.
  const serverTimeout = error.code === SERVER_INTERNAL_RPC_CODE && id === null
  return new JsonRpcError({
    rpcCode: error.code,
    message: error.message,
    data: error.data,
    method,
    version,
    id,
    ...(serverTimeout ? { details: 'the service timed out the request' } : {}),
  })
}
