import { decodeCursor, encodeCursor, type CursorFields } from './cursors.js'
import { parsePageArgs, slicePage, type PageArgs } from './paginate.js'
import { userInputError } from './userInputError.js'
import type { MockServiceLimits } from './mockServiceLimits.js'

/** What a paginated field exposes to `resolveConnection`. */
export interface ConnectionSource<T> {
  /** Cursor keys besides `c`, e.g. `['tx', 'e']` for events. */
  cursorKeys: readonly string[]
  /** Boolean cursor keys allowed besides those (e.g. `i` of transaction cursors). */
  cursorFlags?: readonly string[]
  /** Sort key of a decoded cursor. */
  keyOfCursor(fields: CursorFields): number
  /** Sort key of an item. */
  keyOf(item: T): number
  /** Cursor fields of an item (without `c`). */
  cursorOf(item: T): Record<string, number | boolean>
  /** The sorted items visible at checkpoint `c`, as `items[lo, hi)`, with an optional extra filter. */
  range(c: number): { items: readonly T[]; lo: number; hi: number; matches?: (item: T) => boolean }
  /** The GraphQL node for an item read at checkpoint `c`. */
  wrap(item: T, c: number): unknown
}

/** A Relay connection result: pageInfo, edges and nodes. */
export interface ConnectionResult {
  pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null }
  edges: { node: unknown; cursor: string }[]
  nodes: unknown[]
}

const EMPTY_CONNECTION: ConnectionResult = {
  pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null },
  edges: [],
  nodes: [],
}

/**
 * Resolves a connection field with the real service's rules: page argument checks, opaque
 * cursors carrying the checkpoint `c`, consistent reads at that checkpoint (or the parent's),
 * cursors from different checkpoints rejected, stale cursors rejected.
 *
 * @example
 * resolveConnection(args, { limits, availableRange: ledger.availableRange }, watermark, checkpointsSource)
 */
export function resolveConnection<T>(
  args: PageArgs,
  env: { limits: MockServiceLimits; availableRange: { first: number; last: number } },
  parentCheckpoint: number,
  source: ConnectionSource<T>,
): ConnectionResult {
  const page = parsePageArgs(args, env.limits)
  if (page.limit === 0) return EMPTY_CONNECTION
  const decode = (cursor: string | null): CursorFields | null => {
    if (cursor === null) return null
    try {
      return decodeCursor(cursor, source.cursorKeys, source.cursorFlags)
    } catch (error) {
      throw userInputError(`Invalid cursor: ${(error as Error).message}`)
    }
  }
  const after = decode(page.after)
  const before = decode(page.before)
  if (after && before && after.c !== before.c) {
    throw userInputError('The provided cursors are taken from different checkpoints and cannot be used together in the same query.')
  }
  const c = (after ?? before)?.c ?? parentCheckpoint
  if (c < env.availableRange.first || c > env.availableRange.last) {
    throw userInputError('Requested data is outside the available range')
  }
  const { items, lo, hi, matches } = source.range(c)
  const slice = slicePage(items, {
    lo,
    hi,
    keyOf: source.keyOf,
    afterKey: after ? source.keyOfCursor(after) : null,
    beforeKey: before ? source.keyOfCursor(before) : null,
    page,
    ...(matches ? { matches } : {}),
  })
  if (slice.items.length === 0) return EMPTY_CONNECTION
  const edges = slice.items.map((item) => ({ node: source.wrap(item, c), cursor: encodeCursor({ ...source.cursorOf(item), c }) }))
  return {
    pageInfo: {
      hasPreviousPage: slice.hasPreviousPage,
      hasNextPage: slice.hasNextPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    edges,
    nodes: edges.map((edge) => edge.node),
  }
}
