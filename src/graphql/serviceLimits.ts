/**
 * The limits of spec 8.2 and page sizes of 4.2 rule 3, as `serviceConfig` reports them.
 * The SDK checks queries against the ones it knows before sending.
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
 */
export type LimitsOption = 'serviceConfig' | Partial<ServiceLimits> | false
