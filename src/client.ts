import { InvalidArgumentError } from './errors/request.js'
import { createEventsClient, type EventsClient } from './events/createEventsClient.js'
import type { ClientSubscriptions } from './createClientSubscriptions.js'
import type { SubscriptionClient, SubscriptionClientOptions } from './events/subscribe/createSubscriptionClient.js'
import type { Unsubscribe } from './subscription/types.js'
import type { SubscribeTransactionsParameters } from './transactions/createTransactionSubscriptionClient.js'
import type { ChainxEvent, EventId, QueryEventsFn } from './events/types.js'
import type { GraphQLDocument, ResultOf } from './graphql/createGraphQLClient.js'
import { createGraphQLClient } from './graphql/createGraphQLClient.js'
import { createGraphQLMethods, type GraphQLMethods } from './graphql/createGraphQLMethods.js'
import type { LimitsOption } from './graphql/serviceLimits.js'
import { iterateEvents, type EventWalkPage, type IterateEventsOptions } from './events/iterateEvents.js'
import { paginate, type ConnectionPath, type GraphQLPage, type NodeOf, type PaginateArguments } from './graphql/paginate.js'
import type { PageIterable } from './pagination/types.js'
import { createTransport, type TransportOptions } from './transport/createTransport.js'
import { hideSecrets } from './transport/hideSecrets.js'
import { redactUrl } from './utils/redactUrl.js'
import { createTransactionsClient } from './transactions/createTransactionsClient.js'
import {
  iterateTransactions,
  type IterateTransactionsOptions,
  type TransactionWalkPage,
} from './transactions/iterateTransactions.js'
import { watchTransactions, type TransactionWatcher, type WatchTransactionsOptions } from './transactions/watchTransactions.js'
import type { NoOptions, QueryTransactionsFn, TransactionBlockResponse, TransactionBlockResponseOptions } from './transactions/types.js'

/**
 * Options of `ChainxClient`. Transport options (fetch, headers, timeoutMs, retry, rateLimit, hooks) apply to every endpoint.
 *
 * @example
 * const options: ChainxClientOptions = { graphqlUrl, rpcUrl, timeoutMs: 10_000, retry: { retries: 2 }, rateLimit: 100 }
 */
export interface ChainxClientOptions extends TransportOptions {
  /** The GraphQL endpoint, {graphql_url}. */
  graphqlUrl: string
  /** The JSON-RPC endpoint, {rpc_url}; needed by `client.events`. */
  rpcUrl?: string | undefined
  /** The WebSocket endpoint, {ws_url}; needed by the deprecated `client.events.subscribe`. */
  wsUrl?: string | undefined
  /** Sent as `x-chain-rpc-version` on GraphQL requests (spec 9.1). */
  rpcVersion?: string | undefined
  /**
   * Ask for the usage extension on every GraphQL query.
   * @default false
   */
  showUsage?: boolean | undefined
  /**
   * Limits for the checks before sending: fetched from `serviceConfig` once, given, or off.
   * @default 'serviceConfig'
   */
  limits?: LimitsOption | undefined
  /**
   * Settings of the WebSocket subscriptions (heartbeat, reconnect, backfill, the periodic check for silently dropped subscriptions, WebSocket class).
   * @default see `SubscriptionClientOptions`
   */
  subscriptions?: Omit<SubscriptionClientOptions, 'wsUrl' | 'queryEvents' | 'machine'> | undefined
}

/**
 * JSON-RPC events: one page, a walk over all pages, polling, and the deprecated subscription.
 *
 * @example
 * const events: ChainxEventsApi = client.events
 * const page = await events.query({ filter: { Sender: alice }, limit: 10 })
 */
export interface ChainxEventsApi extends EventsClient, Pick<SubscriptionClient, 'subscribe'> {
  /**
   * Walks every page of `chainx_queryEvents` for a filter, yielding events once each, on the
   * shared page machine (bounds, prefetch). `walk.cursor` is the id of the last event yielded:
   * pass it back as `cursor` to resume.
   *
   * @example
   * const walk = client.events.iterate({ filter: { Sender: alice }, maxItems: 1_000 })
   * for await (const event of walk) await save(event, walk.cursor)
   */
  iterate<TParsed = Record<string, unknown>>(
    options: IterateEventsOptions<TParsed>,
  ): PageIterable<ChainxEvent<TParsed>, EventWalkPage<TParsed>, EventId>
}

