import type { ChainxClient } from '../client.js'
import type { GraphQLDocument, ResultOf, VariablesOf } from '../graphql/createGraphQLClient.js'
import { operations } from '../graphql/generated/methods.js'
import type { CheckedConnectionPath, NodeOf, PageVariables } from '../graphql/paginate.js'
import type { PageShape } from '../pagination/types.js'
import { graphqlKey } from './chainxKeys.js'
import { infinitePage, nextPageParam } from './resourceQueries.js'
import type { ChainxInfiniteQueryOptions, ChainxQueryOptions, GraphQLQueryPage, InfiniteWalkOptions } from './types.js'

/**
 * The variables argument of a query option builder: optional when the operation has no required variable.
 *
 * @example
 * const args: VariablesArgument<EpochQueryVariables> = [] // or [{ id: 3 }]
 */
export type VariablesArgument<TVariables> = Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables]

type Operations = typeof operations

/**
 * One option builder per generated operation (the methods of `client.graphql`), derived
 * from the generated `operations` table: `q.graphql.epoch({ id: 3 })`.
 *
 * @example
 * const options = q.graphql.serviceConfig()
 */
export type OperationQueryOptions = {
  [K in keyof Operations]: (
    ...args: VariablesArgument<VariablesOf<Operations[K]['document']>>
  ) => ChainxQueryOptions<ResultOf<Operations[K]['document']>>
}

/**
 * Query options for any GraphQL document: the data is `client.graphql.query`'s `data`; a generated
 * method and `q.query` over its document share the key. Variables a key cannot hold fail the query.
 */
export function documentQueryOptions<D extends GraphQLDocument<any, any>>(
  client: ChainxClient,
  document: D,
  variables?: VariablesOf<D>,
): ChainxQueryOptions<ResultOf<D>> {
  const { queryKey, error } = graphqlKey(client, document, 'query', { variables: variables ?? {} })
  return {
    queryKey: queryKey as ChainxQueryOptions<ResultOf<D>>['queryKey'],
    queryFn: async ({ signal }) => {
      if (error) throw error
      return (await client.graphql.query(document as GraphQLDocument<any, any>, variables ?? {}, { signal })).data
    },
    enabled: true,
    retry: false,
  }
}

/** `q.graphql`: the generated operations as query option builders. */
export function operationQueryOptions(client: ChainxClient): OperationQueryOptions {
  const methods: Record<string, unknown> = {}
  for (const [name, { document }] of Object.entries(operations)) {
    methods[name] = (variables?: Record<string, unknown>) => documentQueryOptions(client, document, variables as never)
  }
  return methods as OperationQueryOptions
}

/**
 * Infinite-query options over any Relay connection: each page is one request of `client.paginate`
 * (checked the same way), its page param the cursor the previous page ended on, so `fetchNextPage`
 * follows one cursor chain. A page claiming more without moving the cursor fails with `CursorNotAdvancingError`.
 */
export function paginateQueryOptions<D extends GraphQLDocument<any, any>, TPath extends string = never>(
  client: ChainxClient,
  document: D,
  variables: PageVariables<D>,
  options: InfiniteWalkOptions<CheckedConnectionPath<ResultOf<D>, TPath>> = {},
): ChainxInfiniteQueryOptions<GraphQLQueryPage<NodeOf<ResultOf<D>, TPath>>, string | null> {
  type TPage = GraphQLQueryPage<NodeOf<ResultOf<D>, TPath>>
  const { connection, pageSize, direction, cursor = null } = options ?? {}
  const { queryKey, error } = graphqlKey(client, document, 'infinite', { variables, connection, pageSize, direction, cursor })
  return {
    queryKey: queryKey as ChainxInfiniteQueryOptions<TPage, string | null>['queryKey'],
    initialPageParam: cursor,
    async queryFn({ signal, pageParam }) {
      if (error) throw error
      const walk = client.paginate(document as GraphQLDocument<any, any>, variables as never, {
        connection: connection as never,
        pageSize,
        direction,
        cursor: pageParam,
        signal,
        maxPages: 1,
        prefetch: false,
      })
      for await (const page of walk.pages()) {
        return { ...infinitePage(page as PageShape<TPage['items'][number], string>, pageParam), pageInfo: { ...page.pageInfo } }
      }
      return { items: [], hasMore: false, cursor: null, pageInfo: {} }
    },
    getNextPageParam: nextPageParam,
    enabled: true,
    retry: false,
  }
}
