import type { ChainxClient } from '../client.js'
import type { PageDirection } from '../graphql/checkPagingVariables.js'
import type { NoOptions, TransactionBlockResponse, TransactionBlockResponseOptions, TransactionFilter } from '../transactions/types.js'
import type { QueryTransactionsParameters, TransactionPage } from '../resources/transactions.js'
import type { ChainxInfiniteQueryOptions, ChainxLiveQueryOptions, ChainxPage, ChainxQueryOptions } from './types.js'
import { walkQueryOptions } from './walkQueries.js'

/**
 * Parameters of `q.transactions.query`: those of `client.transactions.query` without `signal`
 * (TanStack's is used).
 *
 * @example
 * const input: TransactionQueryInput<{ showEffects: true }> = { filter: { FromAddress: alice }, options: { showEffects: true }, pageSize: 10 }
 */
export type TransactionQueryInput<TOptions extends TransactionBlockResponseOptions = NoOptions> = Omit<
  QueryTransactionsParameters<TOptions>,
  'signal'
>

/**
 * Parameters of `q.transactions.infinite`.
 *
 * @example
 * const input: InfiniteTransactionsInput = { filter: { FromAddress: alice }, pageSize: 20, direction: 'backward' }
 */
export interface InfiniteTransactionsInput<TOptions extends TransactionBlockResponseOptions = NoOptions> {
  /**
   * Which transactions; checked before sending.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest; types the pages' items.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
  /**
   * Transactions per page; the service clamps it to its maximum.
   * @default the service's default page size, as every walk (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * `'forward'` oldest first, `'backward'` newest first.
   * @default 'forward'
   */
  direction?: PageDirection | undefined
  /**
   * Start after this transaction digest (exclusive).
   * @default null (the oldest, or the newest backward)
   */
  cursor?: string | null | undefined
}

/**
 * Parameters of `q.transactions.live`.
 *
 * @example
 * const input: LiveTransactionsInput = { filter: { FromAddress: alice }, intervalMs: 500, maxItems: 100 }
 */
export interface LiveTransactionsInput<TOptions extends TransactionBlockResponseOptions = NoOptions> {
  /**
   * Which transactions; checked before sending.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest; types the data.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
  /**
   * Where the feed starts: `'latest'` for transactions that land after it starts, `null` for
   * the oldest matching one, or a digest (exclusive). A refetch resumes after the newest one held.
   * @default 'latest'
   */
  cursor?: string | null | 'latest' | undefined
  /**
   * Wait between polls once caught up, in ms.
   * @default 1000
   */
  intervalMs?: number | undefined
  /**
   * Page size of each poll.
   * @default the service's default page size, as every walk (on JSON-RPC its maximum: 50 unless configured otherwise)
   */
  pageSize?: number | undefined
  /**
   * The newest transactions kept in the query's data.
   * @default 200
   */
  maxItems?: number | undefined
}

/**
 * `q.transactions`: one page, an infinite query and a live feed of JSON-RPC transaction
 * blocks, typed by `options` as `client.transactions` is.
 *
 * @example
 * const { data } = useInfiniteQuery(q.transactions.infinite({ filter: { FromAddress: alice }, options: { showEffects: true } }))
 * data?.pages[0]?.items[0]?.effects.status
 */
export interface TransactionQueryOptions {
  /** One page of `chainx_queryTransactionBlocks`, as `client.transactions.query` returns it. */
  query<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: TransactionQueryInput<TOptions>,
  ): ChainxQueryOptions<TransactionPage<TOptions>>
  /** Pages of transactions, each `{ items, hasMore, cursor }`, the page param the digest cursor. */
  infinite<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: InfiniteTransactionsInput<TOptions>,
  ): ChainxInfiniteQueryOptions<ChainxPage<TransactionBlockResponse<TOptions>>, string | null>
  /** The transactions `client.transactions.watch` delivers, newest last; stops when no longer observed. */
  live<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    input: LiveTransactionsInput<TOptions>,
  ): ChainxLiveQueryOptions<TransactionBlockResponse<TOptions>[]>
}

const DEFAULT_LIVE_TRANSACTIONS = 200

/**
 * Builds `q.transactions` over a client's JSON-RPC endpoint, on the machinery of `q.events`
 * (`walkQueryOptions`). The keys name `rpcUrl`; without one, the queries fail as
 * `client.transactions` does (INVALID_ARGUMENT).
 *
 * @example
 * const transactions = transactionQueryOptions(client)
 * await queryClient.fetchQuery(transactions.query({ filter: { FromAddress: alice }, pageSize: 5 }))
 */
export function transactionQueryOptions(client: ChainxClient): TransactionQueryOptions {
  const walk = walkQueryOptions<
    TransactionBlockResponse<TransactionBlockResponseOptions>,
    string,
    TransactionPage<TransactionBlockResponseOptions>
  >({
    name: 'transactions',
    endpoint: client.options.rpcUrl,
    query: (parameters) => client.transactions.query(parameters as QueryTransactionsParameters<TransactionBlockResponseOptions>),
    readPage: ({ items, hasMore, cursor }) => ({ items, hasMore, cursor }),
    sameCursor: (a, b) => a === b,
    watch: (parameters) => client.transactions.watch(parameters as Parameters<ChainxClient['transactions']['watch']>[0]),
    cursorOf: (transaction) => transaction.digest,
  })
  return {
    query: (input) => walk.query(input) as never,
    infinite: ({ filter, options, pageSize, direction, cursor }) =>
      walk.infinite({ filter, options, pageSize, direction, cursor } as InfiniteTransactionsInput) as never,
    live: ({ filter, options, cursor, intervalMs, pageSize, maxItems = DEFAULT_LIVE_TRANSACTIONS }) =>
      walk.live({ filter, options, cursor, intervalMs, pageSize } as LiveTransactionsInput, maxItems, 'maxItems') as never,
  }
}
