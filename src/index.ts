export { ChainxClient, type ChainxClientOptions, type ChainxEventsApi } from './client.js'
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
export type { EventsClient, EventsClientOptions } from './events/createEventsClient.js'
export { eventKey } from './events/eventKey.js'
export { eventSeqOf } from './events/eventSeqOf.js'
export { eventTimestamp } from './events/eventTimestamp.js'
export { formatTypeName, type FormatTypeNameOptions } from './events/formatTypeName.js'
export { parseStructTag, parseTypeName, type MoveStructTag, type MoveTypeTag, type ParseTypeNameOptions } from './events/parseTypeName.js'
export type * from './events/types.js'
export { validateEventQueryFilter } from './events/validateEventQueryFilter.js'
export type { EventWatcher, WatchErrorInfo, WatchEventsOptions } from './events/watchEvents.js'
export type { Watcher, WatchLoopOptions } from './subscription/watchLoop.js'
export type { BackfillOptions, SubscriptionClientOptions } from './events/subscribe/createSubscriptionClient.js'
export type { ReconnectOptions } from './subscription/createSocketKeeper.js'
export { subscriptionFilter, type MillisInput } from './events/subscribe/subscriptionFilter.js'
export type { SubscribeParameters, SubscriptionStateChange, Unsubscribe } from './events/subscribe/types.js'
export type { WebSocketConstructor, WebSocketLike } from './jsonRpc/webSocketTypes.js'
export { validateSubscriptionFilter } from './events/subscribe/validateSubscriptionFilter.js'
export { toQueryFilter } from './events/subscribe/toQueryFilter.js'
export type { EventWalkPage, IterateEventsOptions } from './events/iterateEvents.js'
export type { PageDirection } from './graphql/checkPagingVariables.js'
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
  ToArrayOptions,
  WalkOptions,
  WalkPage,
} from './pagination/types.js'
export type { DirectionInput, PageShape, WalkDirection } from './pagination/walkOptions.js'
export { isWalkError, type WalkError } from './pagination/isWalkError.js'
export type { RetryOptions } from './transport/withRetry.js'
export type { HeadersOption, RequestInfo, ResponseInfo, TransportOptions } from './transport/createTransport.js'
export type { TransportKind } from './transport/selectHttp.js'
export type { EndpointAffinity, EndpointChange, EndpointKind, EndpointState, EndpointUrls, FailoverOptions } from './transport/endpoints.js'
export type { TelemetryOptions } from './transport/telemetry/types.js'
export type { FetchFn } from './transport/types.js'
export type * from './transactions/types.js'
export type { TransactionsClient } from './transactions/createTransactionsClient.js'
export type { IterateTransactionsOptions, TransactionWalkPage } from './transactions/iterateTransactions.js'
export { validateTransactionFilter } from './transactions/validateTransactionFilter.js'
export type { TransactionWatcher, WatchTransactionsOptions } from './transactions/watchTransactions.js'
export type { SubscribeTransactionsParameters } from './transactions/createTransactionSubscriptionClient.js'
