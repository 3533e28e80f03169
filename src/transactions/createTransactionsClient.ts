import { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import type { Transport } from '../transport/createTransport.js'
import { createQueryTransactions } from './createQueryTransactions.js'
import type { QueryTransactionsFn } from './types.js'

/**
 * Options of `createTransactionsClient`.
 *
 * @example
 * const transactions = createTransactionsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 */
export interface TransactionsClientOptions {
  /** The JSON-RPC endpoint, {rpc_url}. */
  rpcUrl: string
  /** The transport shared with the other clients (timeouts, retries, rate limit, hooks). */
  transport: Transport
}

/**
 * JSON-RPC transaction reads over one endpoint; the facade adds `iterate`, `watch` and `subscribe`.
 *
 * @example
 * const page = await transactions.query({ filter: { FromAddress: '0x2' }, options: { showEffects: true } })
 */
export interface TransactionsClient {
  /** One page of `chainx_queryTransactionBlocks`; see `createQueryTransactions`. */
  query: QueryTransactionsFn
}

/**
 * Creates the transactions client behind `client.transactions`.
 *
 * @example
 * const transactions = createTransactionsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const { items } = await transactions.query({ filter: { FromAddress: '0x2' }, pageSize: 5 })
 */
export function createTransactionsClient(options: TransactionsClientOptions): TransactionsClient {
  return { query: createQueryTransactions(createJsonRpcCaller({ url: options.rpcUrl, transport: options.transport })) }
}
