export { ChainxClient, type ChainxClientOptions } from './client.js'
export * from './errors/index.js'
export type {
  GraphQLDocument,
  GraphQLQueryClient,
  QueryOptions,
  QueryResult,
  ResultOf,
  VariablesOf,
} from './graphql/createGraphQLClient.js'
export type { GraphQLMethods } from './graphql/createGraphQLMethods.js'
export type { Usage } from './graphql/responseSchemas.js'
export type { LimitsOption, ServiceLimits } from './graphql/serviceLimits.js'
export { parseServiceVersion, type ServiceVersion } from './graphql/serviceVersion.js'
export * from './graphql/generated/operations.js'
export type { RetryOptions } from './transport/withRetry.js'
export type {
  HeadersOption,
  RequestInfo,
  ResponseInfo,
  TransportOptions,
} from './transport/createTransport.js'
export type { FetchFn } from './transport/types.js'
