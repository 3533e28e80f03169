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

/** The keys of QueryOptions, to recognise the old options-first call of a method without variables. */
const QUERY_OPTION_KEYS: Record<keyof QueryOptions, true> = {
  signal: true,
  showUsage: true,
  headers: true,
  timeoutMs: true,
  operationName: true,
  affinity: true,
}

/**
 * Adds the generated operations to a GraphQL client.
 *
 * @example
 * const graphql = createGraphQLMethods(createGraphQLClient({ url, transport }))
 */
export function createGraphQLMethods(client: GraphQLQueryClient): GraphQLMethods {
  const methods: Record<string, unknown> = { query: client.query, limits: client.limits }
  // The telemetry hook of walks rides along, not enumerable: it is no method of client.graphql.
  Object.defineProperty(methods, 'onWalkStart', { value: client.onWalkStart, enumerable: false })
  for (const [name, { document, takesVariables }] of Object.entries(operations)) {
    methods[name] = (variables?: object, options?: QueryOptions) =>
      !takesVariables && options === undefined && isOptionsOnly(variables)
        ? client.query(document, {}, variables) // the deprecated `method(options)` form
        : client.query(document as any, variables ?? {}, options)
  }
  return methods as unknown as GraphQLMethods
}

function isOptionsOnly(value: object | undefined): value is QueryOptions {
  if (value === undefined || value === null || typeof value !== 'object') return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => Object.hasOwn(QUERY_OPTION_KEYS, key))
}
