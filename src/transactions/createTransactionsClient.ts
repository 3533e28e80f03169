import { ClientClosedError } from '../errors/ClientClosedError.js'
import { lazySubscriptions } from '../subscription/lazySubscriptions.js'
import type { SubscriptionClientOptions } from '../events/subscribe/createSubscriptionClient.js'
import { lazyRpcQuery } from '../jsonRpc/lazyRpcQuery.js'
import type { PageIterable } from '../pagination/types.js'
import type { Unsubscribe } from '../subscription/types.js'
import type { Transport } from '../transport/createTransport.js'
import type { SubscribeTransactionsParameters } from './createTransactionSubscriptionClient.js'
import { iterateTransactions, type IterateTransactionsOptions, type TransactionWalkPage } from './iterateTransactions.js'
import type { NoOptions, QueryTransactionsFn, TransactionBlockResponse, TransactionBlockResponseOptions } from './types.js'
import { watchTransactions, type TransactionWatcher, type WatchTransactionsOptions } from './watchTransactions.js'
import type { EndpointGroup } from '../transport/endpoints.js'

/**
 * Options of `createTransactionsClient`.
 *
 * @example
 * const transactions = createTransactionsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 */
export interface TransactionsClientOptions {
  /**
   * The JSON-RPC endpoint, {rpc_url}: needed by `query`, `iterate` and `watch` (they fail with
   * `InvalidArgumentError` without it), and by `subscribe`'s backfill.
   * @default undefined
   */
  rpcUrl?: string | EndpointGroup | undefined
  /** The transport shared with the other clients (timeouts, retries, rate limit, hooks). */
  transport: Transport
  /**
   * The WebSocket endpoint, {ws_url}: needed by the deprecated `subscribe`.
   * @default undefined
   */
  wsUrl?: string | readonly string[] | undefined
  /**
   * Settings of the WebSocket subscriptions (the same as `client.events`').
   * @default see `SubscriptionClientOptions`
   */
  subscriptions?: Omit<SubscriptionClientOptions, 'wsUrl' | 'queryEvents' | 'machine' | 'typeNameLimits'> | undefined
  /**
   * Aborted when the client closes: every running `watch` then ends cleanly, and every later
   * call fails with `CLIENT_CLOSED`.
   * @default undefined (never closed from outside; `close()` still closes the subscriptions)
   */
  closed?: AbortSignal | undefined
}

/**
 * `client.transactions`: JSON-RPC transaction blocks in the walk vocabulary, the four calls
 * of `client.events`. `query` reads one page of `chainx_queryTransactionBlocks`, `iterate`
 * walks every page, `watch` follows new transactions by polling, and the deprecated
 * `subscribe` listens on a WebSocket (`chainx_subscribeTransaction`).
 *
 * @example
 * const { items, cursor } = await client.transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true } })
 * for await (const tx of client.transactions.watch({ filter: { FromAddress: alice }, cursor })) console.log(tx.digest)
 */
