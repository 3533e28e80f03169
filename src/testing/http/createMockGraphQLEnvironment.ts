import { loadSchemaSource } from '../graphql/loadSchemaSource.js'
import { MockGraphQLService } from '../graphql/MockGraphQLService.js'
import { defaultMockServiceLimits, type MockServiceLimits } from '../graphql/mockServiceLimits.js'
import { Ledger } from '../ledger/Ledger.js'
import { MovePackages } from '../ledger/MovePackages.js'
import { createMinuteRateLimiter } from './createMinuteRateLimiter.js'
import type { MockRequestEnvironment } from './handleMockRequest.js'
import { EmptyPageCursors } from './emptyPages.js'
import { MockFaults } from './MockFaults.js'

/** Options of the service itself: what a mock network serves, whatever its data. */
export interface MockEnvironmentOptions {
  /** Seed of the dataset and of every digest and address. @default 1 */
  seed?: number
  /** Checkpoints kept available; older ones are pruned (availableRange moves). @default Infinity */
  retention?: number
  /** Overrides of the service limits (defaults: the real service's). */
  limits?: Partial<MockServiceLimits>
  /** Requests per minute over all HTTP endpoints before 429; off when omitted. */
  rateLimitPerMinute?: number
  /** Service version sent in `x-chain-rpc-version`. @default '2025.3.0' */
  version?: string
  /** The GraphQL SDL to serve; defaults to the package's schema.graphql (read from disk). */
  schemaSource?: string
  /** Timestamp of the genesis checkpoint. @default 1735689600000 */
  genesisTimestampMs?: number
  /** Simulated time between checkpoints. @default 250 */
  checkpointIntervalMs?: number
  /** Clock of the rate limiter. @default Date.now */
  now?: () => number
}

/**
 * Builds the parts a mock network serves requests with: ledger, Move packages, GraphQL
 * service over the schema, faults, rate limiter and version.
 *
 * @example
 * const env = createMockGraphQLEnvironment({ retention: 50 })
 * await handleMockRequest(env, request)
 */
export function createMockGraphQLEnvironment(options: MockEnvironmentOptions = {}): MockRequestEnvironment & { packages: MovePackages } {
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
  const graphql = new MockGraphQLService({ ledger, packages, limits, schemaSource: options.schemaSource ?? loadSchemaSource() })
  return {
    ledger,
    packages,
    graphql,
    limits,
    faults: new MockFaults(),
    emptyPageCursors: new EmptyPageCursors(),
    rateLimiter: createMinuteRateLimiter(options.rateLimitPerMinute, options.now),
    version: options.version ?? '2025.3.0',
  }
}
