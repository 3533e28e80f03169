import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { HttpResponse } from '../transport/types.js'
import { transactionPageDecoder } from './transactionSchemas.js'
import type { PageShape } from '../pagination/types.js'
import type { TransactionBlockResponse, TransactionBlockResponseOptions } from './types.js'

/**
 * Reads one `chainx_queryTransactionBlocks` result into a page (`{ items, hasMore, cursor }`),
 * every field checked by the decoders for the options asked (`options`, checked).
 *
 * @example
 * const page = readTransactionPage(result, response, { showEffects: true })
 * page.items[0]?.effects.status
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
  // Absent and null mean the same on the wire; the SDK's types say absent.
  for (const transaction of data) {
    for (const key of Object.keys(transaction)) if (transaction[key] === null) delete transaction[key]
  }
  return { items: data as unknown as TransactionBlockResponse[], hasMore: hasNextPage, cursor: nextCursor ?? null }
}
