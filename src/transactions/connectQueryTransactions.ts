import { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { createQueryTransactions } from './createQueryTransactions.js'
import type { QueryTransactionsFn } from './types.js'

/**
 * The entry of the chunk `client.transactions.query` loads on first use:
 * `chainx_queryTransactionBlocks` over a JSON-RPC caller of the endpoint (see `createQueryTransactions`).
 *
 * @example
 * const query = connectQueryTransactions('http://127.0.0.1:9000/json-rpc', createTransport())
 * const { items } = await query({ filter: { FromAddress: '0x2' } })
 */
export function connectQueryTransactions(url: string | EndpointGroup, transport: Transport): QueryTransactionsFn {
  return createQueryTransactions(createJsonRpcCaller({ url, transport }))
}
