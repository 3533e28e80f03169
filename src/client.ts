import { ClientClosedError } from './errors/ClientClosedError.js'
import { InvalidArgumentError } from './errors/request.js'
import { createEventsClient, type EventsClient, type EventsClientHandle } from './events/createEventsClient.js'
import type { SubscriptionClientOptions } from './events/subscribe/createSubscriptionClient.js'
import {
  createTransactionsClient,
  type TransactionsClient,
  type TransactionsClientHandle,
} from './transactions/createTransactionsClient.js'
import type { GraphQLDocument, ResultOf } from './graphql/createGraphQLClient.js'
import { createGraphQLClient } from './graphql/createGraphQLClient.js'
import { createGraphQLMethods, type GraphQLMethods } from './graphql/createGraphQLMethods.js'
import type { LimitsOption } from './graphql/serviceLimits.js'
import { paginate, type GraphQLPage, type NodeOf, type PaginateArguments } from './graphql/paginate.js'
import type { PageIterable } from './pagination/types.js'
import { createTransport, type Transport, type TransportOptions } from './transport/createTransport.js'
import { endpointList, type EndpointGroup, type EndpointState, type EndpointUrls } from './transport/endpoints.js'
import { hideSecrets } from './transport/hideSecrets.js'
import { failoverChunk } from './transport/loadFailover.js'
import { readGroup } from './options/optionRules.js'
import { SUBSCRIPTION_OPTION_RULES } from './subscription/subscriptionOptionRules.js'

/**
 * Options of `ChainxClient`. Transport options (fetch, headers, timeoutMs, retry, rateLimit, hooks) apply to every endpoint.
 * Each URL option takes one URL or several in order of preference (failover, see `failover`);
 * each is optional, and a call that needs a missing one fails with `INVALID_ARGUMENT` naming it.
 *
 * @example
 * const options: ChainxClientOptions = { graphqlUrl, rpcUrl, timeoutMs: 10_000, retry: { retries: 2 }, rateLimit: 100 }
 * const backend: ChainxClientOptions = { rpcUrl: ['http://own-node:9000/json-rpc', 'https://public.example/json-rpc'] }
 */
export interface ChainxClientOptions extends TransportOptions {
  /** The GraphQL endpoint, {graphql_url}, or several; needed by `client.graphql` and `client.paginate`. */
  graphqlUrl?: EndpointUrls | undefined
  /** The JSON-RPC endpoint, {rpc_url}, or several; needed by `client.events` and `client.transactions`. */
  rpcUrl?: EndpointUrls | undefined
  /** The WebSocket endpoint, {ws_url}, or several (a lost subscription reconnects to the next); needed by the deprecated `client.events.subscribe` and `client.transactions.subscribe`. */
  wsUrl?: EndpointUrls | undefined
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
   * Checked by the option rules when the client is constructed (`SUBSCRIPTION_OPTION_RULES`): a bad
   * value is `INVALID_ARGUMENT` naming it as written, e.g. `subscriptions.reconnect.maxDelayMs`.
   * @default see `SubscriptionClientOptions`
   */
  subscriptions?: Omit<SubscriptionClientOptions, 'wsUrl' | 'queryEvents'> | undefined
}

/**
 * The type of `client.events`.
 *
 * @deprecated Use `EventsClient`, the one public type of `client.events`.
 * @example
 * const events: EventsClient = client.events
 */
export type ChainxEventsApi = EventsClient

