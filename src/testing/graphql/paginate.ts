import { firstIndexWhere } from '../ledger/sortedSearch.js'
import { userInputError } from './userInputError.js'
import type { MockServiceLimits } from './mockServiceLimits.js'

/** Relay pagination arguments of a connection field. */
export interface PageArgs {
  first?: number | null
  after?: string | null
  last?: number | null
  before?: string | null
}

/** A validated page request: its size and which end of the range it reads from. */
export interface PageRequest {
  limit: number
  end: 'front' | 'back'
  after: string | null
  before: string | null
}

/**
 * Validates page arguments like the real service (types/cursor.rs): `first` and `last`
 * together is an error, a limit above maxPageSize is an error, neither gives
 * defaultPageSize; `before` alone pages from the back.
 *
 * @example
 * parsePageArgs({ last: 3 }, limits) // { limit: 3, end: 'back', after: null, before: null }
 */
export function parsePageArgs(args: PageArgs, limits: Pick<MockServiceLimits, 'defaultPageSize' | 'maxPageSize'>): PageRequest {
  const first = args.first ?? null
  const last = args.last ?? null
  const after = args.after ?? null
  const before = args.before ?? null
  if (first !== null && last !== null) throw userInputError("'first' and 'last' must not be used together")
  for (const size of [first, last]) {
    if (size !== null && size < 0)
      throw userInputError(`Invalid page size: ${size}. Only integers from 0 to 18446744073709551615 are accepted.`)
  }
  const back = last !== null || (first === null && before !== null)
  const limit = (back ? last : first) ?? limits.defaultPageSize
  if (limit > limits.maxPageSize) throw userInputError(`Connection's page size of ${limit} exceeds max of ${limits.maxPageSize}`)
  return { limit, end: back ? 'back' : 'front', after, before }
}

/** One page cut from a sorted range. */
export interface PageSlice<T> {
  items: T[]
  hasPreviousPage: boolean
  hasNextPage: boolean
}

/** Where to cut a page: the visible range `[lo, hi)` of a sorted array, the bounds' keys and the page request. */
export interface SliceOptions<T> {
  lo: number
  hi: number
  keyOf: (item: T) => number
  afterKey: number | null
  beforeKey: number | null
  page: PageRequest
  /** Extra filter applied while scanning (for filters without an index). */
  matches?: (item: T) => boolean
}

const EMPTY_SLICE = { items: [], hasPreviousPage: false, hasNextPage: false }

/**
 * Cuts one page out of `items[lo, hi)` (sorted ascending by key): exclusive `after`/`before`
 * bounds first, then `first`/`last`. Flags follow the real service: paging forward,
 * hasPreviousPage is true when the `after` row exists and hasNextPage when more rows follow
 * (or the `before` row exists); symmetric when paging backward. A missing `after` row when
 * paging forward (or `before` row when paging backward), or an empty page, gives an empty
 * page with both flags false. Costs O(log n + page size) without `matches`.
 *
 * @example
 * slicePage([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], { lo: 0, hi: 10, keyOf: (n) => n, afterKey: null, beforeKey: null, page: { limit: 3, end: 'back', after: null, before: null } })
 * // { items: [7, 8, 9], hasPreviousPage: true, hasNextPage: false }
 */
export function slicePage<T>(items: readonly T[], options: SliceOptions<T>): PageSlice<T> {
  const { lo, hi, keyOf, afterKey, beforeKey, page, matches } = options
  if (page.limit === 0 || lo >= hi) return EMPTY_SLICE
  const ok = matches ?? (() => true)
  let start = lo
  let afterFound = false
  if (afterKey !== null) {
    start = firstIndexWhere(items, (item) => keyOf(item) >= afterKey, lo, hi)
    const row = items[start]
    if (start < hi && row !== undefined && keyOf(row) === afterKey) {
      afterFound = ok(row)
      start++
    }
  }
  let end = hi
  let beforeFound = false
  if (beforeKey !== null) {
    end = firstIndexWhere(items, (item) => keyOf(item) >= beforeKey, lo, hi)
    const row = items[end]
    beforeFound = end < hi && row !== undefined && keyOf(row) === beforeKey && ok(row)
  }
  if (page.end === 'front' && afterKey !== null && !afterFound) return EMPTY_SLICE
  if (page.end === 'back' && beforeKey !== null && !beforeFound) return EMPTY_SLICE
  if (start >= end) return EMPTY_SLICE
  let result: T[]
  let more: boolean
  if (!matches) {
    const count = end - start
    more = count > page.limit
    result =
      page.end === 'front' ? items.slice(start, Math.min(end, start + page.limit)) : items.slice(Math.max(start, end - page.limit), end)
  } else {
    // Scan from the end the page reads from: the front forward, the back backward.
    const forward = page.end === 'front'
    result = []
    more = false
    for (let n = 0; n < end - start; n++) {
      const item = items[forward ? start + n : end - 1 - n] as T
      if (!matches(item)) continue
      if (result.length === page.limit) {
        more = true
        break
      }
      result.push(item)
    }
    if (!forward) result.reverse()
  }
  if (result.length === 0) return EMPTY_SLICE
  return page.end === 'front'
    ? { items: result, hasPreviousPage: afterFound, hasNextPage: more || beforeFound }
    : { items: result, hasPreviousPage: more || afterFound, hasNextPage: beforeFound }
}
