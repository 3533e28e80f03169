import { StaleCursorError } from '../errors/pagination.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { GraphQLDocument, GraphQLQueryClient, ResultOf, VariablesOf } from '../graphql/createGraphQLClient.js'
import { pageInfoDecoder, type Usage } from '../graphql/responseSchemas.js'
import { boolean, matches, nullable, object, string, type Decoded } from '../utils/decode.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import { checkPagingVariables, PAGE_VARIABLES } from './checkPagingVariables.js'
import { createPageIterator } from './createPageIterator.js'
import { findConnection } from './findConnection.js'
import { resolvePageSize, resolvePaginationOptions } from './resolvePaginationOptions.js'
import type { FetchedPage, ItemKey, PageDirection, PageIterable, StaleOptions, WalkOptions, WalkPage } from './types.js'

/**
 * Relay `PageInfo` as the service sends it (spec 2.3).
 *
 * @example
 * const info: PageInfo = { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' }
 */
export type PageInfo = Decoded<typeof pageInfoDecoder>

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
type FindNode<T, Depth extends number> = [Depth] extends [never]
  ? never
  : T extends readonly unknown[]
    ? never
    : T extends { pageInfo: unknown }
      ? ConnectionNode<T>
      : T extends object
        ? { [K in keyof T]-?: FindNode<NonNullable<T[K]>, Shallower[Depth]> }[keyof T]
        : never
type AtPath<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? AtPath<NonNullable<T>[Head & keyof NonNullable<T>], Rest>
  : NonNullable<T>[P & keyof NonNullable<T>]

/**
 * The node type of the connection a walk pages through: at `TPath`, or the one found in the result type.
 *
 * @example
 * type Block = NodeOf<EpochQuery, 'epoch.transactionBlocks'> // { digest, sender, gasInput, effects }
 */
export type NodeOf<TResult, TPath extends string = never> = [TPath] extends [never]
  ? [FindNode<TResult, 5>] extends [never]
    ? unknown
    : FindNode<TResult, 5>
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
   * A null parent on the path ends the walk with no items.
   * @default the single object with `pageInfo` in the first result (lists are not searched)
   */
  connection?: TPath | undefined
  /**
   * `'forward'` sends `first` + `after: endCursor` while `hasNextPage`, oldest first.
   * `'backward'` sends `last` + `before: startCursor` while `hasPreviousPage`, and yields
   * each page reversed, so items come newest first.
   * @default 'forward'
   */
  direction?: PageDirection | undefined
  /**
   * Items per request; above the service's `maxPageSize` it is clamped to it.
   * @default the service's `defaultPageSize` (from `graphql.limits()`), or 20 when unknown
   */
  pageSize?: number | undefined
  /**
   * Item identity for skipping delivered items after a restart (`onStale: 'restart'`).
   * The default takes a node's `digest`, else its `address`; nodes with neither (GraphQL
   * events have no id) need a key, since one built from their content could match two
   * identical events of one transaction and drop one. Without it the walk throws
   * `InvalidArgumentError` at its first page.
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
    ? [variables?: PageVariables<D>, options?: PaginateOptions<NodeOf<ResultOf<D>, TPath>, TPath>]
    : [variables: PageVariables<D>, options?: PaginateOptions<NodeOf<ResultOf<D>, TPath>, TPath>]

/**
 * A page of a GraphQL walk: its nodes as `items`, its `pageInfo`, usage and version.
 *
 * @example
 * for await (const page of walk.pages()) console.log(page.pageIndex, page.items.length, page.usage?.outputNodes)
 */
export type GraphQLPage<TNode> = WalkPage<
  FetchedPage<TNode, string> & {
    /** The connection's `pageInfo` as received. */
    pageInfo: Partial<PageInfo>
    /** The usage extension, when `showUsage` is on. */
    usage: Usage | undefined
    /** Service version of the response. */
    version: ServiceVersion | undefined
  }
>

const PAGE_INFO = {
  forward: { fields: 'hasNextPage endCursor', decoder: object({ hasNextPage: boolean, endCursor: nullable(string) }) },
  backward: { fields: 'hasPreviousPage startCursor', decoder: object({ hasPreviousPage: boolean, startCursor: nullable(string) }) },
}

