import { InvalidResponseError } from '../errors/request.js'
import type { HttpResponse } from '../transport/types.js'
import { decodeOr } from '../utils/decode.js'
import { parseServiceVersion } from '../utils/serviceVersion.js'
import { QUERY_TRANSACTIONS_METHOD } from './createQueryTransactions.js'
import { transactionPageDecoder } from './transactionSchemas.js'
import type { TransactionBlockResponseOptions, TransactionPage } from './types.js'

/**
 * Reads one `chainx_queryTransactionBlocks` result into a page (`{ items, hasMore, cursor }`
 * with the service's names beside), every field checked by the decoders for the options asked
 * (a chunk of its own, loaded by the first query); a transaction missing a requested field comes
 * degraded (`errors` set), never as a failed page.
 *
 * @example
 * const page = readTransactionPage(result, response, { showEffects: true })
 * const tx = page.items[0]
 * if (tx && !tx.errors) console.log(tx.effects.status)
 */
export function readTransactionPage<TOptions extends TransactionBlockResponseOptions>(
  result: unknown,
  response: HttpResponse,
  options: TransactionBlockResponseOptions | null,
): TransactionPage<TOptions> {
  const { data, nextCursor, hasNextPage } = decodeOr(
    transactionPageDecoder(options),
    result,
    (failure) =>
      new InvalidResponseError({
        status: response.status,
        body: response.body,
        reason: `${QUERY_TRANSACTIONS_METHOD} result is not a transaction page: ${failure.describe('result')}`,
        version: parseServiceVersion(response.headers['x-chain-rpc-version']),
        cause: failure,
      }),
  )
  const items = data as unknown as TransactionPage<TOptions>['items']
  const cursor = nextCursor ?? null
  return { items, hasMore: hasNextPage, cursor, data: items, hasNextPage, nextCursor: cursor }
}
