import { InvalidArgumentError } from '../errors/request.js'
import type { FetchedPage, PageIterable, PageShape, WalkPage } from '../pagination/types.js'
import type { Unsubscribe } from '../subscription/types.js'
import type { Watcher } from '../subscription/watchLoop.js'
import type {
  NoOptions,
  TransactionBlockEffects,
  TransactionBlockResponse,
  TransactionBlockResponseOptions,
  TransactionFilter,
} from '../transactions/types.js'
import { validateTransactionFilter } from '../transactions/validateTransactionFilter.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import type { ResourceDescriptor, ResourceIterateOptions, ResourceQueryOptions, ResourceWatchOptions, SubscribeCallbacks } from './types.js'

/** Transactions' optional filter and their own option of every read. */
interface TransactionOptions<TOptions> {
  /**
   * Which transactions; checked at the call.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest (`show*` flags); the result's type follows them.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
}

type WithTransactionOptions<TBase, TOptions> = Omit<TBase, 'filter'> & TransactionOptions<TOptions>

/**
 * Parameters of `client.transactions.query`: one page of `chainx_queryTransactionBlocks`.
 *
 * @example
 * const parameters: QueryTransactionsParameters<{ showEffects: true }> = { filter: { FromAddress: '0xa11ce' }, options: { showEffects: true }, pageSize: 20 }
 */
export type QueryTransactionsParameters<TOptions extends TransactionBlockResponseOptions = NoOptions> = WithTransactionOptions<
  ResourceQueryOptions<TransactionFilter | null, string>,
  TOptions
>

/**
 * One page of `chainx_queryTransactionBlocks`; `cursor` (the last transaction's digest) reads the next page.
 *
 * @example
 * const { items, hasMore, cursor } = await client.transactions.query({ filter: { FromAddress: alice } })
 */
export type TransactionPage<TOptions extends TransactionBlockResponseOptions = NoOptions> = PageShape<
  TransactionBlockResponse<TOptions>,
  string
>

/**
 * Options of `client.transactions.iterate`.
 *
 * @example
 * const options: IterateTransactionsOptions<{ showEffects: true }> = { filter: { AffectedObject: pool }, options: { showEffects: true }, maxItems: 1_000 }
 */
export type IterateTransactionsOptions<TOptions extends TransactionBlockResponseOptions = NoOptions> = WithTransactionOptions<
  ResourceIterateOptions<TransactionFilter | null, string, TransactionBlockResponse<TOptions>>,
  TOptions
>

/**
 * A page of a transaction walk, as `.pages()` yields it.
 *
 * @example
 * for await (const page of client.transactions.iterate({ filter }).pages()) console.log(page.items.length, page.cursor)
 */
export type TransactionWalkPage<TOptions extends TransactionBlockResponseOptions = NoOptions> = WalkPage<
  FetchedPage<TransactionBlockResponse<TOptions>, string>
>

/**
 * Options of `client.transactions.watch`.
 *
 * @example
 * const options: WatchTransactionsOptions<{ showEffects: true }> = { filter: { AffectedObject: pool }, options: { showEffects: true }, cursor: 'latest' }
 */
export type WatchTransactionsOptions<TOptions extends TransactionBlockResponseOptions = NoOptions> = WithTransactionOptions<
  ResourceWatchOptions<TransactionFilter | null, string>,
  TOptions
>

/**
 * An endless stream of transactions; `cursor` is the digest of the last one yielded.
 *
 * @example
 * const watcher: TransactionWatcher = client.transactions.watch({ filter: { FromAddress: alice } })
 */
export type TransactionWatcher<TOptions extends TransactionBlockResponseOptions = NoOptions> = Watcher<
  TransactionBlockResponse<TOptions>,
  string
>

/**
 * Parameters of `client.transactions.subscribe`.
 *
 * @example
 * const parameters: SubscribeTransactionsParameters = { filter: { FromAddress: '0xa11ce' }, onTransaction: (fx) => console.log(fx.transactionDigest) }
 */
export interface SubscribeTransactionsParameters extends SubscribeCallbacks<string> {
  /** A transaction filter; checked at the call. */
  filter: TransactionFilter | null
  /** Called once per transaction, in order, with its effects; a returned promise is not awaited, a throw or rejection goes to `onError`. */
  onTransaction: (effects: TransactionBlockEffects) => void | Promise<void>
}

/**
 * `client.transactions`: `query` reads one page of `chainx_queryTransactionBlocks`, `iterate` walks
 * every page, `watch` follows new ones by polling, the deprecated `subscribe` listens on the WebSocket.
 *
 * @example
 * for await (const tx of client.transactions.watch({ filter: { FromAddress: alice }, cursor })) console.log(tx.digest)
 */
export interface TransactionsClient {
  /**
   * One page of `chainx_queryTransactionBlocks`, typed by `options`.
   *
   * @example
   * const { items } = await client.transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true } })
   */
  query<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    parameters: QueryTransactionsParameters<TOptions>,
  ): Promise<TransactionPage<TOptions>>
  /**
   * Walks every page, yielding each transaction once, in order; `walk.cursor` (the last digest) resumes.
   *
   * @example
   * const walk = client.transactions.iterate({ filter: { AffectedObject: pool }, options: { showEffects: true } })
   * for await (const tx of walk) await save(tx, walk.cursor)
   */
  iterate<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    options: IterateTransactionsOptions<TOptions>,
  ): PageIterable<TransactionBlockResponse<TOptions>, TransactionWalkPage<TOptions>, string>
  /**
   * Follows new transactions by polling from a digest cursor, as `client.events.watch` does; `watcher.cursor` resumes.
   *
   * @example
   * const watcher = client.transactions.watch({ filter: { FromAddress: alice }, cursor: 'latest', signal })
   * for await (const tx of watcher) await save(tx.digest, watcher.cursor)
   */
  watch<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    options: WatchTransactionsOptions<TOptions>,
  ): TransactionWatcher<TOptions>
  /**
   * Subscribes to the effects of matching transactions over the client's WebSocket; resolves with
   * the function that unsubscribes. Each arrives once, in order, through socket drops.
   *
   * @deprecated The service deprecates `chainx_subscribeTransaction` (spec 1.2). Use `watch`,
   * which polls `chainx_queryTransactionBlocks` with a cursor and needs no WebSocket.
   */
  subscribe(parameters: SubscribeTransactionsParameters): Promise<Unsubscribe>
}

