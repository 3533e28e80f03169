import { InvalidArgumentError, InvalidResponseError } from '../errors/request.js'
import { array, boolean, decodeOr, jsonObject, nullable, object, optional, string } from '../utils/decode.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'

/**
 * Relay `PageInfo` as the service sends it (spec 2.3).
 *
 * @example
 * const info: PageInfo = { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' }
 */
export interface PageInfo {
  hasNextPage: boolean
  hasPreviousPage: boolean
  startCursor: string | null
  endCursor: string | null
}

/**
 * One page of a connection, checked and in the walk's order.
 *
 * @example
 * const { items, itemCursors, hasMore, nextCursor } = readConnection(connection, 'events', 'forward', version)
 */
export interface ConnectionPage<TNode> {
  /** The nodes, newest first for a backward walk. */
  items: TNode[]
  /** The edges' own cursors, parallel to `items`, when the document selects `edges { cursor }`. */
  itemCursors: string[] | undefined
  hasMore: boolean
  nextCursor: string | null
  pageInfo: Partial<PageInfo>
}

const connectionDecoder = object({
  pageInfo: object({
    hasNextPage: optional(boolean),
    hasPreviousPage: optional(boolean),
    startCursor: optional(nullable(string)),
    endCursor: optional(nullable(string)),
  }),
  edges: optional(array(object({ node: jsonObject, cursor: optional(string) }))),
  nodes: optional(array(jsonObject)),
})

/**
 * Reads the connection a walk pages through and checks every part it uses before an item
 * reaches the caller: `pageInfo` an object whose selected fields have their types
 * (booleans; cursors strings or null), `edges` an array of objects each with an object
 * `node` (and a string `cursor` when selected), or `nodes` an array of objects. What the
 * service got wrong is `InvalidResponseError` naming the path of the bad value (e.g.
 * `transactionBlocks.edges[3].node`); what the document does not select (the direction's
 * `pageInfo` fields, `edges { node }` or `nodes`) is `InvalidArgumentError`.
 *
 * @example
 * readConnection({ pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] }, 'events', 'forward', undefined)
 * // { items: [], itemCursors: undefined, hasMore: false, nextCursor: null, pageInfo }
 */
export function readConnection<TNode>(
  connection: Record<string, unknown>,
  path: string,
  direction: 'forward' | 'backward',
  version: ServiceVersion | undefined,
): ConnectionPage<TNode> {
  const invalid = (reason: string) => new InvalidResponseError({ status: 200, body: '', reason, version })
  const { pageInfo, edges, nodes } = decodeOr(connectionDecoder, connection, (failure) => invalid(failure.describe(path)))
  const reverse = direction === 'backward'
  const [moreField, cursorField] = reverse ? (['hasPreviousPage', 'startCursor'] as const) : (['hasNextPage', 'endCursor'] as const)
  const hasMore = pageInfo[moreField]
  const nextCursor = pageInfo[cursorField]
  const list = edges ?? nodes
  if (hasMore === undefined || nextCursor === undefined || list === undefined) {
    throw new InvalidArgumentError(
      `A ${direction} walk needs pageInfo { ${moreField} ${cursorField} } and edges { node } or nodes selected at ${path}`,
    )
  }
  const count = list.length
  const items = new Array<TNode>(count)
  const itemCursors = edges?.[0]?.cursor === undefined ? undefined : new Array<string>(count)
  for (let index = 0; index < count; index++) {
    // Yield order: a backward page is reversed, newest first.
    const at = reverse ? count - 1 - index : index
    const edge = edges?.[index]
    items[at] = (edge ? edge.node : list[index]) as TNode
    if (itemCursors) {
      if (edge?.cursor === undefined) throw invalid(`${path}.edges[${index}].cursor: expected a string, got nothing`)
      itemCursors[at] = edge.cursor
    }
  }
  return { items, itemCursors, hasMore, nextCursor, pageInfo }
}
