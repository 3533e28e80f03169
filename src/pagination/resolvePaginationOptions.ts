import { InvalidArgumentError } from '../errors/request.js'
import { readCount } from '../options/optionRules.js'
import type { ItemKey, PageProgress, RestartInfo, StaleOptions, WalkOptions } from './types.js'

// Consecutive empty pages claiming more before a walk gives up (see WalkOptions.maxEmptyPages).
const DEFAULT_MAX_EMPTY_PAGES = 100

/**
 * Options a walk accepts, before validation.
 *
 * @example
 * const input: PaginationOptionsInput<{ digest: string }> = { maxItems: 100, onStale: 'restart' }
 */
export type PaginationOptionsInput<TItem> = WalkOptions & StaleOptions<TItem>

/**
 * Every option key a walk reads (`WalkOptions` and `StaleOptions`): a walk's caller adds its
 * own (`filter`, `direction`, `cursor`, ...) and refuses any other key (`checkKeys`).
 *
 * @example
 * checkKeys('client.paginate', options, ['connection', 'direction', 'cursor', ...WALK_OPTION_KEYS])
 */
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

/**
 * Options after validation, with every default applied except the page size: the page machine applies the one
 * page-size rule (`walkPageSize`) with what the adapter learns of the service.
 *
 * @example
 * const { maxItems, onStale } = resolvePaginationOptions({ maxItems: 10 }) // 10, 'throw'
 */
export interface ResolvedPaginationOptions<TItem> {
  /** The requested page size, if any; without it the walk asks for the service's default (`walkPageSize`). */
  pageSize: number | undefined
  maxItems: number
  maxPages: number
  maxEmptyPages: number
  prefetch: boolean
  signal: AbortSignal | undefined
  onPage: ((progress: PageProgress) => void) | undefined
  onStale: 'throw' | 'restart'
  /** Set only with `onStale: 'restart'`. */
  key: ((item: TItem) => ItemKey) | undefined
  maxRestarts: number
  onRestart: ((info: RestartInfo) => void) | undefined
}

/**
 * Validates a walk's options and applies their defaults. Pure, and run before any request:
 * a bad option throws `InvalidArgumentError` where the walk is created.
 *
 * @example
 * resolvePaginationOptions({ maxItems: 100 })
 * // { pageSize: undefined, maxItems: 100, maxPages: Infinity, maxEmptyPages: 100, prefetch: true, onStale: 'throw', ... }
 */
export function resolvePaginationOptions<TItem>(
  options: PaginationOptionsInput<TItem> = {},
  defaultKey?: (item: TItem) => ItemKey,
): ResolvedPaginationOptions<TItem> {
  const { prefetch = true, onStale = 'throw' } = options
  const pageSize = options.pageSize === undefined ? undefined : readCount('pageSize', options.pageSize, 0, { min: 1 })
  const maxItems = readCount('maxItems', options.maxItems, Infinity, { infinite: true })
  const maxPages = readCount('maxPages', options.maxPages, Infinity, { infinite: true })
  const maxEmptyPages = readCount('maxEmptyPages', options.maxEmptyPages, DEFAULT_MAX_EMPTY_PAGES, { min: 1, infinite: true })
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
    key: onStale === 'restart' ? (options.key ?? defaultKey) : undefined,
    maxRestarts,
    onRestart: options.onRestart,
  }
}
