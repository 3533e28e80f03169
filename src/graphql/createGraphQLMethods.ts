import type { GraphQLQueryClient, QueryOptions, QueryResult } from './createGraphQLClient.js'
import {
  AvailableRangeDocument,
  DynamicFieldDocument,
  EpochDocument,
  EventsDocument,
  ServiceConfigDocument,
  TransactionBlocksDocument,
  type AvailableRangeQuery,
  type DynamicFieldQuery,
  type DynamicFieldQueryVariables,
  type EpochQuery,
  type EpochQueryVariables,
  type EventsQuery,
  type EventsQueryVariables,
  type ServiceConfigQuery,
  type TransactionBlocksQuery,
  type TransactionBlocksQueryVariables,
} from './generated/operations.js'

/**
 * The typed operations generated from queries/*.graphql, plus `query` for any document.
 *
 * @example
 * const graphql: GraphQLMethods = client.graphql
 * const { data } = await graphql.availableRange()
 */
export interface GraphQLMethods extends GraphQLQueryClient {
  /**
   * An epoch (the latest without `id`) with one page of its transaction blocks.
   * @example
   * const { data } = await client.graphql.epoch({ id: 3, first: 10 })
   */
  epoch(variables?: EpochQueryVariables, options?: QueryOptions): Promise<QueryResult<EpochQuery>>
  /**
   * One page of transaction blocks, optionally filtered.
   * @example
   * const { data } = await client.graphql.transactionBlocks({ first: 20, filter: { sentAddress } })
   */
  transactionBlocks(
    variables?: TransactionBlocksQueryVariables,
    options?: QueryOptions,
  ): Promise<QueryResult<TransactionBlocksQuery>>
  /**
   * A dynamic field of an object, by name type and BCS.
   * @example
   * const { data } = await client.graphql.dynamicField({ address, name: { type: 'u64', bcs: 'AAAAAAAAAAA=' } })
   */
  dynamicField(variables: DynamicFieldQueryVariables, options?: QueryOptions): Promise<QueryResult<DynamicFieldQuery>>
  /**
   * The checkpoints for which consistent pagination works.
   * @example
   * const { data } = await client.graphql.availableRange()
   */
  availableRange(options?: QueryOptions): Promise<QueryResult<AvailableRangeQuery>>
  /**
   * The service's limits and page sizes.
   * @example
   * const { data } = await client.graphql.serviceConfig()
   */
  serviceConfig(options?: QueryOptions): Promise<QueryResult<ServiceConfigQuery>>
  /**
   * One page of events, optionally filtered by sender, type or emitting module.
   * @example
   * const { data } = await client.graphql.events({ first: 50, filter: { eventType: '0x2::coin::CoinEvent' } })
   */
  events(variables?: EventsQueryVariables, options?: QueryOptions): Promise<QueryResult<EventsQuery>>
}

/**
 * Adds the generated operations to a GraphQL client.
 *
 * @example
 * const graphql = createGraphQLMethods(createGraphQLClient({ url, transport }))
 */
export function createGraphQLMethods(client: GraphQLQueryClient): GraphQLMethods {
  return {
    query: client.query,
    limits: client.limits,
    epoch: (variables, options) => client.query(EpochDocument, variables ?? {}, options),
    transactionBlocks: (variables, options) => client.query(TransactionBlocksDocument, variables ?? {}, options),
    dynamicField: (variables, options) => client.query(DynamicFieldDocument, variables, options),
    availableRange: (options) => client.query(AvailableRangeDocument, {}, options),
    serviceConfig: (options) => client.query(ServiceConfigDocument, {}, options),
    events: (variables, options) => client.query(EventsDocument, variables ?? {}, options),
  }
}
