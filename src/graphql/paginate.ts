import { StaleCursorError } from '../errors/pagination.js'
import { InvalidArgumentError, InvalidResponseError } from '../errors/request.js'
import { createPageIterator } from '../pagination/createPageIterator.js'
import { resolvePaginationOptions, WALK_OPTION_KEYS } from '../pagination/resolvePaginationOptions.js'
import { checkKeys } from '../options/checkKeys.js'
import { readDirection, type WalkDirection } from '../pagination/walkOptions.js'
import type { FetchedPage, ItemKey, PageIterable, StaleOptions, WalkOptions, WalkPage } from '../pagination/types.js'
import { checkPagingVariables, PAGE_VARIABLES } from './checkPagingVariables.js'
import { queryChecks, type GraphQLDocument, type GraphQLQueryClient, type ResultOf, type VariablesOf } from './createGraphQLClient.js'
import type { PageInfo } from './readConnection.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import type { EndpointAffinity } from '../transport/endpoints.js'
import type { Usage } from '../utils/usage.js'

// The reference service's default page size, when the service's own is unknown.
const FALLBACK_PAGE_SIZE = 20

/**
 * The variables of a document without the four page variables, which the walk owns.
 *
 * @example
 * const variables: PageVariables<typeof EventsDocument> = { filter: { sender } } // first/after/last/before do not type-check
 */
export type PageVariables<D> = Omit<VariablesOf<D>, 'first' | 'last' | 'after' | 'before'>

type ConnectionNode<C> = C extends { edges: ReadonlyArray<{ node: infer N }> }
  ? N
  : C extends { nodes: ReadonlyArray<infer N> }
    ? N
    : unknown
type Shallower = [never, 0, 1, 2, 3, 4]
type AtPath<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? AtPath<NonNullable<T>[Head & keyof NonNullable<T>], Rest>
  : NonNullable<T>[P & keyof NonNullable<T>]
type PathsTo<T, Depth extends number> = [Depth] extends [never]
  ? never
  : T extends readonly unknown[]
    ? never
    : T extends { pageInfo: unknown }
      ? ''
      : T extends object
        ? { [K in keyof T & string]-?: JoinPath<K, PathsTo<NonNullable<T[K]>, Shallower[Depth]>> }[keyof T & string]
        : never
type JoinPath<K extends string, P> = P extends '' ? K : P extends string ? `${K}.${P}` : never

/**
 * The dotted paths of the connections (objects with `pageInfo`, not in lists, up to 5 levels deep)
 * in a result type: what `paginate`'s `connection` option accepts. Any string for an unknown result.
 *
 * @example
 * type Paths = ConnectionPath<EpochQuery> // 'epoch.transactionBlocks'
 */
export type ConnectionPath<TResult> = unknown extends TResult ? string : PathsTo<NonNullable<TResult>, 5>

/**
 * `TPath` when it is a connection of the result type, else a message type naming the problem,
 * so that the compiler's error reads as the message.
 *
 * @example
 * type Ok = CheckedConnectionPath<EpochQuery, 'epoch.transactionBlocks'> // 'epoch.transactionBlocks'
 * type Typo = CheckedConnectionPath<EpochQuery, 'epoch'> // "connection path 'epoch' is not a pageable connection of the result (an object with pageInfo)"
 */
export type CheckedConnectionPath<TResult, TPath extends string> = [TPath] extends [ConnectionPath<TResult>]
  ? TPath
  : string extends TPath
    ? 'connection path: give a literal path of the result (a string variable cannot be checked), or leave connection out'
    : `connection path '${TPath}' is not a pageable connection of the result (an object with pageInfo)`

/**
 * The node type of the connection a walk pages through: at `TPath`, or the one found in the result type.
 *
 * @example
 * type Block = NodeOf<EpochQuery, 'epoch.transactionBlocks'> // { digest, sender, gasInput, effects }
 */
