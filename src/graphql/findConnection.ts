import { InvalidArgumentError } from '../errors/request.js'
import { isRecord } from '../utils/isRecord.js'

/**
 * A Relay connection as found in a result: its `pageInfo` and `edges` and/or `nodes` (spec 2.3).
 *
 * @example
 * const { path, connection } = findConnection(data) // 'events', { pageInfo, edges }
 */
export interface FoundConnection {
  /** Dotted response path of the connection, aliases applied, e.g. `epoch.transactionBlocks`. */
  path: string
  /** The connection object; `null` when a parent on the path is null (e.g. `epoch` of an unknown id). */
  connection: Record<string, unknown> | null
}

// Results are walked this deep at most when searching; a connection deeper than this needs `connection`.
const MAX_SEARCH_DEPTH = 16

/**
 * Locates the connection a walk pages through in a GraphQL result. With `path`, follows
 * it (a null parent gives `connection: null`, an empty walk). Without, searches the
 * result's objects, not its lists, for the one object with `pageInfo`: connections nested
 * in nodes are skipped, and two or none at object level is an error asking for `path`.
 *
 * @example
 * findConnection({ epoch: { transactionBlocks: { pageInfo, edges } } })
 * // { path: 'epoch.transactionBlocks', connection: { pageInfo, edges } }
 */
export function findConnection(data: unknown, path?: string): FoundConnection {
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
