import { InvalidArgumentError } from '../errors/request.js'
import { readCount } from '../options/optionRules.js'
import type { ItemKey, StaleOptions, WalkOptions } from './types.js'

/** Options a walk accepts, before validation. */
export type PaginationOptionsInput<TItem> = WalkOptions & StaleOptions<TItem>

/** Every option key a walk reads: its caller adds its own (`filter`, `direction`, ...) and refuses any other (`checkKeys`). */
export const WALK_OPTION_KEYS = Object.keys({
  pageSize: 1,
  maxItems: 1,
  signal: 1,
  onPage: 1,
  maxPages: 1,
  maxEmptyPages: 1,
  prefetch: 1,
  onStale: 1,
  key: 1,
  maxRestarts: 1,
  onRestart: 1,
} satisfies Record<keyof PaginationOptionsInput<unknown>, 1>)

/** Options after validation, every default applied but the page size (the machine's `walkPageSize` sizes pages). */
export type ResolvedPaginationOptions<TItem> = ReturnType<typeof resolvePaginationOptions<TItem>>

/**
 * Validates a walk's options and applies their defaults. Pure, and run before any request:
 * a bad option throws `InvalidArgumentError` where the walk is created.
 */
export function resolvePaginationOptions<TItem>(options: PaginationOptionsInput<TItem> = {}, defaultKey?: (item: TItem) => ItemKey) {
  const { prefetch = true, onStale = 'throw' } = options
  const pageSize = options.pageSize === undefined ? undefined : readCount('pageSize', options.pageSize, 0, { min: 1 })
  const maxItems = readCount('maxItems', options.maxItems, Infinity, { infinite: true })
  const maxPages = readCount('maxPages', options.maxPages, Infinity, { infinite: true })
  const maxEmptyPages = readCount('maxEmptyPages', options.maxEmptyPages, 100, { min: 1, infinite: true })
  const maxRestarts = readCount('maxRestarts', options.maxRestarts, 3)
  if (typeof prefetch !== 'boolean') throw new InvalidArgumentError(`prefetch must be a boolean, got ${String(prefetch)}`)
  if (onStale !== 'throw' && onStale !== 'restart') {
    throw new InvalidArgumentError(`onStale must be 'throw' or 'restart', got ${String(onStale)}`)
  }
  for (const name of ['key', 'onPage', 'onRestart'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidArgumentError(`${name} must be a function`)
    }
  }
  return {
    pageSize,
    maxItems,
    maxPages,
    maxEmptyPages,
    prefetch,
    signal: options.signal,
    onPage: options.onPage,
    onStale,
    /** Set only with `onStale: 'restart'`. */
    key: onStale === 'restart' ? (options.key ?? defaultKey) : undefined,
    maxRestarts,
    onRestart: options.onRestart,
  }
}
