import type { ChainxClient } from '../client.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { GraphQLDocument, ResultOf, VariablesOf } from '../graphql/createGraphQLClient.js'
import type { CheckedConnectionPath, NodeOf, PageVariables } from '../graphql/paginate.js'
import {
  documentQueryOptions,
  operationQueryOptions,
  paginateQueryOptions,
  type OperationQueryOptions,
  type VariablesArgument,
} from './graphqlQueries.js'
import { resourceQueryOptions } from './resourceQueries.js'
import type { EventQueryOptions, TransactionQueryOptions } from './resourceTypes.js'
import type { ChainxInfiniteQueryOptions, ChainxQueryOptions, GraphQLQueryPage, InfiniteWalkOptions } from './types.js'

/**
 * TanStack Query options for every read of a client; see `createQueryOptions`.
 *
 * @example
 * const q: ChainxQueries = createQueryOptions(client)
 */
export interface ChainxQueries {
  /** One option builder per generated operation of `client.graphql`: `q.graphql.epoch()`. */
  readonly graphql: OperationQueryOptions
  /**
   * Query options for any document (a codegen typed document, a `graphql()` document, a
   * string): the data is the operation's result.
   *
   * @example
   * const { data } = useQuery(q.query(EpochDocument, { id: 3 }))
   */
  query<D extends GraphQLDocument<any, any>>(document: D, ...args: VariablesArgument<VariablesOf<D>>): ChainxQueryOptions<ResultOf<D>>
  /**
   * Infinite-query options over a Relay connection: pages `{ items, hasMore, cursor, pageInfo }`,
   * page params the walk's cursors (`null` first), one direction, never `first` with `last`.
   *
   * @example
   * const walk = useInfiniteQuery(q.paginate(EventsDocument, { filter: { sender } }, { pageSize: 20 }))
   * walk.fetchNextPage()
   */
  paginate<D extends GraphQLDocument<any, any>, TPath extends string = never>(
    document: D,
    variables: PageVariables<D>,
    options?: InfiniteWalkOptions<CheckedConnectionPath<ResultOf<D>, TPath>>,
  ): ChainxInfiniteQueryOptions<GraphQLQueryPage<NodeOf<ResultOf<D>, TPath>>, string | null>
  /** JSON-RPC events: `query` (one page), `infinite` (pages), `live` (a growing feed). */
  readonly events: EventQueryOptions
  /** JSON-RPC transaction blocks, typed by `options`: `query` (one page), `infinite` (pages), `live` (a growing feed). */
  readonly transactions: TransactionQueryOptions
}

/**
 * Builds TanStack Query options (`queryKey`, `queryFn`, page params) for a client's reads, for
 * every TanStack Query adapter. Each `queryFn` passes TanStack's `signal` (cancelling aborts the
 * request); data is plain JSON (`dehydrate`/`hydrate` carry it); errors are `ChainxError`s;
 * `retry` is `false` (the SDK retries itself). Keys: see `chainxKeys`. Building never throws: bad
 * input fails the query; a filter value still `undefined` gives `enabled: false`.
 *
 * @example
 * import { QueryClient } from '@tanstack/query-core'
 * import { createQueryOptions } from 'chainx-sdk/query'
 * const q = createQueryOptions(client)
 * const epoch = await new QueryClient().fetchQuery(q.graphql.epoch())
 * console.log(epoch.epoch?.referenceGasPrice)
 */
export function createQueryOptions(client: ChainxClient): ChainxQueries {
  if (typeof client?.options !== 'object' || client.options === null)
    throw new InvalidArgumentError('createQueryOptions takes a ChainxClient')
  return {
    graphql: operationQueryOptions(client),
    query: (document, ...[variables]) => documentQueryOptions(client, document, variables),
    paginate: (document, variables, options) => paginateQueryOptions(client, document, variables, options),
    events: resourceQueryOptions(client, 'events') as EventQueryOptions,
    transactions: resourceQueryOptions(client, 'transactions') as TransactionQueryOptions,
  }
}
