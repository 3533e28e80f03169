export { createQueryOptions, type ChainxQueries } from './createQueryOptions.js'
export type { EventQueryInput, EventQueryOptions, InfiniteEventsInput, LiveEventsInput } from './eventQueries.js'
export type {
  InfiniteTransactionsInput,
  LiveTransactionsInput,
  TransactionQueryInput,
  TransactionQueryOptions,
} from './transactionQueries.js'
export type { OperationQueryOptions, VariablesArgument } from './graphqlQueries.js'
export { chainxQueryKey, type ChainxQueryKey, type JsonValue } from './queryKey.js'
export type {
  ChainxInfiniteQueryOptions,
  ChainxLiveQueryOptions,
  ChainxPage,
  ChainxQueryOptions,
  GraphQLQueryPage,
  InfiniteWalkOptions,
} from './types.js'
