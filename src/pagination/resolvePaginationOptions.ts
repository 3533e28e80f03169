import { InvalidArgumentError } from '../errors/request.js'
import type { ServiceLimits } from '../graphql/serviceLimits.js'
import type { ItemKey, PageDirection, PageProgress, RestartInfo, StaleOptions, WalkOptions } from './types.js'

// Page size used when neither the caller nor the service says one.
const FALLBACK_PAGE_SIZE = 20

/**
 * Options a walk accepts, before validation.
 *
 * @example
 * const input: PaginationOptionsInput<{ digest: string }> = { direction: 'forward', onStale: 'restart' }
 */
export type PaginationOptionsInput<TItem> = WalkOptions & StaleOptions<TItem> & { direction?: PageDirection | undefined }

/**
 * Options after validation, with every default applied except the page size (it may need the service's limits).
 *
 * @example
 * const { maxItems, onStale } = resolvePaginationOptions({ maxItems: 10 }) // 10, 'throw'
 */
export interface ResolvedPaginationOptions<TItem> {
  direction: PageDirection
  /** The requested page size, if any; see `resolvePageSize`. */
  pageSize: number | undefined
  maxItems: number
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
 * a bad option throws `InvalidArgumentError` where the walk is created. Page variables
 * (`first`, `last`, `after`, `before`) are not options; the types refuse them and so does this.
 *
 * @example
 * resolvePaginationOptions({ direction: 'backward', maxItems: 100 })
 * // { direction: 'backward', pageSize: undefined, maxItems: 100, onStale: 'throw', maxRestarts: 3, ... }
 */
export function resolvePaginationOptions<TItem>(
  options: PaginationOptionsInput<TItem> = {},
  defaultKey?: (item: TItem) => ItemKey,
): ResolvedPaginationOptions<TItem> {
  const { direction = 'forward', pageSize, maxItems = Infinity, onStale = 'throw', maxRestarts = 3 } = options
  for (const name of ['first', 'last', 'after', 'before']) {
    if (name in options) throw new InvalidArgumentError(`Unknown option ${name}: use direction and pageSize; the walk sends its own cursors`)
  }
  if (direction !== 'forward' && direction !== 'backward') {
    throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
  }
  if (pageSize !== undefined) assertCount('pageSize', pageSize, 1)
  if (maxItems !== Infinity) assertCount('maxItems', maxItems, 0)
  if (onStale !== 'throw' && onStale !== 'restart') {
    throw new InvalidArgumentError(`onStale must be 'throw' or 'restart', got ${String(onStale)}`)
  }
  assertCount('maxRestarts', maxRestarts, 0)
  for (const name of ['key', 'onPage', 'onRestart'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidArgumentError(`${name} must be a function`)
    }
  }
  return {
    direction,
    pageSize,
    maxItems,
    signal: options.signal,
    onPage: options.onPage,
    onStale,
    key: onStale === 'restart' ? (options.key ?? defaultKey) : undefined,
    maxRestarts,
    onRestart: options.onRestart,
  }
}

/**
 * The page size a walk sends: the requested one, else the service's `defaultPageSize`,
 * else 20; clamped to the service's `maxPageSize` when known (spec 4.2 rule 3), so a
 * walk never asks for a page the service would refuse.
 *
 * @example
 * resolvePageSize(200, { maxPageSize: 50 }) // 50
 * resolvePageSize(undefined, { defaultPageSize: 20 }) // 20
 */
export function resolvePageSize(
  requested: number | undefined,
  limits: Partial<Pick<ServiceLimits, 'defaultPageSize' | 'maxPageSize'>>,
): number {
  const size = requested ?? limits.defaultPageSize ?? FALLBACK_PAGE_SIZE
  return limits.maxPageSize === undefined ? size : Math.min(size, limits.maxPageSize)
}

/**
 * Throws `InvalidArgumentError` unless `value` is an integer of at least `min`.
 *
 * @example
 * assertCount('limit', 10, 1)
 */
export function assertCount(name: string, value: unknown, min: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new InvalidArgumentError(`${name} must be an integer of at least ${min}, got ${String(value)}`)
  }
}
