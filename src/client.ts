import { InvalidArgumentError } from './errors/request.js'
import { createEventsClient, type EventsClient } from './events/createEventsClient.js'
import type { SubscriptionClient, SubscriptionClientOptions } from './events/subscribe/createSubscriptionClient.js'
import type { ChainxEvent, EventId, QueryEventsFn } from './events/types.js'
import type { GraphQLDocument, ResultOf } from './graphql/createGraphQLClient.js'
import { createGraphQLClient } from './graphql/createGraphQLClient.js'
import { createGraphQLMethods, type GraphQLMethods } from './graphql/createGraphQLMethods.js'
import type { LimitsOption } from './graphql/serviceLimits.js'
import { iterateEvents, type EventWalkPage, type IterateEventsOptions } from './events/iterateEvents.js'
import { paginate, type ConnectionPath, type GraphQLPage, type NodeOf, type PaginateArguments } from './graphql/paginate.js'
import type { PageIterable } from './pagination/types.js'
import { createTransport, type TransportOptions } from './transport/createTransport.js'
import { endpointList, type EndpointGroup, type EndpointState, type EndpointUrls } from './transport/endpoints.js'
import { hideSecrets } from './transport/hideSecrets.js'

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
  /** The JSON-RPC endpoint, {rpc_url}, or several; needed by `client.events`. */
  rpcUrl?: EndpointUrls | undefined
  /** The WebSocket endpoint, {ws_url}, or several (a lost subscription reconnects to the next); needed by the deprecated `client.events.subscribe`. */
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
   * @default see `SubscriptionClientOptions`
   */
  subscriptions?: Omit<SubscriptionClientOptions, 'wsUrl' | 'queryEvents'> | undefined
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
  /**
   * The options the client was created with (a copy: static headers were read once). Secret
   * header values and URL credentials are redacted wherever it is serialised or inspected
   * (`JSON.stringify(client)`, `console.log(client)`); reading a field gives its real value.
   */
  readonly options: Readonly<ChainxClientOptions>
  #subscriptions: Promise<SubscriptionClient> | undefined
  readonly #groups: EndpointGroup[]

  constructor(options: ChainxClientOptions) {
    const graphqlUrls = endpointList('graphqlUrl', options.graphqlUrl, HTTP)
    const rpcUrls = endpointList('rpcUrl', options.rpcUrl, HTTP)
    const wsUrls = endpointList('wsUrl', options.wsUrl, ['ws:', 'wss:'])
    this.options = hideSecrets(options)
    const transport = createTransport(options)
    const graphqlGroup: EndpointGroup = { kind: 'graphql', urls: graphqlUrls }
    const rpcGroup: EndpointGroup = { kind: 'rpc', urls: rpcUrls }
    this.#groups = [graphqlGroup, rpcGroup, { kind: 'ws' as const, urls: wsUrls }].filter((group) => group.urls.length > 0)
    this.graphql = createGraphQLMethods(
      createGraphQLClient({
        url: graphqlGroup,
        transport,
        rpcVersion: options.rpcVersion,
        showUsage: options.showUsage,
        limits: options.limits,
      }),
    )
    const rpc = rpcUrls.length > 0 ? createEventsClient({ rpcUrl: rpcGroup, transport }) : undefined
    const missingRpc = () => new InvalidArgumentError('client.events needs rpcUrl in the ChainxClient options')
    const requireRpc = (): EventsClient => {
      if (!rpc) throw missingRpc()
      return rpc
    }
    // A rejection, as for every other failure of a call.
    const query: QueryEventsFn = (parameters) => (rpc ? rpc.query(parameters) : Promise.reject(missingRpc()))
    this.events = {
      query,
      watch: (watchOptions) => requireRpc().watch(watchOptions),
      iterate: (iterateOptions) => iterateEvents(query, iterateOptions),
      subscribe: async (parameters) => {
        const wsUrl = wsUrls.length > 0 ? wsUrls : undefined
        if (!wsUrl) throw new InvalidArgumentError('client.events.subscribe needs wsUrl in the ChainxClient options')
        // Loaded on first use: the deprecated WebSocket client stays out of the main chunk.
        this.#subscriptions ??= import('./events/subscribe/createSubscriptionClient.js').then((module) =>
          module.createSubscriptionClient({ ...options.subscriptions, wsUrl, queryEvents: rpc ? query : undefined }),
        )
        return (await this.#subscriptions).subscribe(parameters)
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
    return (await import('./transport/failover/index.js')).endpointStates(this.#groups)
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

const HTTP = ['http:', 'https:']