/**
 * Walks any Relay connection (spec 2.3, 4.2) and yields its nodes (`edges[].node`, or
 * `nodes` when no edges are selected). Options and variables are checked before any
 * request; a bad one throws here. The page variables belong to the walk: the operation
 * must declare `$first`/`$after` (forward) or `$last`/`$before` (backward), and the
 * variables must not set them. Pages follow the first page's cursor chain, so the walk
 * reads one checkpoint (rule 5); cursors are passed on as received and only compared for
 * equality (rule 1). A stale cursor throws `StaleCursorError` or, with `onStale:
 * 'restart'`, restarts (see `StaleOptions`). An empty page that claims no more, fetched
 * with a cursor whose page claimed more, means the service lost the cursor
 * (graphql-anchor 2.6) and is treated as stale rather than as the end.
 *
 * @example
 * import { EventsDocument } from 'chainx-sdk'
 * const walk = paginate(graphql, EventsDocument, { filter: { sender } }, { pageSize: 50, maxItems: 1_000 })
 * for await (const event of walk) console.log(event.type.repr)
 * for await (const page of walk.pages()) console.log(page.items.length, page.pageInfo.endCursor)
 */
export function paginate<D extends GraphQLDocument<any, any>, TPath extends string = never>(
  graphql: GraphQLQueryClient,
  document: D,
  ...[variables, options = {}]: PaginateArguments<D, TPath>
): PageIterable<NodeOf<ResultOf<D>, TPath>, GraphQLPage<NodeOf<ResultOf<D>, TPath>>> {
  type TNode = NodeOf<ResultOf<D>, TPath>
  const resolved = resolvePaginationOptions<TNode>(options, nodeKey)
  const { direction } = resolved
  const fixed = (variables ?? {}) as Record<string, unknown>
  checkPagingVariables(document, fixed, direction)
  const names = PAGE_VARIABLES[direction]
  const pageInfoSchema = PAGE_INFO[direction]
  const forward = direction === 'forward'
  let path: string | undefined = options.connection

  return createPageIterator({
    options: resolved,
    pageSize: async (signal) => resolvePageSize(resolved.pageSize, await graphql.limits({ signal })),
    async fetchPage({ cursor, size, signal }) {
      const pageVariables = { ...fixed, [names.size]: size, [names.cursor]: cursor }
      const { data, usage, version } = await graphql.query(document, pageVariables as VariablesOf<D>, { signal })
      const found = findConnection(data, path)
      path = found.path
      if (found.connection === null) return { items: [], nextCursor: null, hasMore: false, pageInfo: {}, usage, version }
      const pageInfo = found.connection.pageInfo as Partial<PageInfo>
      if (!matches(pageInfoSchema.decoder, pageInfo)) {
        throw new InvalidArgumentError(`A ${direction} walk needs pageInfo { ${pageInfoSchema.fields} } selected at ${found.path}`)
      }
      const items = nodesOf<TNode>(found.connection, found.path, !forward)
      const hasMore = (forward ? pageInfo.hasNextPage : pageInfo.hasPreviousPage) as boolean
      const nextCursor = (forward ? pageInfo.endCursor : pageInfo.startCursor) as string | null
      if (cursor !== null && items.length === 0 && !hasMore) {
        throw new StaleCursorError({
          version,
          data,
          details: `An empty last page after a cursor whose page claimed more: the service no longer finds the cursor at ${found.path}`,
        })
      }
      return { items, nextCursor, hasMore, pageInfo, usage, version }
    },
  })
}

/** The connection's nodes in yield order: reversed for a backward walk (newest first). */
function nodesOf<TNode>(connection: Record<string, unknown>, path: string, reverse: boolean): TNode[] {
  const { edges, nodes } = connection
  if (Array.isArray(edges)) {
    const count = edges.length
    const items = new Array<TNode>(count)
    for (let index = 0; index < count; index++) {
      items[reverse ? count - 1 - index : index] = (edges[index] as { node: TNode }).node
    }
    return items
  }
  // The array is this response's own, so reversing in place copies nothing.
  if (Array.isArray(nodes)) return reverse ? (nodes as TNode[]).reverse() : (nodes as TNode[])
  throw new InvalidArgumentError(`Select edges { node } or nodes on the connection at ${path}`)
}

function nodeKey(node: unknown): ItemKey {
  const { digest, address } = (node ?? {}) as { digest?: unknown; address?: unknown }
  if (typeof digest === 'string') return digest
  if (typeof address === 'string') return address
  throw new InvalidArgumentError(
    "onStale: 'restart' needs each node's identity, and these nodes have no digest or address: pass the key option",
  )
}
