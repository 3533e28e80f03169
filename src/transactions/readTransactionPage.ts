import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { HttpResponse } from '../transport/types.js'
import { transactionPageDecoder } from './transactionSchemas.js'
import type { PageShape } from '../pagination/types.js'
import type { TransactionBlockResponse, TransactionBlockResponseOptions } from './types.js'

/**
 * Reads one `chainx_queryTransactionBlocks` result into a page (`{ items, hasMore, cursor }`),
 * every field checked by the decoders for the options asked (`options`, checked); a transaction
 * missing a requested field comes degraded (`errors` set), never as a failed page.
 *
 * @example
 * const page = readTransactionPage(result, response, { showEffects: true })
 * const tx = page.items[0]
 * if (tx && !tx.errors) console.log(tx.effects.status)
 */
export function readTransactionPage(
  result: unknown,
  response: HttpResponse,
  options: unknown,
): PageShape<TransactionBlockResponse, string> {
  const { data, nextCursor, hasNextPage } = decodeResult(
    transactionPageDecoder(options as TransactionBlockResponseOptions | null),
    result,
    response,
    'chainx_queryTransactionBlocks result is not a transaction page',
  )
  return { items: data as unknown as TransactionBlockResponse[], hasMore: hasNextPage, cursor: nextCursor ?? null }
}