/**
 * JSON-RPC transaction blocks: one page, a walk over all pages, polling, and the deprecated subscription.
 *
 * @example
 * const transactions: ChainxTransactionsApi = client.transactions
 * const page = await transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true }, pageSize: 10 })
 */
export interface ChainxTransactionsApi {
  /**
   * One page of `chainx_queryTransactionBlocks` (`{ items, hasMore, cursor }`, with the
   * service's `data`, `hasNextPage`, `nextCursor` beside), typed by `options`.
   *
   * @example
   * const { items, cursor } = await client.transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true } })
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
   * as `client.events.watch` does; `watcher.cursor` resumes.
   *
   * @example
   * const watcher = client.transactions.watch({ filter: { FromAddress: alice }, cursor: 'latest', signal })
   * for await (const tx of watcher) await save(tx.digest, watcher.cursor)
   */
  watch<const TOptions extends TransactionBlockResponseOptions = NoOptions>(options: WatchTransactionsOptions<TOptions>): TransactionWatcher<TOptions>
  /**
   * Subscribes to the effects of matching transactions over the WebSocket; resolves with the
   * function that unsubscribes. Each transaction's effects arrive once, in order, through
   * socket drops and restarts (backfilled through `chainx_queryTransactionBlocks`).
   *
   * @deprecated The service deprecates `chainx_subscribeTransaction`. Use
   * `client.transactions.watch`, which polls `chainx_queryTransactionBlocks` with a cursor and needs no WebSocket.
   *
   * @example
   * const unsubscribe = await client.transactions.subscribe({ filter: { FromAddress: alice }, onTransaction: (fx) => console.log(fx.status) })
   */
  subscribe(parameters: SubscribeTransactionsParameters): Promise<Unsubscribe>
}

/**
 * The chainx-sdk client: typed GraphQL reads, auto-paging and JSON-RPC events behind one object.
 *
 * @example
 * import { ChainxClient } from 'chainx-sdk'
 * const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9000/graphql', rpcUrl: 'http://127.0.0.1:9000/json-rpc' })
 * const { data } = await client.graphql.epoch()
 * console.log(data.epoch?.referenceGasPrice)
 */
export class ChainxClient {
  /** GraphQL reads: `query` for any document and the generated typed operations. */
  readonly graphql: GraphQLMethods
  /** JSON-RPC events: `query`, `iterate`, `watch` and the deprecated `subscribe`. */
  readonly events: ChainxEventsApi
  /** JSON-RPC transaction blocks: `query`, `iterate`, `watch` and the deprecated `subscribe`. */
  readonly transactions: ChainxTransactionsApi
  /**
   * The options the client was created with (a copy: static headers were read once). Secret
   * header values and URL credentials are redacted wherever it is serialised or inspected
   * (`JSON.stringify(client)`, `console.log(client)`); reading a field gives its real value.
   */
  readonly options: Readonly<ChainxClientOptions>
  #subscriptions: Promise<ClientSubscriptions> | undefined
  readonly #loadSubscriptions: (wsUrl: string) => Promise<ClientSubscriptions>

