import { SERVICE_LIMIT_NAMES } from './responseSchemas.js'
import type { ServiceLimits } from './serviceLimits.js'

/**
 * The limits a `serviceConfig` result gives, leaving out the null ones.
 *
 * @example
 * readServiceLimits({ maxPageSize: 50, defaultPageSize: null }) // { maxPageSize: 50 }
 */
export function readServiceLimits(config: Partial<Record<keyof ServiceLimits, number | null>>): Partial<ServiceLimits> {
  const known: Partial<ServiceLimits> = {}
  for (const name of SERVICE_LIMIT_NAMES) {
    const value = config[name]
    if (typeof value === 'number') known[name] = value
  }
  return known
}
