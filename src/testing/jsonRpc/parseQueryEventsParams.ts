import { JsonRpcFault, invalidAt, invalidType } from './JsonRpcFault.js'
import { parseEventFilter } from './parseEventFilter.js'
import type { EventId, EventPageRequest } from './queryEventPage.js'

/**
 * Page size of the real service when none is configured (its `QUERY_MAX_RESULT_LIMIT`).
 *
 * @example
 * parseQueryEventsParams([{ All: [] }], DEFAULT_MAX_PAGE_SIZE).limit // 50
 */
export const DEFAULT_MAX_PAGE_SIZE = 50

const PARAM_NAMES = ['query', 'cursor', 'limit', 'descending_order'] as const

/**
 * Validates the params of `chainx_queryEvents` and turns them into a page request.
 * Accepts the positional form `[filter, cursor|null, limit|null, descending|null]` and the
 * named form `{ query, cursor, limit, descending_order }` (or `descendingOrder`); trailing
 * params may be left out. `limit` missing, null, 0 or above `maxPageSize` becomes
 * `maxPageSize` silently, as the real service clamps; a negative, fractional or
 * non-number limit, a cursor whose `eventSeq` is not a string of digits, or a non-boolean
 * order is -32602 "Invalid params".
 *
 * @example
 * parseQueryEventsParams([{ All: [] }, null, 10, true], 50)
 * // { filter: { kind: 'all' }, cursor: null, limit: 10, descending: true }
 */
export function parseQueryEventsParams(params: unknown, maxPageSize: number): EventPageRequest {
  const [query, cursor, limit, descending] = positionalParams(params)
  if (query === undefined || query === null) throw JsonRpcFault.invalidParams('missing required parameter `query`')
  return {
    filter: parseEventFilter(query, 'query'),
    cursor: parseCursor(cursor),
    limit: parseLimit(limit, maxPageSize),
    descending: parseDescending(descending),
  }
}

function positionalParams(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (Array.isArray(params)) {
    if (params.length > PARAM_NAMES.length) {
      throw JsonRpcFault.invalidParams(`invalid length ${params.length}, expected at most ${PARAM_NAMES.length} parameters`)
    }
    return params
  }
  if (typeof params === 'object') {
    const named = params as Record<string, unknown>
    return [named.query, named.cursor, named.limit, named.descending_order ?? named.descendingOrder]
  }
  throw invalidType(params, 'an array or object of parameters')
}

function parseCursor(cursor: unknown): EventId | null {
  if (cursor === undefined || cursor === null) return null
  if (typeof cursor !== 'object' || Array.isArray(cursor)) throw invalidType(cursor, 'an event ID `{txDigest, eventSeq}`', 'cursor')
  const { txDigest, eventSeq } = cursor as Record<string, unknown>
  if (typeof txDigest !== 'string' || txDigest === '') throw invalidType(txDigest, 'a transaction digest string', 'cursor.txDigest')
  if (typeof eventSeq !== 'string') throw invalidType(eventSeq, 'a string holding a u64', 'cursor.eventSeq')
  if (!/^\d+$/.test(eventSeq)) throw invalidAt('cursor.eventSeq', `invalid digit found in string ${JSON.stringify(eventSeq)}`)
  return { txDigest, eventSeq }
}

function parseLimit(limit: unknown, maxPageSize: number): number {
  if (limit === undefined || limit === null) return maxPageSize
  if (typeof limit !== 'number' || !Number.isInteger(limit)) throw invalidType(limit, 'usize', 'limit')
  if (limit < 0) throw invalidAt('limit', `invalid value: integer \`${limit}\`, expected usize`)
  return limit === 0 || limit > maxPageSize ? maxPageSize : limit
}

function parseDescending(descending: unknown): boolean {
  if (descending === undefined || descending === null) return false
  if (typeof descending !== 'boolean') throw invalidType(descending, 'a boolean', 'descending_order')
  return descending
}
