import { createGraphQLClient } from './graphql/createGraphQLClient.js'
import { createGraphQLMethods, type GraphQLMethods } from './graphql/createGraphQLMethods.js'
import type { LimitsOption } from './graphql/serviceLimits.js'
import { createTransport, type TransportOptions } from './transport/createTransport.js'

/** Options of `ChainxClient`. Transport options (fetch, headers, timeoutMs, retry, rateLimit, hooks) apply to every endpoint. */
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
}

/**
 * The chainx-sdk client: typed GraphQL reads, auto-paging and JSON-RPC events behind one object.
 *
 * @example
 * import { ChainxClient } from 'chainx-sdk'
 * const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9000/graphql' })
 * const { data } = await client.graphql.epoch()
 * console.log(data.epoch?.referenceGasPrice)
 */
export class ChainxClient {
  /** GraphQL reads: `query` for any document and the generated typed operations. */
  readonly graphql: GraphQLMethods
  /** The options the client was created with. */
  readonly options: Readonly<ChainxClientOptions>

  constructor(options: ChainxClientOptions) {
    this.options = options
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
  }
}
