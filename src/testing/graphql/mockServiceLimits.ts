import type { ServiceLimits } from '../../graphql/serviceLimits.js'

/** Limits of the mock GraphQL service (spec part 8): the twelve `serviceConfig` reports, and one more. */
export interface MockServiceLimits extends ServiceLimits {
  /** Not in serviceConfig; used in the payload error text and the overall size check. */
  maxTransactionPayloadSize: number
}

/**
 * The real service's defaults (config.rs `Default for Limits`).
 *
 * @example
 * const limits = { ...defaultMockServiceLimits, maxPageSize: 10 }
 */
export const defaultMockServiceLimits: Readonly<MockServiceLimits> = Object.freeze({
  maxQueryDepth: 20,
  maxQueryNodes: 300,
  maxOutputNodes: 100_000,
  maxDbQueryCost: 20_000,
  defaultPageSize: 20,
  maxPageSize: 50,
  requestTimeoutMs: 40_000,
  maxQueryPayloadSize: 5_000,
  maxTypeArgumentDepth: 16,
  maxTypeArgumentWidth: 32,
  maxTypeNodes: 256,
  maxMoveValueDepth: 128,
  maxTransactionPayloadSize: 174_763,
})
