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
  const invalid = (what: string): never => {
    throw new InvalidResponseError({ status: 200, body: '', reason: `the connection at ${path}: ${what}`, version })
  }
  const { pageInfo, edges, nodes } = connection
  if (!isRecord(pageInfo)) return invalid('pageInfo is not an object')
  for (const field of ['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor']) {
    const value = pageInfo[field]
    const flag = field.startsWith('has')
    if (value !== undefined && (flag ? typeof value !== 'boolean' : value !== null && typeof value !== 'string')) {
      invalid(`pageInfo.${field} is not ${flag ? 'a boolean' : 'a string or null'}`)
    }
  }
  const reverse = direction === 'backward'
  const [moreField, cursorField] = reverse ? ['hasPreviousPage', 'startCursor'] : ['hasNextPage', 'endCursor']
  const list = edges ?? nodes
  if (pageInfo[moreField] === undefined || pageInfo[cursorField] === undefined || list === undefined) {
    throw new InvalidArgumentError(
      `A ${direction} walk needs pageInfo { ${moreField} ${cursorField} } and edges { node } or nodes selected at ${path}`,
    )
  }
  const name = edges === undefined ? 'nodes' : 'edges'
  if (!Array.isArray(list)) return invalid(`${name} is not an array`)
  const count = list.length
  const items = new Array<TNode>(count)
  const itemCursors = edges !== undefined && isRecord(list[0]) && list[0].cursor !== undefined ? new Array<string>(count) : undefined
  for (let index = 0; index < count; index++) {
    const entry: unknown = list[index]
    if (!isRecord(entry)) return invalid(`${name}[${index}] is not an object`)
    const node = edges === undefined ? entry : entry.node
    if (!isRecord(node)) invalid(`edges[${index}].node is not an object`)
    if (itemCursors && typeof entry.cursor !== 'string') invalid(`edges[${index}].cursor is not a string`)
    // Yield order: a backward page is reversed, newest first.
    const at = reverse ? count - 1 - index : index
    items[at] = node as TNode
    if (itemCursors) itemCursors[at] = entry.cursor as string
  }
  return {
    items,
    itemCursors,
    hasMore: pageInfo[moreField] as boolean,
    nextCursor: pageInfo[cursorField] as string | null,
    pageInfo: pageInfo as Partial<PageInfo>,
  }
}
