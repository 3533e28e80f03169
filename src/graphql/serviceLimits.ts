import { InvalidArgumentError } from '../errors/request.js'
import { readCount } from '../options/optionRules.js'

/**
 * The limits of spec 8.2 and page sizes of 4.2 rule 3, as `serviceConfig` reports them.
 * The SDK checks queries against the ones it knows before sending.
 *
 * @example
 * const { maxPageSize, defaultPageSize } = await client.graphql.limits()
 */
export interface ServiceLimits {
  maxQueryDepth: number
  maxQueryNodes: number
  maxOutputNodes: number
  maxDbQueryCost: number
  defaultPageSize: number
  maxPageSize: number
  requestTimeoutMs: number
  maxQueryPayloadSize: number
  maxTypeArgumentDepth: number
  maxTypeArgumentWidth: number
  maxTypeNodes: number
  maxMoveValueDepth: number
}

/**
 * Where the client takes limits from: `'serviceConfig'` fetches them once, lazily, and
 * caches them per client; an object gives them (missing ones are not checked); `false`
 * turns the checks off.
 *
 * @example
 * new ChainxClient({ graphqlUrl, limits: { maxPageSize: 50, maxQueryDepth: 20 } })
 */
export type LimitsOption = 'serviceConfig' | Partial<ServiceLimits> | false

/**
 * Reads the `limits` option by the option rules, before any request: `'serviceConfig'`
 * (the default), `false`, or an object whose limits are whole numbers >= 1 (leave one out
 * to not check it). Anything else throws `InvalidArgumentError` naming `limits.<name>`.
 *
 * @example
 * readLimitsOption({ maxPageSize: 50 }) // { maxPageSize: 50 }
 * readLimitsOption(undefined) // 'serviceConfig'
 */
export function readLimitsOption(limits: unknown): LimitsOption {
  if (limits === undefined) return 'serviceConfig'
  if (limits === 'serviceConfig' || limits === false) return limits
  if (typeof limits !== 'object' || limits === null || Array.isArray(limits)) {
    throw new InvalidArgumentError(`limits must be 'serviceConfig', false or an object of limits, got ${String(limits)}`)
  }
  for (const [name, value] of Object.entries(limits)) if (value !== undefined) readCount(`limits.${name}`, value, 0, { min: 1 })
  return limits as Partial<ServiceLimits>
}
