import { readCount, readObject } from '../options/optionRules.js'
import type { ServiceConfigQuery } from './generated/operations.js'

/**
 * The limits of spec 8.2 and page sizes of 4.2 rule 3, as `serviceConfig` reports them.
 * The SDK checks queries against the ones it knows before sending.
 *
 * @example
 * const { maxPageSize, defaultPageSize } = await client.graphql.limits()
 */
export type ServiceLimits = ServiceConfigQuery['serviceConfig']

/**
 * Where the client takes limits from: `'serviceConfig'` fetches them once, lazily, and
 * caches them per client; an object gives them (missing ones are not checked); `false`
 * turns the checks off.
 *
 * @example
 * new ChainxClient({ graphqlUrl, limits: { maxPageSize: 50, maxQueryDepth: 20 } })
 */
export type LimitsOption = 'serviceConfig' | Partial<ServiceLimits> | false

/** Reads the `limits` option before any request: `'serviceConfig'` (the default), `false`, or whole numbers >= 1. */
export function readLimitsOption(limits: LimitsOption | undefined): LimitsOption {
  if (limits === undefined || limits === 'serviceConfig' || limits === false) return limits ?? 'serviceConfig'
  readObject('limits', limits)
  for (const [name, value] of Object.entries(limits)) readCount(`limits.${name}`, value, 1, { min: 1 })
  return limits
}
