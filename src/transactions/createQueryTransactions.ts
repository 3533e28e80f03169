import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import { isTransactionDigest } from '../events/isTransactionDigest.js'
import type { JsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import { resolveAlias, resolveDirection } from '../pagination/walkOptions.js'
import type {
  NoOptions,
  QueryTransactionsFn,
  QueryTransactionsParameters,
  TransactionBlockResponseOptions,
  TransactionPage,
} from './types.js'
import { validateTransactionFilter } from './validateTransactionFilter.js'
import { readTransactionOptions } from './readTransactionOptions.js'

/**
 * The JSON-RPC method behind `client.transactions.query`.
 *
 * @example
 * rpc.call(QUERY_TRANSACTIONS_METHOD, [{ filter: null, options: null }, null, 10, false])
 */
export const QUERY_TRANSACTIONS_METHOD = 'chainx_queryTransactionBlocks'

const readerChunk = lazyChunk(
  () => import('./readTransactionPage.js'),
  (cause) => new ChunkLoadError({ chunk: 'readTransactionPage', cause }),
)

/**
 * Creates `query`, the SDK's wrapper of `chainx_queryTransactionBlocks`. It checks the
 * filter (`validateTransactionFilter`), options, cursor, page size and direction before
 * sending, then sends `params: [{ filter, options }, cursor ?? null, pageSize ?? null,
 * direction === 'backward']` and checks the page and every field of every transaction at
 * run time (`transactionResponseDecoder`): a field an option asked for must be there.
 *
 * Paging: the cursor is a transaction digest, exclusive, bound to the filter and direction
 * that produced it; `cursor` (`nextCursor`) is the last digest of the page, or the input
 * cursor when the page is empty. Forward (oldest first) unless `direction: 'backward'`, as
 * the service. `limit` and `descending` are accepted as deprecated aliases of `pageSize`
 * and `direction`.
 *
 * @example
 * const query = createQueryTransactions(createJsonRpcCaller({ url: rpcUrl, transport }))
 * const page = await query({ filter: { FromAddress: '0xa11ce' }, options: { showEffects: true }, pageSize: 20 })
 * page.items[0]?.effects.gasUsed.computationCost // a string
 */
export function createQueryTransactions(caller: JsonRpcCaller): QueryTransactionsFn {
  return <const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    parameters: QueryTransactionsParameters<TOptions>,
  ): Promise<TransactionPage<TOptions>> => {
    let params: unknown[]
    let options: TransactionBlockResponseOptions | null
    try {
      if (typeof parameters !== 'object' || parameters === null) throw new InvalidArgumentError('query takes an object of parameters')
      options = readTransactionOptions(parameters.options)
      const pageSize = readPageSize(resolveAlias(parameters, 'pageSize', 'limit'))
      const backward = resolveDirection(parameters) === 'backward'
      params = [{ filter: validateTransactionFilter(parameters.filter), options }, readCursor(parameters.cursor), pageSize, backward]
    } catch (error) {
      return Promise.reject(error)
    }
    // The decoders of transaction responses load with the first query (they stay out of the first load).
    return readerChunk.load().then(({ readTransactionPage }) =>
      caller.call(QUERY_TRANSACTIONS_METHOD, params, {
        signal: parameters.signal,
        parseResult: (result, response) => readTransactionPage<TOptions>(result, response, options),
      }),
    )
  }
}

function readPageSize(pageSize: number | null | undefined): number | null {
  if (pageSize === undefined || pageSize === null) return null
  if (!Number.isSafeInteger(pageSize) || pageSize < 1)
    throw new InvalidArgumentError(`pageSize must be a positive integer or null, got ${String(pageSize)}`)
  return pageSize
}

function readCursor(cursor: unknown): string | null {
  if (cursor === undefined || cursor === null) return null
  if (typeof cursor !== 'string' || !isTransactionDigest(cursor)) {
    throw new InvalidArgumentError('cursor must be a transaction digest (Base58, 32 bytes) from an earlier page, or null')
  }
  return cursor
}
