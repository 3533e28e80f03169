import type { GraphQLQueryClient, QueryOptions } from './createGraphQLClient.js'
import { operations, type OperationMethods } from './generated/methods.js'

/**
 * The typed operations generated from queries/*.graphql (one method each, `(variables?,
 * options?)`), plus `query` for any document.
 *
 * @example
 * const graphql: GraphQLMethods = client.graphql
 * const { data } = await graphql.availableRange()
 */
export interface GraphQLMethods extends GraphQLQueryClient, OperationMethods {}

/** Adds the generated operations to a GraphQL client. */
export function createGraphQLMethods(client: GraphQLQueryClient): GraphQLMethods {
  const methods: Record<string, unknown> = { query: client.query, limits: client.limits }
  // The telemetry hook of walks rides along, not enumerable: it is no method of client.graphql.
  Object.defineProperty(methods, 'onWalkStart', { value: client.onWalkStart, enumerable: false })
  for (const [name, { document }] of Object.entries(operations)) {
    methods[name] = (variables?: object, options?: QueryOptions) => client.query(document as any, variables ?? {}, options)
  }
  return methods as unknown as GraphQLMethods
}
