export { createQueryOptions, type ChainxQueries, type OperationQueryOptions, type VariablesArgument } from './createQueryOptions.js'
export { chainxKeys, type GraphQLKeys, type KeyEndpoint, type ResourceKeys } from './chainxKeys.js'
export type * from './types.js'
