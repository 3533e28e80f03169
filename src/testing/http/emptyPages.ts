import { toBase58 } from '@mysten/bcs'
import type { EventId } from '../jsonRpc/queryEventPage.js'
import { encodeCursor } from '../graphql/cursors.js'

const MAX_REMEMBERED = 10_000
const MAX_SEARCH_DEPTH = 32
// Far above any real eventSeq of the mock, and still a u64 of at most 20 digits.
const FRESH_EVENT_SEQ_BASE = 10n ** 18n

type Variables = Record<string, unknown>

/**
 * The fresh cursors handed out with empty pages, each mapped back to the request that got
 * it: when a client sends one back, the request is answered as that earlier request was,
 * so a finite run of empty pages loses nothing and an endless one never moves.
 *
 * @example
 * const cursors = new EmptyPageCursors()
 * const fresh = cursors.issueGraphql({ after: null })
 * cursors.restoreGraphql({ after: fresh }) // { after: null }
 */
export class EmptyPageCursors {
  #issued = 0
  readonly #graphql = new Map<string, Variables>()
  readonly #rpc = new Map<string, EventId | null>()
  readonly #digests = new Map<string, string | null>()

  /** A fresh GraphQL cursor standing for a request with these (restored) variables. */
  issueGraphql(variables: Variables): string {
    const cursor = encodeCursor({ emptyPage: ++this.#issued })
    remember(this.#graphql, cursor, variables)
    return cursor
  }

  /** The variables with each fresh cursor replaced by what its request had in that variable. */
  restoreGraphql(variables: Variables): Variables {
    let restored: Variables | undefined
    for (const [name, value] of Object.entries(variables)) {
      const origin = typeof value === 'string' ? this.#graphql.get(value) : undefined
      if (!origin) continue
      restored ??= { ...variables }
      restored[name] = origin[name] ?? null
    }
    return restored ?? variables
  }

  /** A fresh event id standing for a `chainx_queryEvents` request from `cursor`. */
  issueRpc(cursor: EventId | null, fallbackDigest: string): EventId {
    const fresh = { txDigest: cursor?.txDigest ?? fallbackDigest, eventSeq: String(FRESH_EVENT_SEQ_BASE + BigInt(++this.#issued)) }
    remember(this.#rpc, rpcKey(fresh), cursor)
    return fresh
  }

  /** The cursor a fresh event id stands for, or `cursor` itself when it is not one. */
  restoreRpc(cursor: unknown): unknown {
    if (!isEventId(cursor)) return cursor
    const key = rpcKey(cursor)
    return this.#rpc.has(key) ? this.#rpc.get(key) : cursor
  }

  /** A fresh transaction digest (Base58, 32 bytes, never a real one) standing for a `chainx_queryTransactionBlocks` request from `cursor`. */
  issueDigest(cursor: string | null): string {
    const bytes = new Uint8Array(32).fill(0xee)
    new DataView(bytes.buffer).setFloat64(0, ++this.#issued)
    const fresh = toBase58(bytes)
    remember(this.#digests, fresh, cursor)
    return fresh
  }

  /** The cursor a fresh digest stands for, or `cursor` itself when it is not one. */
  restoreDigest(cursor: unknown): unknown {
    return typeof cursor === 'string' && this.#digests.has(cursor) ? this.#digests.get(cursor) : cursor
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value)
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string)
}

function rpcKey(id: EventId): string {
  return `${id.txDigest}#${id.eventSeq}`
}

function isEventId(value: unknown): value is EventId {
  if (typeof value !== 'object' || value === null) return false
  const { txDigest, eventSeq } = value as Record<string, unknown>
  return typeof txDigest === 'string' && typeof eventSeq === 'string'
}

/**
 * The Relay connections in a GraphQL result's `data`: every object with a `pageInfo` object.
 *
 * @example
 * findConnections({ events: { pageInfo: {}, edges: [] } }).length // 1
 */
export function findConnections(data: unknown, depth = 0): Record<string, unknown>[] {
  if (typeof data !== 'object' || data === null || depth > MAX_SEARCH_DEPTH) return []
  if (Array.isArray(data)) return data.flatMap((item) => findConnections(item, depth + 1))
  const record = data as Record<string, unknown>
  if (typeof record.pageInfo === 'object' && record.pageInfo !== null) return [record]
  return Object.values(record).flatMap((value) => findConnections(value, depth + 1))
}

/**
 * Empties a connection in place: no edges or nodes, more claimed both ways, `cursor` as both
 * page cursors (only the fields the query selected are touched).
 *
 * @example
 * emptyConnection(connection, cursors.issueGraphql(variables))
 */
export function emptyConnection(connection: Record<string, unknown>, cursor: string): void {
  if ('edges' in connection) connection.edges = []
  if ('nodes' in connection) connection.nodes = []
  const pageInfo = connection.pageInfo as Record<string, unknown>
  for (const key of ['hasNextPage', 'hasPreviousPage'] as const) if (key in pageInfo) pageInfo[key] = true
  for (const key of ['startCursor', 'endCursor'] as const) if (key in pageInfo) pageInfo[key] = cursor
}

/**
 * JSON-RPC paging params (`chainx_queryEvents`, `chainx_queryTransactionBlocks`) with a fresh
 * cursor (from an empty page) replaced by what `restore` says it stands for, in the
 * positional or the named form.
 *
 * @example
 * restoreCursorParam([{ All: [] }, fresh, 50], (cursor) => cursors.restoreRpc(cursor)) // [{ All: [] }, null, 50]
 */
export function restoreCursorParam(params: unknown, restore: (cursor: unknown) => unknown): unknown {
  if (Array.isArray(params)) {
    const restored = restore(params[1])
    return restored === params[1] ? params : [params[0], restored, ...params.slice(2)]
  }
  if (typeof params !== 'object' || params === null) return params
  const named = params as Record<string, unknown>
  const restored = restore(named.cursor)
  return restored === named.cursor ? params : { ...named, cursor: restored }
}

/**
 * The cursor param of JSON-RPC paging params, positional or named.
 *
 * @example
 * cursorParamOf([{ filter: null }, 'Eg3y…']) // 'Eg3y…'
 */
export function cursorParamOf(params: unknown): unknown {
  return Array.isArray(params) ? params[1] : (params as Record<string, unknown> | null)?.cursor
}

/**
 * The cursor of valid `chainx_queryEvents` params, positional or named.
 *
 * @example
 * eventCursorOf([{ All: [] }, null]) // null
 */
export function eventCursorOf(params: unknown): EventId | null {
  const cursor = cursorParamOf(params)
  return isEventId(cursor) ? cursor : null
}
