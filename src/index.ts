export { ChainxClient, type ChainxClientOptions } from './client.js'
export * from './errors/index.js'
export type {
  DocumentNodeLike,
  GraphQLDocument,
  GraphQLQueryClient,
  QueryArguments,
  QueryOptions,
  QueryResult,
  ResultOf,
  VariablesOf,
} from './graphql/createGraphQLClient.js'
export type { GraphQLMethods } from './graphql/createGraphQLMethods.js'
export type { Usage } from './utils/usage.js'
export type { LimitsOption, ServiceLimits } from './graphql/serviceLimits.js'
export { parseServiceVersion, type ServiceVersion } from './utils/serviceVersion.js'
export * from './graphql/generated/operations.js'
export { eventKey, eventSeqOf, eventTimestamp } from './events/eventId.js'
export { formatTypeName, type FormatTypeNameOptions } from './events/formatTypeName.js'
export { parseStructTag, parseTypeName, type MoveStructTag, type MoveTypeTag, type ParseTypeNameOptions } from './events/parseTypeName.js'
export type * from './events/types.js'
export { validateEventQueryFilter } from './events/validateEventQueryFilter.js'
export type { Watcher, WatchErrorInfo, WatchLoopOptions } from './subscription/watchLoop.js'
export type { SubscriptionOptions } from './resources/createResources.js'
export type { BackfillOptions, ReconnectOptions } from './subscription/subscriptionOptionRules.js'
export { subscriptionFilter, type MillisInput } from './events/subscribe/subscriptionFilter.js'
export type { SubscriptionStateChange, Unsubscribe } from './subscription/types.js'
export type { WebSocketConstructor, WebSocketLike } from './jsonRpc/webSocketTypes.js'
export { validateSubscriptionFilter } from './events/subscribe/validateSubscriptionFilter.js'
export { toQueryFilter } from './events/subscribe/toQueryFilter.js'
export type {
  CheckedConnectionPath,
  ConnectionPath,
  GraphQLPage,
  NodeOf,
  PageVariables,
  PaginateArguments,
  PaginateOptions,
} from './graphql/paginate.js'
export type { PageInfo } from './graphql/readConnection.js'
export type {
  ItemKey,
  PageIterable,
  PageProgress,
  RestartInfo,
  StaleOptions,
  PageShape,
  ToArrayOptions,
  WalkOptions,
  WalkPage,
} from './pagination/types.js'
export type { WalkDirection } from './pagination/walkOptions.js'
export { isWalkError, type WalkError } from './pagination/isWalkError.js'
export type { RetryOptions } from './transport/retryOptions.js'
export type { HeadersOption, RequestInfo, ResponseInfo, TransportOptions } from './transport/createTransport.js'
export type { TransportKind } from './transport/selectHttp.js'
export type { EndpointAffinity, EndpointChange, EndpointKind, EndpointState, EndpointUrls, FailoverOptions } from './transport/endpoints.js'
export type { TelemetryOptions } from './transport/telemetry/types.js'
export type { Logger, LogMethod } from './utils/logger.js'
export type { FetchFn } from './transport/types.js'
export type * from './transactions/types.js'
export { validateTransactionFilter } from './transactions/validateTransactionFilter.js'
export type {
  EventPage,
  EventsClient,
  EventWalkPage,
  EventWatcher,
  IterateEventsOptions,
  QueryEventsParameters,
  SubscribeParameters,
  WatchEventsOptions,
} from './resources/events.js'
export type {
  IterateTransactionsOptions,
  QueryTransactionsParameters,
  SubscribeTransactionsParameters,
  TransactionPage,
  TransactionsClient,
  TransactionWalkPage,
  TransactionWatcher,
  WatchTransactionsOptions,
} from './resources/transactions.js'
export type { ResourceIterateOptions, ResourceQueryOptions, ResourceWatchOptions, SubscribeCallbacks } from './resources/types.js'
