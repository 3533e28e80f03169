import { InvalidArgumentError } from '../errors/request.js'
import { isTransactionDigest } from '../events/isTransactionDigest.js'
import { createWatchLoop, type Watcher, type WatchLoopOptions } from '../subscription/watchLoop.js'
import { readTransactionOptions } from './readTransactionOptions.js'
import type {
  NoOptions,
  QueryTransactionsFn,
  TransactionBlockResponse,
  TransactionBlockResponseOptions,
  TransactionFilter,
} from './types.js'
import { validateTransactionFilter } from './validateTransactionFilter.js'

/**
 * Options of `client.transactions.watch`.
 *
 * @example
 * const options: WatchTransactionsOptions<{ showEffects: true }> = {
 *   filter: { AffectedObject: pool }, options: { showEffects: true }, cursor: 'latest', intervalMs: 2_000,
 * }
 */
export interface WatchTransactionsOptions<TOptions extends TransactionBlockResponseOptions = NoOptions> extends WatchLoopOptions {
  /**
   * Which transactions; checked when the watcher is created.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
  /**
   * Where to start: a digest saved from `watcher.cursor` (transactions after it are yielded),
   * `null` for the oldest matching transaction, or `'latest'` for only those that land after
   * the watch starts.
   * @default null
   */
  cursor?: string | null | 'latest' | undefined
}

/**
 * An endless stream of transactions; `cursor` is the digest of the last one yielded.
 *
 * @example
 * const watcher: TransactionWatcher = client.transactions.watch({ filter: { FromAddress: alice } })
 * for await (const tx of watcher) await store.save(tx.digest, watcher.cursor)
 */
export type TransactionWatcher<TOptions extends TransactionBlockResponseOptions = NoOptions> = Watcher<
  TransactionBlockResponse<TOptions>,
  string
>

/**
 * Follows new transactions by polling `chainx_queryTransactionBlocks` from a client-held
 * digest cursor, on the one watch loop `client.events.watch` uses (`createWatchLoop`): each
 * matching transaction once, in order, polling at once while the service has more and every
 * `intervalMs` when caught up, backing off on failed polls (honouring `Retry-After`).
 * `watcher.cursor`, saved and passed back as `cursor`, resumes without gaps or repeats.
 *
 * @example
 * const watcher = watchTransactions(query, { filter: { FromAddress: alice }, options: { showEffects: true }, cursor: 'latest' })
 * for await (const tx of watcher) console.log(tx.digest, tx.effects.status.status)
 */
export function watchTransactions<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
  query: QueryTransactionsFn,
  options: WatchTransactionsOptions<TOptions>,
  closed?: AbortSignal,
): TransactionWatcher<TOptions> {
  const filter = validateTransactionFilter(options.filter)
  const shown = readTransactionOptions(options.options) as TOptions | null
  const start = options.cursor ?? null
  if (start !== null && start !== 'latest' && (typeof start !== 'string' || !isTransactionDigest(start))) {
    throw new InvalidArgumentError(`cursor must be a transaction digest, 'latest' or null`)
  }
  return createWatchLoop<TransactionBlockResponse<TOptions>, string>(
    {
      fetchPage: async ({ cursor, size, signal }) => {
        const page = await query<TOptions>({ filter, options: shown, cursor, pageSize: size, signal })
        return { items: page.items, nextCursor: page.cursor, hasMore: page.hasMore }
      },
      cursorOf: (tx) => tx.digest,
      start: async (_cursor, signal) => {
        if (start !== 'latest') return undefined
        const newest = await query({ filter, pageSize: 1, direction: 'backward', signal })
        return newest.items[0]?.digest ?? null
      },
    },
    options,
    start === 'latest' ? null : start,
    closed,
  )
}
