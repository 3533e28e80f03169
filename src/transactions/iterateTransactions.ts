import { InvalidArgumentError } from '../errors/request.js'
import { isTransactionDigest } from '../events/isTransactionDigest.js'
import { createPageIterator } from '../pagination/createPageIterator.js'
import type { WalkObserver } from '../pagination/types.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import type { FetchedPage, PageIterable, StaleOptions, WalkOptions, WalkPage } from '../pagination/types.js'
import { readTransactionOptions } from './readTransactionOptions.js'
import { resolveDirection, type DirectionInput, type WalkDirection } from '../pagination/walkOptions.js'
import type {
  NoOptions,
  QueryTransactionsFn,
  TransactionBlockResponse,
  TransactionBlockResponseOptions,
  TransactionFilter,
} from './types.js'
import { validateTransactionFilter } from './validateTransactionFilter.js'

/**
 * Options of `client.transactions.iterate`.
 *
 * @example
 * const options: IterateTransactionsOptions<{ showEffects: true }> = {
 *   filter: { AffectedObject: pool }, options: { showEffects: true }, direction: 'backward', maxItems: 1_000,
 * }
 */
export interface IterateTransactionsOptions<TOptions extends TransactionBlockResponseOptions = NoOptions>
  extends WalkOptions, DirectionInput, Pick<StaleOptions<TransactionBlockResponse<TOptions>>, 'onStale' | 'maxRestarts' | 'onRestart'> {
  /**
   * Which transactions; checked when the walk is created.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
  /**
   * Where to resume (exclusive, in the walk's direction): a digest saved from `walk.cursor`
   * or an error's `resumeCursor`.
   * @default null (from the oldest, or the newest going backward)
   */
  cursor?: string | null | undefined
}

/**
 * A page of a transaction walk: `items` (what the walk delivers), `hasMore`, and `cursor`, the digest to continue after it.
 *
 * @example
 * for await (const page of client.transactions.iterate({ filter }).pages()) console.log(page.items.length, page.hasMore, page.cursor)
 */
export type TransactionWalkPage<TOptions extends TransactionBlockResponseOptions = NoOptions> = WalkPage<
  FetchedPage<TransactionBlockResponse<TOptions>, string>
>

/**
 * Walks `chainx_queryTransactionBlocks` pages with the shared page machine
 * (`createPageIterator`: bounds, prefetch, retries through the transport, `walk.cursor` after
 * each item, `resumeCursor` on errors): follows the cursor while the service has more,
 * keeps the last cursor over an empty page, and throws `CursorNotAdvancingError` when a page
 * claims more without moving. Each transaction's digest is its cursor. Everything is checked
 * when the walk is created (filter, options, sizes), before any request.
 *
 * @example
 * const walk = iterateTransactions(query, { filter: { FromAddress: alice }, options: { showEffects: true } })
 * for await (const tx of walk) await save(tx.digest, tx.effects.status, walk.cursor)
 */
export function iterateTransactions<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
  query: QueryTransactionsFn,
  options: IterateTransactionsOptions<TOptions>,
  onWalkStart?: (() => WalkObserver | undefined) | undefined,
): PageIterable<TransactionBlockResponse<TOptions>, TransactionWalkPage<TOptions>, string> {
  const filter = validateTransactionFilter(options.filter)
  const shown = readTransactionOptions(options.options) as TOptions | null
  const direction: WalkDirection = resolveDirection(options)
  const resolved = resolvePaginationOptions<TransactionBlockResponse<TOptions>>(options, (tx) => tx.digest)
  const start = options.cursor ?? null
  if (start !== null && (typeof start !== 'string' || !isTransactionDigest(start))) {
    throw new InvalidArgumentError('cursor must be a transaction digest (Base58, 32 bytes) from walk.cursor or a resumeCursor, or null')
  }
  return createPageIterator({
    options: resolved,
    onWalkStart,
    startCursor: start,
    async fetchPage({ cursor, size, signal }) {
      const page = await query<TOptions>({ filter, options: shown, cursor, pageSize: size, direction, signal })
      return { items: page.items, nextCursor: page.cursor, hasMore: page.hasMore, itemCursors: page.items.map((tx) => tx.digest) }
    },
  })
}