/** The text of the one-time warning of `client.transactions.subscribe`. */
export const SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE =
  '[chainx-sdk] client.transactions.subscribe (chainx_subscribeTransaction) is deprecated by the service (spec 1.2); ' +
  'use client.transactions.watch, which polls chainx_queryTransactionBlocks with a cursor.'

const SHOW_FLAGS: readonly (keyof TransactionBlockResponseOptions)[] = [
  'showInput',
  'showRawInput',
  'showEffects',
  'showRawEffects',
  'showEvents',
  'showObjectChanges',
  'showBalanceChanges',
]

/** Transactions as a resource: the digest is the cursor and the identity; `options` (the `show*` flags) is its own option. */
export const transactionsResource: ResourceDescriptor<TransactionBlockResponse, string, TransactionFilter | null> = {
  name: 'transactions',
  method: 'chainx_queryTransactionBlocks',
  ownKeys: ['options'],
  checkFilter: (filter) => validateTransactionFilter(filter as TransactionFilter | null),
  checkCursor(cursor) {
    if (cursor === undefined || cursor === null) return null
    if (typeof cursor !== 'string' || !isTransactionDigest(cursor)) {
      throw new InvalidArgumentError('cursor must be a transaction digest (Base58, 32 bytes) from an earlier page, or null')
    }
    return cursor
  },
  readOwn({ options }) {
    if (options === undefined || options === null) return null
    if (typeof options !== 'object' || Array.isArray(options))
      throw new InvalidArgumentError('options must be an object of show* flags, or null')
    for (const [name, value] of Object.entries(options)) {
      if (!SHOW_FLAGS.includes(name as keyof TransactionBlockResponseOptions)) {
        throw new InvalidArgumentError(`options.${name} is not a transaction option; use ${SHOW_FLAGS.join(', ')}`)
      }
      if (value !== undefined && typeof value !== 'boolean')
        throw new InvalidArgumentError(`options.${name} must be a boolean, got ${String(value)}`)
    }
    return options
  },
  params: ({ filter, own, cursor, pageSize, direction }) => [{ filter, options: own }, cursor, pageSize ?? null, direction === 'backward'],
  reader: (chunk) => chunk.readTransactionPage,
  cursorOf: (tx) => tx.digest,
  key: (tx) => tx.digest,
  subscription: {
    onItem: 'onTransaction',
    ownKeys: [],
    deprecation: {
      flag: 'chainx-sdk.subscribeTransaction.deprecationWarned',
      message: SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE,
      code: 'CHAINX_DEP_SUBSCRIBE_TRANSACTION',
    },
    checkFilter: (filter) => validateTransactionFilter(filter as TransactionFilter | null),
    kind: (chunk) => chunk.transactionSubscriptionKind,
  },
}