export interface TransactionsClient {
  /**
   * One page of `chainx_queryTransactionBlocks` (`{ items, hasMore, cursor }`, with the
   * service's `data`, `hasNextPage`, `nextCursor` beside), typed by `options`; see `createQueryTransactions`.
   *
   * @example
   * const { items } = await client.transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true } })
   * items[0]?.effects.status
   */
  query: QueryTransactionsFn
  /**
   * Walks every page of `chainx_queryTransactionBlocks` for a filter, yielding each
   * transaction once, in order, on the shared page machine. `walk.cursor` is the digest of
   * the last transaction yielded: pass it back as `cursor` to resume.
   *
   * @example
   * const walk = client.transactions.iterate({ filter: { AffectedObject: pool }, options: { showEffects: true } })
   * for await (const tx of walk) await save(tx, walk.cursor)
   */
  iterate<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    options: IterateTransactionsOptions<TOptions>,
  ): PageIterable<TransactionBlockResponse<TOptions>, TransactionWalkPage<TOptions>, string>
  /**
   * Follows new transactions by polling `chainx_queryTransactionBlocks` from a digest cursor,
   * as `client.events.watch` does; `watcher.cursor` resumes. See `watchTransactions`.
   *
   * @example
   * const watcher = client.transactions.watch({ filter: { FromAddress: alice }, cursor: 'latest', signal })
   * for await (const tx of watcher) await save(tx.digest, watcher.cursor)
   */
  watch<const TOptions extends TransactionBlockResponseOptions = NoOptions>(
    options: WatchTransactionsOptions<TOptions>,
  ): TransactionWatcher<TOptions>
  /**
   * Subscribes to the effects of matching transactions over the WebSocket; resolves with the
   * function that unsubscribes. Each transaction's effects arrive once, in order, through
   * socket drops and restarts (backfilled through `chainx_queryTransactionBlocks`).
   *
   * @deprecated The service deprecates `chainx_subscribeTransaction` (spec 1.2). Use `watch`,
   * which polls `chainx_queryTransactionBlocks` with a cursor and needs no WebSocket.
   */
  subscribe(parameters: SubscribeTransactionsParameters): Promise<Unsubscribe>
}

/**
 * What `createTransactionsClient` returns: `client.transactions`, and `close` for the facade.
 *
 * @example
 * const transactions: TransactionsClientHandle = createTransactionsClient({ transport })
 * await transactions.close()
 */
export interface TransactionsClientHandle extends TransactionsClient {
  /** Closes the subscription WebSocket, if one was opened. */
  close(): Promise<void>
}

/**
 * Creates `client.transactions`, the one place it is built: `query`, `iterate`, `watch` and
 * the deprecated `subscribe`, whose WebSocket client (the one subscription machine) is loaded
 * on first use, so it stays out of the main chunk.
 *
 * @example
 * const transactions = createTransactionsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const { items } = await transactions.query({ filter: { FromAddress: '0x2' }, pageSize: 5 })
 */
export function createTransactionsClient(options: TransactionsClientOptions): TransactionsClientHandle {
  const { rpcUrl, wsUrl, closed } = options
  const assertOpen = () => {
    if (closed?.aborted) throw new ClientClosedError()
  }
  // The JSON-RPC caller and the transaction decoders load with the first read (they stay out of the first load).
  const { query, available } = lazyRpcQuery<QueryTransactionsFn>({
    area: 'client.transactions',
    chunk: 'connectQueryTransactions',
    rpcUrl,
    transport: options.transport,
    closed,
    load: () => import('./connectQueryTransactions.js').then((module) => module.connectQueryTransactions),
  })
  // The deprecated WebSocket client is a chunk of its own; a failed load is retried by the next subscribe.
  const subscriptions = lazySubscriptions({
    area: 'client.transactions',
    chunk: 'createTransactionSubscriptionClient',
    wsUrl,
    closed,
    open: (wsUrl) =>
      Promise.all([import('../subscription/createSubscriptionMachine.js'), import('./createTransactionSubscriptionClient.js')]).then(
        ([machines, clients]) => {
          const machine = machines.createSubscriptionMachine({
            ...options.subscriptions,
            wsUrl,
            onConnectionStart: options.transport.onConnectionStart,
            logger: options.transport.logger,
          })
          return {
            ...clients.createTransactionSubscriptionClient({ machine, query: available ? query : undefined }),
            close: () => machine.close(),
          }
        },
      ),
  })
  return {
    query,
    iterate: (iterateOptions) => (assertOpen(), iterateTransactions(query, iterateOptions, options.transport.onWalkStart)),
    watch: (watchOptions) => (assertOpen(), watchTransactions(query, watchOptions, closed)),
    subscribe: async (parameters) => (await subscriptions.open()).subscribe(parameters),
    close: () => subscriptions.close(),
  }
}
