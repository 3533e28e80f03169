import type { LedgerReader } from '../ledger/types.js'
import { parseJsonRpcEnvelope, type JsonRpcCall } from './jsonRpcEnvelope.js'
import { respondToJsonRpcCall, type JsonRpcEndpointOptions } from './respondToJsonRpcCall.js'

/**
 * Options of handleJsonRpcRequest: the endpoint's, plus hooks around one well-formed call
 * (the mock network's faults use them).
 *
 * @example
 * const options: JsonRpcHttpOptions = { maxPageSize: 10, rewriteResponse: (call, text) => text }
 */
export interface JsonRpcHttpOptions extends JsonRpcEndpointOptions {
  /** Changes a well-formed call before it is answered. */
  rewriteCall?: (call: JsonRpcCall) => JsonRpcCall
  /** Changes the response text of a well-formed call. */
  rewriteResponse?: (call: JsonRpcCall, response: string) => string
}

/**
 * The mock JSON-RPC endpoint over HTTP, as a pure function from a request body to a
 * response (no I/O). Serves `chainx_queryEvents` from `ledger`, with the real service's
 * paging (exclusive cursors, silent clamping to `maxPageSize`, descending order via
 * params[3]) and error codes (-32700, -32600, -32601, -32602, -32603, -32005). JSON-RPC
 * errors come back with HTTP status 200, as on the real service.
 *
 * @example
 * const { status, body } = handleJsonRpcRequest(
 *   ledger,
 *   '{"jsonrpc":"2.0","id":1,"method":"chainx_queryEvents","params":[{"All":[]},null,2,false]}',
 * )
 * // status 200; body '{"jsonrpc":"2.0","id":1,"result":{"data":[…],"nextCursor":{…},"hasNextPage":true}}'
 */
export function handleJsonRpcRequest(
  ledger: LedgerReader,
  bodyText: string,
  options: JsonRpcHttpOptions = {},
): { status: number; body: string } {
  const envelope = parseJsonRpcEnvelope(bodyText)
  if ('response' in envelope) return { status: 200, body: envelope.response }
  const call = options.rewriteCall?.(envelope.call) ?? envelope.call
  const body = respondToJsonRpcCall(ledger, call, options)
  return { status: 200, body: options.rewriteResponse?.(call, body) ?? body }
}
