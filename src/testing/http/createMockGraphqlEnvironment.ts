import { loadSchemaSource } from '../graphql/loadSchemaSource.js'
import { MockGraphqlService } from '../graphql/MockGraphqlService.js'
import { defaultMockServiceLimits, type MockServiceLimits } from '../graphql/mockServiceLimits.js'
import { Ledger } from '../ledger/Ledger.js'
import { MovePackages } from '../ledger/MovePackages.js'
import { createMinuteRateLimiter } from './createMinuteRateLimiter.js'
import type { MockRequestEnvironment } from './handleMockRequest.js'
import { MockFaults } from './MockFaults.js'

/** Options read by createMockGraphqlEnvironment (a subset of MockNetworkOptions). */
export interface MockEnvironmentOptions {
  seed?: number
  retention?: number
  limits?: Partial<MockServiceLimits>
  rateLimitPerMinute?: number
  version?: string
  schemaSource?: string
  genesisTimestampMs?: number
  checkpointIntervalMs?: number
  now?: () => number
}

/**
 * Builds the parts a mock network serves requests with: ledger, Move packages, GraphQL
 * service over the schema, faults, rate limiter and version.
 *
 * @example
 * const env = createMockGraphqlEnvironment({ retention: 50 })
 * await handleMockRequest(env, request)
 */
export function createMockGraphqlEnvironment(options: MockEnvironmentOptions = {}): MockRequestEnvironment & { packages: MovePackages } {
  const ledger = new Ledger({
    seed: options.seed ?? 1,
    ...(options.retention !== undefined ? { retention: options.retention } : {}),
    ...(options.genesisTimestampMs !== undefined ? { genesisTimestampMs: options.genesisTimestampMs } : {}),
    ...(options.checkpointIntervalMs !== undefined ? { checkpointIntervalMs: options.checkpointIntervalMs } : {}),
  })
  const packages = new MovePackages(
    () => ledger.newAddress(),
    () => ledger.newDigest(),
  )
  const limits: MockServiceLimits = { ...defaultMockServiceLimits, ...options.limits }
  const graphql = new MockGraphqlService({ ledger, packages, limits, schemaSource: options.schemaSource ?? loadSchemaSource() })
  return {
    ledger,
    packages,
    graphql,
    limits,
    faults: new MockFaults(),
    rateLimiter: createMinuteRateLimiter(options.rateLimitPerMinute, options.now),
    version: options.version ?? '2025.3.0',
  }
}
