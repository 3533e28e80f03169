import type { ServiceLimits } from './serviceLimits.js'

// Page size used when neither the caller nor the service says one.
const FALLBACK_PAGE_SIZE = 20

/**
 * The page size a GraphQL walk sends: the requested one, else the service's
 * `defaultPageSize`, else 20; clamped to the service's `maxPageSize` when known (spec 4.2
 * rule 3), so a walk never asks for a page the service would refuse.
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
