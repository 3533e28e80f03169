import { ClientClosedError } from './errors/ClientClosedError.js'
import { InvalidArgumentError } from './errors/request.js'
import { createResources, type SubscriptionOptions } from './resources/createResources.js'
import type { EventsClient } from './resources/events.js'
import type { TransactionsClient } from './resources/transactions.js'
import { checkKeys } from './options/checkKeys.js'
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
 * Options of `ChainxClient`; transport options apply to every endpoint. Each URL option takes one URL or several in order of
 * preference (`failover`); a call that needs a missing one fails with `INVALID_ARGUMENT` naming it.
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
   * Settings of the WebSocket subscriptions (heartbeat, reconnect, backfill, checks for dropped subscriptions, WebSocket class),
   * checked when the client is constructed.
   * @default see `SubscriptionOptions`
   */
  subscriptions?: SubscriptionOptions | undefined
}

// Every option of the client, so a misspelled one is refused (typed: a new option must be listed here).
const CLIENT_OPTION_KEYS = Object.keys({
  graphqlUrl: 1,
  rpcUrl: 1,
  wsUrl: 1,
  rpcVersion: 1,
  showUsage: 1,
  limits: 1,
  subscriptions: 1,
  transport: 1,
  fetch: 1,
  headers: 1,
  secretHeaders: 1,
  maxResponseBytes: 1,
  timeoutMs: 1,
  retry: 1,
  rateLimit: 1,
  onRequest: 1,
  onResponse: 1,
  failover: 1,
  onEndpointChange: 1,
  telemetry: 1,
  logger: 1,
} satisfies Record<keyof ChainxClientOptions, 1>)

// `typeof Symbol.asyncDispose` where the consumer's `lib` declares it, a symbol of its own otherwise (the .d.ts compiles on ES2022).
declare const _noAsyncDispose: unique symbol
type AsyncDisposeKey = SymbolConstructor extends { readonly asyncDispose: infer S extends symbol } ? S : typeof _noAsyncDispose
/** `Symbol.asyncDispose`, or the registered symbol TypeScript's downlevel `await using` uses. */
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
  /** The options the client was created with (a copy); secrets are redacted when serialised or inspected, not when read. */
  readonly options: Readonly<ChainxClientOptions>
  readonly #closeResources: () => Promise<void>
  /** Aborted by `close()`: running watches end, later calls fail with `CLIENT_CLOSED`. */
  readonly #lifetime = new AbortController()
  readonly #transport: Transport
  #closing: Promise<void> | undefined
  readonly #groups: EndpointGroup[]

  constructor(options: ChainxClientOptions) {
    if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('new ChainxClient takes an object of options')
    checkKeys('new ChainxClient', options, CLIENT_OPTION_KEYS)
    const graphqlUrls = endpointList('graphqlUrl', options.graphqlUrl, HTTP)
    const rpcUrls = endpointList('rpcUrl', options.rpcUrl, HTTP)
    const wsUrls = endpointList('wsUrl', options.wsUrl, ['ws:', 'wss:'])
    readGroup('subscriptions', options.subscriptions, SUBSCRIPTION_OPTION_RULES, true)
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
    const resources = createResources({
      rpcUrl: rpcGroup,
      wsUrl: wsUrls,
      transport,
      subscriptions: options.subscriptions,
      closed: this.#lifetime.signal,
    })
    this.events = resources.events
    this.transactions = resources.transactions
    this.#closeResources = resources.close
  }

  /**
   * Walks any Relay connection page after page, yielding its nodes (with `.pages()` and `.toArray()`); `walk.cursor`, passed back
   * as `cursor`, resumes it. See `PaginateOptions`.
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
   * The state of every endpoint, by kind in order of the options: `preferred`, status, latency, recent failures and service
   * version (a kind with one endpoint keeps no health record). Asynchronous: failover is a chunk loaded on demand.
   *
   * @example
   * for (const { kind, url, status, latencyMs } of await client.endpoints()) console.log(kind, url, status, latencyMs)
   */
  async endpoints(): Promise<EndpointState[]> {
    return (await failoverChunk.load()).endpointStates(this.#groups)
  }

  /**
   * Releases every socket, timer and listener the client holds. Running watches end; a walk fails at its next request with
   * `CLIENT_CLOSED` and `resumeCursor`; every later call fails with `ClientClosedError`. Calling it again waits for the first close.
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
   * `await using client = new ChainxClient(...)` closes the client at the end of the block (as `close()`).
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
    await this.#closeResources()
  }
}

const HTTP = ['http:', 'https:']
