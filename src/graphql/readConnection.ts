import { InvalidArgumentError, InvalidResponseError } from '../errors/request.js'
import { array, boolean, decodeOr, jsonObject, nullable, object, optional, string } from '../utils/decode.js'
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
 * Reads and checks the connection a walk pages through before an item reaches the caller. A bad
 * value from the service is `InvalidResponseError` naming its path (`transactionBlocks.edges[3].node`);
 * what the document does not select (the direction's `pageInfo` fields, `edges { node }` or `nodes`)
 * is `InvalidArgumentError`.
 */
export function readConnection<TNode>(
  connection: Record<string, unknown>,
  path: string,
  direction: 'forward' | 'backward',
  version: ServiceVersion | undefined,
) {
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
  // The edges' own cursors, parallel to `items`, when the document selects `edges { cursor }`.
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

// Results are walked this deep at most when searching; a connection deeper than this needs `connection`.
const MAX_SEARCH_DEPTH = 16

/**
 * Locates the connection in a result: at `path` (a null parent gives `connection: null`), or the
 * one object with `pageInfo` found outside lists (two or none is an error asking for `path`).
 */
export function findConnection(data: unknown, path?: string): { path: string; connection: Record<string, unknown> | null } {
  if (path !== undefined) return { path, connection: followPath(data, path) }
  const found: string[] = []
  search(data, '', 0, found)
  if (found.length !== 1) {
    throw new InvalidArgumentError(
      found.length === 0
        ? 'No connection (an object with pageInfo) in the result; select pageInfo, or pass the connection option'
        : `Several connections in the result (${found.join(', ')}); pass the connection option`,
    )
  }
  const [only] = found as [string]
  return { path: only, connection: followPath(data, only) }
}

function search(value: unknown, path: string, depth: number, found: string[]): void {
  if (!isRecord(value) || depth > MAX_SEARCH_DEPTH) return
  if (Object.hasOwn(value, 'pageInfo')) {
    found.push(path)
    return
  }
  for (const [name, child] of Object.entries(value)) search(child, path ? `${path}.${name}` : name, depth + 1, found)
}

function followPath(data: unknown, path: string): Record<string, unknown> | null {
  let value = data
  for (const name of path.split('.')) {
    if (value === null) return null
    if (!isRecord(value) || !Object.hasOwn(value, name)) {
      throw new InvalidArgumentError(`The result has no field ${name} on the connection path ${path}`)
    }
    value = value[name]
  }
  if (value === null) return null
  if (!isRecord(value) || !Object.hasOwn(value, 'pageInfo')) {
    throw new InvalidArgumentError(`The field at ${path} is not a connection with pageInfo`)
  }
  return value
}
