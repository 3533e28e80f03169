import { JSON_RPC_CODES, JsonRpcFault } from './JsonRpcFault.js'
import { stringifyJson } from './jsonValue.js'

/**
 * A JSON-RPC request id the mock service accepts: an integer or a string.
 *
 * @example
 * const id: JsonRpcId = 7
 */
export type JsonRpcId = number | string

/**
 * A well-formed single JSON-RPC call.
 *
 * @example
 * const call: JsonRpcCall = { id: 1, method: 'chainx_queryEvents', params: [{ All: [] }] }
 */
export interface JsonRpcCall {
  id: JsonRpcId
  method: string
  params: unknown
}

/**
 * Reads a JSON-RPC request body. Returns the call, or the error response to send back
 * when the body is not one: malformed JSON is -32700 "Parse error", an array (a batch) is
 * -32005 "Batched requests are not supported by this server" (both with id null), and
 * anything else that is not `{jsonrpc: "2.0", id: integer|string, method: string}` is
 * -32600 "Invalid request".
 *
 * @example
 * parseJsonRpcEnvelope('{"jsonrpc":"2.0","id":1,"method":"m","params":[]}')
 * // { call: { id: 1, method: 'm', params: [] } }
 * parseJsonRpcEnvelope('{') // { response: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}' }
 */
export function parseJsonRpcEnvelope(text: string): { call: JsonRpcCall } | { response: string } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { response: jsonRpcErrorResponse(null, new JsonRpcFault(JSON_RPC_CODES.parseError, 'Parse error')) }
  }
  if (Array.isArray(body)) {
    const fault = new JsonRpcFault(JSON_RPC_CODES.batchesNotSupported, 'Batched requests are not supported by this server')
    return { response: jsonRpcErrorResponse(null, fault) }
  }
  if (body === null || typeof body !== 'object') return { response: invalidRequest(null) }
  const { jsonrpc, id, method, params } = body as Record<string, unknown>
  const validId = (typeof id === 'number' && Number.isInteger(id)) || typeof id === 'string' ? id : null
  if (jsonrpc !== '2.0' || validId === null || typeof method !== 'string') return { response: invalidRequest(validId) }
  return { call: { id: validId, method, params } }
}

/**
 * The text of a JSON-RPC success response.
 *
 * @example
 * jsonRpcResultResponse(1, true) // '{"jsonrpc":"2.0","id":1,"result":true}'
 */
export function jsonRpcResultResponse(id: JsonRpcId, result: unknown): string {
  return stringifyJson({ jsonrpc: '2.0', id, result })
}

/**
 * The text of a JSON-RPC error response.
 *
 * @example
 * jsonRpcErrorResponse(1, JsonRpcFault.invalidParams('x'))
 * // '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params","data":"x"}}'
 */
export function jsonRpcErrorResponse(id: JsonRpcId | null, fault: JsonRpcFault): string {
  return stringifyJson({ jsonrpc: '2.0', id, error: fault.toErrorObject() })
}

function invalidRequest(id: JsonRpcId | null): string {
  return jsonRpcErrorResponse(id, new JsonRpcFault(JSON_RPC_CODES.invalidRequest, 'Invalid request'))
}
