import type { QueryFunctionContext } from '@tanstack/query-core'
import type { ChainxClient } from '../client.js'
import { CursorNotAdvancingError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { GraphQLDocument, ResultOf, VariablesOf } from '../graphql/createGraphQLClient.js'
import { operations } from '../graphql/generated/methods.js'
import type { CheckedConnectionPath, NodeOf, PageVariables } from '../graphql/paginate.js'
import type { PageShape } from '../pagination/types.js'
import { graphqlKey, resourceKey } from './chainxKeys.js'
import type {
  ChainxInfiniteQueryOptions,
  ChainxLiveQueryOptions,
  ChainxQueryKey,
  ChainxQueryOptions,
  EventQueryOptions,
  GraphQLQueryPage,
  InfiniteWalkOptions,
  TransactionQueryOptions,
} from './types.js'

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

/** Query options for any GraphQL document; a generated method and `q.query` over its document share the key. */
function documentQueryOptions<D extends GraphQLDocument<any, any>>(
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
function operationQueryOptions(client: ChainxClient): OperationQueryOptions {
  const methods: Record<string, unknown> = {}
  for (const [name, { document }] of Object.entries(operations)) {
    methods[name] = (variables?: Record<string, unknown>) => documentQueryOptions(client, document, variables as never)
  }
  return methods as OperationQueryOptions
}

/** Infinite-query options over a Relay connection: a page per `client.paginate` request, its param the cursor the last ended on. */
function paginateQueryOptions<D extends GraphQLDocument<any, any>, TPath extends string = never>(
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

/** What the option builders use of a client resource (`client.events`, `client.transactions`): its public `query` and `watch`. */
interface ResourceMethods {
  query(parameters: object): Promise<PageShape<unknown, unknown>>
  watch(parameters: object): AsyncIterable<unknown>
}

/** What differs between the JSON-RPC resources: whether a query needs a filter, and the cursor that resumes after an item. */
const RESOURCES = {
  events: { filterRequired: true, cursorOf: (event: { id: unknown }) => event.id },
  transactions: { filterRequired: false, cursorOf: (transaction: { digest: string }) => transaction.digest },
} as const satisfies Record<string, { filterRequired: boolean; cursorOf(item: never): unknown }>

/** The input members the builders read; the others go to the client as given. */
interface Input {
  cursor?: unknown
  maxItems?: unknown
}

const DEFAULT_LIVE_ITEMS = 200

/** The option builders of one JSON-RPC resource over its public `query` and `watch`, written once for all. */
function resourceQueryOptions(client: ChainxClient, name: keyof typeof RESOURCES) {
  const { filterRequired, cursorOf } = RESOURCES[name]
  const resource = () => client[name] as unknown as ResourceMethods
  const prepare = (operation: 'query' | 'infinite' | 'live', input: Input) => {
    const { queryKey, error, pending } = resourceKey(client, name, operation, input ?? {}, filterRequired)
    const options = { queryKey, enabled: !pending, retry: false as const }
    // What fails the query before any request: input a key cannot hold, or a filter still pending.
    const check = () => {
      if (error) throw error
      if (pending) throw new InvalidArgumentError(`${name}: the filter has an undefined value; the query runs once it is set`)
    }
    return { check, options }
  }
  return {
    query(input: Input): ChainxQueryOptions<unknown> {
      const { check, options } = prepare('query', input)
      return {
        ...(options as Omit<ChainxQueryOptions<unknown>, 'queryFn'>),
        queryFn: async ({ signal }) => (check(), resource().query({ ...input, signal })),
      }
    },
    infinite(input: Input): ChainxInfiniteQueryOptions<PageShape<unknown, unknown>, unknown> {
      const { check, options } = prepare('infinite', input)
      return {
        ...(options as Omit<
          ChainxInfiniteQueryOptions<PageShape<unknown, unknown>, unknown>,
          'queryFn' | 'initialPageParam' | 'getNextPageParam'
        >),
        initialPageParam: input?.cursor ?? null,
        async queryFn({ signal, pageParam }) {
          check()
          return infinitePage(await resource().query({ ...input, cursor: pageParam, signal }), pageParam)
        },
        getNextPageParam: nextPageParam,
      }
    },
    live(input: Input): ChainxLiveQueryOptions<unknown[]> {
      const { check, options } = prepare('live', input)
      const { maxItems = DEFAULT_LIVE_ITEMS, cursor = 'latest', ...rest } = input ?? {}
      return {
        ...(options as Omit<ChainxLiveQueryOptions<unknown[]>, 'queryFn' | 'staleTime'>),
        staleTime: 0,
        async queryFn(context) {
          check()
          if (typeof maxItems !== 'number' || !Number.isInteger(maxItems) || maxItems < 1)
            throw new InvalidArgumentError(`maxItems must be a positive integer, got ${String(maxItems)}`)
          const open = (signal: AbortSignal, held: readonly unknown[]) => {
            const last = held.at(-1)
            return resource().watch({ ...rest, cursor: last === undefined ? cursor : cursorOf(last as never), signal })
          }
          return streamIntoQuery(open, maxItems, context)
        },
      }
    },
  }
}

/** An infinite query's page: its cursor where to go on (`null`: no more); a cursor that does not move fails. */
function infinitePage<TItem, TCursor>(page: PageShape<TItem, TCursor>, pageParam: unknown): PageShape<TItem, TCursor> {
  const cursor = page.hasMore ? page.cursor : null
  if (cursor !== null && JSON.stringify(cursor) === JSON.stringify(pageParam)) throw new CursorNotAdvancingError({ cursor, delivered: 0 })
  return { items: page.items, hasMore: page.hasMore, cursor }
}

/** `getNextPageParam` of every infinite query: the last page's cursor while it claims more. */
function nextPageParam<TCursor>(lastPage: PageShape<unknown, TCursor>): TCursor | undefined {
  return lastPage.hasMore && lastPage.cursor !== null ? lastPage.cursor : undefined
}

/**
 * Runs a live query as TanStack's `experimental_streamedQuery` does, without a runtime import of
 * `@tanstack/query-core`: it succeeds at once with what it holds and appends each item (the newest
 * `maxItems` kept) until TanStack aborts its `signal`. `open` gets the items held, to resume after them.
 */
async function streamIntoQuery<T>(
  open: (signal: AbortSignal, held: readonly T[]) => AsyncIterable<T>,
  maxItems: number,
  { client, queryKey, signal }: QueryFunctionContext<ChainxQueryKey>,
): Promise<T[]> {
  let items: T[] = (client.getQueryData<T[]>(queryKey) ?? []).slice(-maxItems)
  if (signal.aborted) return items
  client.setQueryData(queryKey, items)
  for await (const item of open(signal, items)) {
    if (signal.aborted) break
    items = items.length < maxItems ? [...items, item] : [...items.slice(items.length - maxItems + 1), item]
    client.setQueryData(queryKey, items)
  }
  return items
}
