export { createQueryOptions, type ChainxQueries } from './createQueryOptions.js'
export { chainxKeys, type GraphQLKeys, type KeyEndpoint, type ResourceKeys } from './chainxKeys.js'
export type {
  EventQueryInput,
  EventQueryOptions,
  EventSelection,
  LiveEventsInput,
  LiveInput,
  LiveTransactionsInput,
  PageInput,
  PendingFilter,
  TransactionQueryInput,
  TransactionQueryOptions,
  TransactionSelection,
} from './resourceTypes.js'
export type { OperationQueryOptions, VariablesArgument } from './graphqlQueries.js'
export type {
  ChainxInfiniteQueryOptions,
  ChainxLiveQueryOptions,
  ChainxQueryKey,
  ChainxQueryOptions,
  GraphQLQueryPage,
  InfiniteWalkOptions,
  JsonValue,
} from './types.js'