  constructor(options: ChainxClientOptions) {
    for (const [key, protocols] of URL_PROTOCOLS) {
      const url = options[key]
      if ((key === 'graphqlUrl' || url !== undefined) && !protocols.includes(protocolOf(url))) {
        const shown = typeof url === 'string' ? redactUrl(url) : url
        throw new InvalidArgumentError(`${key} must be an absolute ${protocols.join(' or ')} URL, got ${JSON.stringify(shown)}`)
      }
    }
    this.options = hideSecrets(options)
    const transport = createTransport(options)
    this.graphql = createGraphQLMethods(
      createGraphQLClient({
        url: options.graphqlUrl,
        transport,
        rpcVersion: options.rpcVersion,
        showUsage: options.showUsage,
        limits: options.limits,
      }),
    )
    const rpc = options.rpcUrl ? createEventsClient({ rpcUrl: options.rpcUrl, transport }) : undefined
    const requireRpc = (): EventsClient => {
      if (!rpc) throw new InvalidArgumentError('client.events needs rpcUrl in the ChainxClient options')
      return rpc
    }
    const query: QueryEventsFn = (parameters) => requireRpc().query(parameters)
    const transactions = options.rpcUrl ? createTransactionsClient({ rpcUrl: options.rpcUrl, transport }) : undefined
    const queryTransactions: QueryTransactionsFn = (parameters) => {
      if (!transactions) return Promise.reject(new InvalidArgumentError('client.transactions needs rpcUrl in the ChainxClient options'))
      return transactions.query(parameters)
    }
    this.transactions = {
      query: queryTransactions,
      iterate: (iterateOptions) => iterateTransactions(queryTransactions, iterateOptions),
      watch: (watchOptions) => watchTransactions(queryTransactions, watchOptions),
      subscribe: async (parameters) => {
        const wsUrl = options.wsUrl
        if (!wsUrl) throw new InvalidArgumentError('client.transactions.subscribe needs wsUrl in the ChainxClient options')
        return (await this.#loadSubscriptions(wsUrl)).transactions.subscribe(parameters)
      },
    }
    // Loaded on first use: the deprecated WebSocket clients stay out of the main chunk.
    this.#loadSubscriptions = (wsUrl) =>
      (this.#subscriptions ??= import('./createClientSubscriptions.js').then((module) =>
        module.createClientSubscriptions({ ...options.subscriptions, wsUrl }, rpc ? query : undefined, transactions ? queryTransactions : undefined),
      ))
    this.events = {
      query,
      watch: (watchOptions) => requireRpc().watch(watchOptions),
      iterate: (iterateOptions) => iterateEvents(query, iterateOptions),
      subscribe: async (parameters) => {
        const wsUrl = options.wsUrl
        if (!wsUrl) throw new InvalidArgumentError('client.events.subscribe needs wsUrl in the ChainxClient options')
        return (await this.#loadSubscriptions(wsUrl)).events.subscribe(parameters)
      },
    }
  }

  /**
   * Walks any Relay connection, page after page, yielding its nodes: an AsyncIterable with
   * `.pages()` and `.toArray({ limit })`. Forward by default (`first`/`after`); backward
   * uses `last`/`before`. `pageSize` defaults to the service's `defaultPageSize` and is
   * clamped to its `maxPageSize`. The next page is prefetched while you handle one;
   * `walk.cursor`, saved and passed back as `cursor`, resumes the walk. See `PaginateOptions`.
   *
   * @example
   * import { EventsDocument } from 'chainx-sdk'
   * const walk = client.paginate(EventsDocument, { filter: { sender } }, { maxItems: 500, cursor: saved })
   * for await (const event of walk) {
   *   console.log(event.type.repr)
   *   saved = walk.cursor
   * }
   */
  paginate<D extends GraphQLDocument<any, any>, TPath extends ConnectionPath<ResultOf<D>> = never>(
    document: D,
    ...args: PaginateArguments<D, TPath>
  ): PageIterable<NodeOf<ResultOf<D>, TPath>, GraphQLPage<NodeOf<ResultOf<D>, TPath>>, string> {
    return paginate<D, TPath>(this.graphql, document, ...args)
  }

  /**
   * Closes what the client keeps open (the subscription WebSocket, if any).
   *
   * @example
   * await client.close()
   */
  async close(): Promise<void> {
    const subscriptions = this.#subscriptions
    this.#subscriptions = undefined
    await (await subscriptions)?.close()
  }
}

const URL_PROTOCOLS: [key: 'graphqlUrl' | 'rpcUrl' | 'wsUrl', protocols: string[]][] = [
  ['graphqlUrl', ['http:', 'https:']],
  ['rpcUrl', ['http:', 'https:']],
  ['wsUrl', ['ws:', 'wss:']],
]

function protocolOf(value: unknown): string {
  try {
    return typeof value === 'string' ? new URL(value).protocol : ''
  } catch {
    return ''
  }
}