export type NodeOf<TResult, TPath extends string = never> = [TPath] extends [never]
  ? [PathsTo<TResult, 5>] extends [never]
    ? unknown
    : ConnectionNode<NonNullable<AtPath<TResult, PathsTo<TResult, 5>>>>
  : ConnectionNode<NonNullable<AtPath<TResult, TPath>>>

/**
 * Options of `paginate`. The page variables are not among them, so `first` with `last` cannot be expressed.
 *
 * @example
 * const options: PaginateOptions<{ digest: string }> = { direction: 'backward', pageSize: 50, maxItems: 500, onStale: 'restart' }
 */
export interface PaginateOptions<TNode, TPath extends string = string> extends WalkOptions, StaleOptions<TNode> {
  /**
   * Dotted path of the connection in the result, aliases applied, e.g. `'epoch.transactionBlocks'`.
   * A path the result type does not have fails to compile. A null parent on the path ends
   * the walk with no items.
   * @default the single object with `pageInfo` in the first result (lists are not searched)
   */
  connection?: TPath | undefined
  /**
   * `'forward'` sends `first` + `after: endCursor` while `hasNextPage`, oldest first;
   * `'backward'` sends `last` + `before: startCursor` while `hasPreviousPage`, newest first.
   * @default 'forward'
   */
  direction?: WalkDirection | undefined
  /**
   * Where to resume (exclusive): a cursor saved from `walk.cursor` or an error's `resumeCursor`. One
   * whose checkpoint left the available range throws `StaleCursorError` (or restarts, with `onStale: 'restart'`).
   * @default null (from the beginning; the end for a backward walk)
   */
  cursor?: string | null | undefined
  /**
   * Item identity for skipping delivered items after a restart (`onStale: 'restart'`); needed for
   * nodes without `digest` or `address` (GraphQL events), else `InvalidArgumentError` at the first page.
   * @default node.digest ?? node.address
   */
  key?: ((node: TNode) => ItemKey) | undefined
}

/**
 * The arguments of `paginate` after the document: `variables` may be left out only when
 * the operation has no required variable besides the page ones.
 *
 * @example
 * const args: PaginateArguments<typeof EventsDocument> = [{ filter: { sender } }, { pageSize: 50 }]
 */
export type PaginateArguments<D, TPath extends string = never> =
  Record<string, never> extends PageVariables<D>
    ? [variables?: PageVariables<D>, options?: PaginateOptions<NodeOf<ResultOf<D>, TPath>, CheckedConnectionPath<ResultOf<D>, TPath>>]
    : [variables: PageVariables<D>, options?: PaginateOptions<NodeOf<ResultOf<D>, TPath>, CheckedConnectionPath<ResultOf<D>, TPath>>]

/**
 * A page of a GraphQL walk: its nodes as `items`, its `pageInfo`, usage and version.
 *
 * @example
 * for await (const page of walk.pages()) console.log(page.pageIndex, page.items.length, page.usage?.outputNodes)
 */
export type GraphQLPage<TNode> = WalkPage<
  FetchedPage<TNode, string> & {
    /** The connection's `pageInfo` as received (checked). */
    pageInfo: Partial<PageInfo>
    /** The usage extension, when `showUsage` is on. */
    usage: Usage | undefined
    /** Service version of the response. */
    version: ServiceVersion | undefined
  }
>

/**
 * Walks any Relay connection (spec 2.3, 4.2) through the shared page machine (see `client.paginate`).
 * The walk owns the page variables; its pages stay on the endpoint of the first (one checkpoint, rule 5).
 */