/** The key's type where the consumer has none: a `lib` before ESNext (ES2022, no `@types/node`) lacks `Symbol.asyncDispose`. */
declare const _noAsyncDispose: unique symbol
/** `typeof Symbol.asyncDispose` where the consumer's `lib` declares it (`await using` then types), a symbol of its own otherwise, so the .d.ts compiles on ES2022 without `skipLibCheck`. */
type AsyncDisposeKey = SymbolConstructor extends { readonly asyncDispose: infer S extends symbol } ? S : typeof _noAsyncDispose
/** `Symbol.asyncDispose`, or the registered symbol runtimes without it use (as TypeScript's downlevel `await using` does). */
const ASYNC_DISPOSE: AsyncDisposeKey = ((Symbol as { asyncDispose?: symbol }).asyncDispose ??
  Symbol.for('Symbol.asyncDispose')) as AsyncDisposeKey

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
  readonly events: EventsClient
  /** JSON-RPC transaction blocks: `query`, `iterate`, `watch` and the deprecated `subscribe`. */
  readonly transactions: TransactionsClient
  /**
   * The options the client was created with (a copy: static headers were read once). Secret
   * header values and URL credentials are redacted wherever it is serialised or inspected
   * (`JSON.stringify(client)`, `console.log(client)`); reading a field gives its real value.
   */
  readonly options: Readonly<ChainxClientOptions>
  readonly #events: EventsClientHandle
  readonly #transactions: TransactionsClientHandle
  /** Aborted by `close()`: running watches end, later calls fail with `CLIENT_CLOSED`. */
  readonly #lifetime = new AbortController()
  readonly #transport: Transport
  #closing: Promise<void> | undefined
  readonly #groups: EndpointGroup[]

  constructor(options: ChainxClientOptions) {
    if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('new ChainxClient takes an object of options')
    const graphqlUrls = endpointList('graphqlUrl', options.graphqlUrl, HTTP)
    const rpcUrls = endpointList('rpcUrl', options.rpcUrl, HTTP)
    const wsUrls = endpointList('wsUrl', options.wsUrl, ['ws:', 'wss:'])
    // Checked here, not at the first subscribe (a chunk of its own), under the names the caller wrote.
    readGroup('subscriptions', options.subscriptions, SUBSCRIPTION_OPTION_RULES)
    this.options = hideSecrets(options)
    const transport = createTransport(options)
    const graphqlGroup: EndpointGroup = { kind: 'graphql', urls: graphqlUrls }
    const rpcGroup: EndpointGroup = { kind: 'rpc', urls: rpcUrls }
    this.#groups = [graphqlGroup, rpcGroup, { kind: 'ws' as const, urls: wsUrls }].filter((group) => group.urls.length > 0)
    this.#transport = transport
    this.graphql = createGraphQLMethods(
      createGraphQLClient({
        url: graphqlGroup,
        transport,
        rpcVersion: options.rpcVersion,
        showUsage: options.showUsage,
        limits: options.limits,
      }),
    )
    this.#events = createEventsClient({
      rpcUrl: rpcGroup,
      wsUrl: wsUrls,
      transport,
      subscriptions: options.subscriptions,
      closed: this.#lifetime.signal,
    })
    this.events = this.#events
    this.#transactions = createTransactionsClient({
      rpcUrl: rpcGroup,
      wsUrl: wsUrls,
      transport,
      subscriptions: options.subscriptions,
      closed: this.#lifetime.signal,
    })
    this.transactions = this.#transactions
  }

  /**
   * Walks any Relay connection, page after page, yielding its nodes: an AsyncIterable with
   * `.pages()` and `.toArray({ maxItems })`. Forward by default (`first`/`after`); backward
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
  paginate<D extends GraphQLDocument<any, any>, TPath extends string = never>(
    document: D,
    ...args: PaginateArguments<D, TPath>
  ): PageIterable<NodeOf<ResultOf<D>, TPath>, GraphQLPage<NodeOf<ResultOf<D>, TPath>>, string> {
    if (this.closed) throw new ClientClosedError()
    return paginate<D, TPath>(this.graphql, document, ...args)
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.#lifetime.signal.aborted
  }

  /**
   * The state of every endpoint, by kind in order of the options: whether steady traffic goes
   * there (`preferred`), its status (available, cooling down after a failure, due a probe,
   * waiting out a `Retry-After`), latency, recent failures and service version. A kind with
   * one endpoint keeps no health record. Asynchronous: the failover code is a chunk of its own,
   * loaded on demand.
   *
   * @example
   * for (const { kind, url, status, latencyMs } of await client.endpoints()) console.log(kind, url, status, latencyMs)
   */
  async endpoints(): Promise<EndpointState[]> {
    return (await failoverChunk.load()).endpointStates(this.#groups)
  }

  /**
   * Releases everything the client holds, so that a process that rotates clients keeps no
   * socket, timer or listener of a closed one: the subscription WebSocket (every subscription
   * gets a `closed` state), every pooled HTTP connection the SDK owns (idle ones at once, busy
   * ones after their response), and the pools' idle timers. A running `events.watch` ends
   * cleanly (its loop returns, as with its `signal`); a walk (`paginate`, `events.iterate`)
   * fails at its next request with `CLIENT_CLOSED`, carrying `resumeCursor` for a new client.
   * Every later call fails with `ClientClosedError` (`CLIENT_CLOSED`). Calling it again waits for
   * the first close. `await using client = new ChainxClient(...)` calls it at the end of the block.
   *
   * @example
   * const client = new ChainxClient({ graphqlUrl, rpcUrl })
   * try {
   *   await client.graphql.epoch()
   * } finally {
   *   await client.close()
   * }
   */
  close(): Promise<void> {
    this.#closing ??= this.#release()
    return this.#closing
  }

  /**
   * `await using client = new ChainxClient(...)` closes the client at the end of the block
   * (the same as `close()`). The key is `Symbol.asyncDispose`, or `Symbol.for('Symbol.asyncDispose')`
   * where the runtime has none yet.
   *
   * @example
   * await using client = new ChainxClient({ graphqlUrl })
   * console.log((await client.graphql.epoch()).data.epoch?.epochId)
   */
  [ASYNC_DISPOSE](): Promise<void> {
    return this.close()
  }

  async #release(): Promise<void> {
    this.#lifetime.abort(new ClientClosedError())
    this.#transport.close?.()
    await Promise.all([this.#events.close(), this.#transactions.close()])
  }
}

const HTTP = ['http:', 'https:']
