import type { LedgerReader } from '../ledger/types.js'
import { parseJsonRpcEnvelope } from './jsonRpcEnvelope.js'
import { respondToJsonRpcCall, type JsonRpcEndpointOptions } from './respondToJsonRpcCall.js'

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
  options?: JsonRpcEndpointOptions,
): { status: number; body: string } {
  const envelope = parseJsonRpcEnvelope(bodyText)
  const body = 'response' in envelope ? envelope.response : respondToJsonRpcCall(ledger, envelope.call, options)
  return { status: 200, body }
}