export function paginate<D extends GraphQLDocument<any, any>, TPath extends string = never>(
  graphql: GraphQLQueryClient,
  document: D,
  ...[variables, options = {}]: PaginateArguments<D, TPath>
): PageIterable<NodeOf<ResultOf<D>, TPath>, GraphQLPage<NodeOf<ResultOf<D>, TPath>>, string> {
  type TNode = NodeOf<ResultOf<D>, TPath>
  for (const name of ['first', 'last', 'after', 'before']) {
    if (name in options)
      throw new InvalidArgumentError(`Unknown option ${name}: use direction, pageSize and cursor; the walk sends its own cursors`)
  }
  checkKeys('client.paginate', options, ['connection', 'direction', 'cursor', ...WALK_OPTION_KEYS])
  const { cursor = null } = options
  const direction = readDirection(options.direction)
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '')) {
    throw new InvalidArgumentError("cursor must be a cursor string saved from a walk (walk.cursor or an error's resumeCursor), or null")
  }
  const resolved = resolvePaginationOptions<TNode>(options, nodeKey)
  const fixed = (variables ?? {}) as Record<string, unknown>
  checkPagingVariables(fixed, direction)
  const names = PAGE_VARIABLES[direction]
  let path: string | undefined = options.connection
  let checkedDocument: Promise<string[]> | undefined
  const checkDocument = () =>
    (checkedDocument ??= queryChecks
      .load()
      .then((checks) => checks.checkPagingDocument(checks.analyzeDocument(checks.printDocument(document)), direction)))
  // Each walk (and each restart) keeps to the endpoint of its first page: its cursors belong there.
  const affinities = new WeakMap<AbortSignal, EndpointAffinity>()

  return createPageIterator(WALK_WITH_CHECKS, {
    options: resolved,
    startCursor: cursor,
    onWalkStart: graphql.onWalkStart,
    servicePageSizes: async (signal) => {
      await checkDocument()
      const { defaultPageSize = FALLBACK_PAGE_SIZE, maxPageSize } = await graphql.limits({ signal })
      return { defaultPageSize, maxPageSize }
    },
    async fetchPage({ cursor, size, signal, chainIndex }) {
      const unused = await checkDocument()
      const pageVariables: Record<string, unknown> = { ...fixed, [names.size]: size, [names.cursor]: cursor }
      for (const name of unused) pageVariables[name] = null
      let affinity = affinities.get(signal)
      if (chainIndex === 0 || !affinity) affinities.set(signal, (affinity = {}))
      const { data, usage, version } = await graphql.query(document, pageVariables as VariablesOf<D>, { signal, affinity })
      const { findConnection, readConnection } = await queryChecks.load()
      let page
      try {
        const found = findConnection(data, path)
        path = found.path
        if (found.connection === null) {
          if (chainIndex === 0) return { items: [], nextCursor: null, hasMore: false, pageInfo: {}, usage, version }
          const reason = `${path}: null on the connection path after a page that claimed more`
          throw new InvalidResponseError({ status: 200, body: '', reason, version })
        }
        page = readConnection<TNode>(found.connection, path, direction, version)
      } catch (error) {
        // After a page that claimed more, a result without the connection, or without what the
        // document selects in it, is the service's fault, not the document's.
        if (chainIndex === 0 || !(error instanceof InvalidArgumentError)) throw error
        throw new InvalidResponseError({ status: 200, body: '', reason: error.message, version, cause: error })
      }
      // An empty last page after a cursor whose page claimed more: the service lost the cursor
      // (graphql-anchor 2.6), so the walk is stale, not at its end.
      if (chainIndex > 0 && page.items.length === 0 && !page.hasMore) {
        throw new StaleCursorError({
          version,
          data,
          details: `An empty last page after a cursor whose page claimed more: the service no longer finds the cursor at ${path}`,
        })
      }
      return { ...page, usage, version }
    },
  })
}

// The walk comes with the chunk of checks, which the first page loads anyway.
const WALK_WITH_CHECKS = () => queryChecks.load().then((checks) => checks.walkPages)

function nodeKey(node: unknown): ItemKey {
  const { digest, address } = (node ?? {}) as { digest?: unknown; address?: unknown }
  if (typeof digest === 'string') return digest
  if (typeof address === 'string') return address
  throw new InvalidArgumentError(
    "onStale: 'restart' needs each node's identity, and these nodes have no digest or address: pass the key option",
  )
}
