import { InvalidArgumentError, InvalidResponseError } from '../errors/request.js'
import { isRecord } from '../utils/isRecord.js'
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

const PAGE_INFO_TYPES: Record<keyof PageInfo, 'boolean' | 'cursor'> = {
  hasNextPage: 'boolean',
  hasPreviousPage: 'boolean',
  startCursor: 'cursor',
  endCursor: 'cursor',
}

/**
 * Reads the connection a walk pages through and checks every part it uses before an item
 * reaches the caller: `pageInfo` an object whose selected fields have their types
 * (booleans; cursors strings or null), `edges` an array of objects each with an object
 * `node` (and a string `cursor` when selected), or `nodes` an array of objects. What the
 * service got wrong is `InvalidResponseError` naming the connection path; what the
 * document does not select (the direction's `pageInfo` fields, `edges { node }` or
 * `nodes`) is `InvalidArgumentError`.
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
  const invalid = (what: string) =>
    new InvalidResponseError({ status: 200, body: '', reason: `the connection at ${path}: ${what}`, version })
  const { pageInfo } = connection
  if (!isRecord(pageInfo)) throw invalid('pageInfo is not an object')
  for (const [field, type] of Object.entries(PAGE_INFO_TYPES)) {
    const value = pageInfo[field]
    if (value === undefined) continue
    if (type === 'boolean' ? typeof value !== 'boolean' : value !== null && typeof value !== 'string') {
      throw invalid(`pageInfo.${field} is not ${type === 'boolean' ? 'a boolean' : 'a string or null'}`)
    }
  }
  const forward = direction === 'forward'
  const [moreField, cursorField] = forward ? (['hasNextPage', 'endCursor'] as const) : (['hasPreviousPage', 'startCursor'] as const)
  if (pageInfo[moreField] === undefined || pageInfo[cursorField] === undefined) {
    throw new InvalidArgumentError(`A ${direction} walk needs pageInfo { ${moreField} ${cursorField} } selected at ${path}`)
  }
  const { items, itemCursors } = readNodes<TNode>(connection, path, !forward, invalid)
  return {
    items,
    itemCursors,
    hasMore: pageInfo[moreField] as boolean,
    nextCursor: pageInfo[cursorField] as string | null,
    pageInfo: pageInfo as Partial<PageInfo>,
  }
}

/** The nodes in yield order (reversed for a backward walk), with the edges' cursors when selected. */
function readNodes<TNode>(
  connection: Record<string, unknown>,
  path: string,
  reverse: boolean,
  invalid: (what: string) => Error,
): Pick<ConnectionPage<TNode>, 'items' | 'itemCursors'> {
  const { edges, nodes } = connection
  if (edges !== undefined) {
    if (!Array.isArray(edges)) throw invalid('edges is not an array')
    const count = edges.length
    const items = new Array<TNode>(count)
    const withCursors = count > 0 && isRecord(edges[0]) && edges[0].cursor !== undefined
    const itemCursors = withCursors ? new Array<string>(count) : undefined
    for (let index = 0; index < count; index++) {
      const edge: unknown = edges[index]
      if (!isRecord(edge)) throw invalid(`edges[${index}] is not an object`)
      if (!isRecord(edge.node)) throw invalid(`edges[${index}].node is not an object`)
      const at = reverse ? count - 1 - index : index
      items[at] = edge.node as TNode
      if (itemCursors) {
        if (typeof edge.cursor !== 'string') throw invalid(`edges[${index}].cursor is not a string`)
        itemCursors[at] = edge.cursor
      }
    }
    return { items, itemCursors }
  }
  if (nodes !== undefined) {
    if (!Array.isArray(nodes)) throw invalid('nodes is not an array')
    for (let index = 0; index < nodes.length; index++) {
      if (!isRecord(nodes[index])) throw invalid(`nodes[${index}] is not an object`)
    }
    // The array is this response's own, so reversing in place copies nothing.
    return { items: reverse ? (nodes as TNode[]).reverse() : (nodes as TNode[]), itemCursors: undefined }
  }
  throw new InvalidArgumentError(`Select edges { node } or nodes on the connection at ${path}`)
}
