import type { LedgerReader } from '../ledger/types.js'
import { JSON_RPC_CODES, JsonRpcFault } from './JsonRpcFault.js'
import { jsonRpcErrorResponse, jsonRpcResultResponse, type JsonRpcCall } from './jsonRpcEnvelope.js'
import { DEFAULT_MAX_PAGE_SIZE, parseQueryEventsParams } from './parseQueryEventsParams.js'
import { queryEventPage } from './queryEventPage.js'
import { parseQueryTransactionBlocksParams, queryTransactionPage } from './queryTransactionPage.js'

/**
 * Options of the mock JSON-RPC endpoint.
 *
 * @example
 * handleJsonRpcRequest(ledger, body, { maxPageSize: 10 } satisfies JsonRpcEndpointOptions)
 */
export interface JsonRpcEndpointOptions {
  /** Default and largest page of `chainx_queryEvents` and `chainx_queryTransactionBlocks` (default 50, as the real service). */
  maxPageSize?: number
}

/** Subscription methods, which only a WebSocket connection serves. */
const SUBSCRIPTION_METHODS: readonly string[] = [
  'chainx_subscribeEvent',
  'chainx_unsubscribeEvent',
  'chainx_subscribeTransaction',
  'chainx_unsubscribeTransaction',
]

/**
 * Answers one well-formed JSON-RPC call with the text of its response: `chainx_queryEvents`
 * and `chainx_queryTransactionBlocks` return a page; a subscription method is -32603 "Internal error" (subscriptions need a
 * WebSocket, as on the real service's HTTP path); any other method is -32601 "Method not
 * found". An unexpected failure is -32603 with its message in `data`.
 *
 * @example
 * respondToJsonRpcCall(ledger, { id: 1, method: 'chainx_queryEvents', params: [{ All: [] }] })
 * // '{"jsonrpc":"2.0","id":1,"result":{"data":[...],"nextCursor":...,"hasNextPage":false}}'
 */
export function respondToJsonRpcCall(ledger: LedgerReader, call: JsonRpcCall, options: JsonRpcEndpointOptions = {}): string {
  try {
    if (call.method === 'chainx_queryEvents') {
      const request = parseQueryEventsParams(call.params, resolveMaxPageSize(options))
      return jsonRpcResultResponse(call.id, queryEventPage(ledger, request))
    }
    if (call.method === 'chainx_queryTransactionBlocks') {
      const request = parseQueryTransactionBlocksParams(call.params, resolveMaxPageSize(options))
      return jsonRpcResultResponse(call.id, queryTransactionPage(ledger, request))
    }
    if (SUBSCRIPTION_METHODS.includes(call.method)) throw new JsonRpcFault(JSON_RPC_CODES.internalError, 'Internal error')
    throw new JsonRpcFault(JSON_RPC_CODES.methodNotFound, 'Method not found')
  } catch (error) {
    const fault = error instanceof JsonRpcFault ? error : new JsonRpcFault(JSON_RPC_CODES.internalError, 'Internal error', String(error))
    return jsonRpcErrorResponse(call.id, fault)
  }
}

function resolveMaxPageSize(options: JsonRpcEndpointOptions): number {
  const max = options.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE
  if (!Number.isSafeInteger(max) || max < 1) throw new TypeError(`maxPageSize must be a positive integer, got ${max}`)
  return max
}
