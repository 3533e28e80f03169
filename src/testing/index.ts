/**
 * `chainx-sdk/testing`: a spec-faithful local chainx service for tests, demos and users.
 *
 * - `startMockNetwork(options)`: real sockets on 127.0.0.1 (GraphQL, JSON-RPC, WebSocket);
 *   `new ChainxClient(await startMockNetwork())` works as is.
 * - `createMockNetwork(options)` + `mockNetworkHandlers(network)` from `chainx-sdk/testing/msw`: the same service behind msw.
 * - `network.publish` / `network.execute`: emit events the way Move code does (spec 6.1).
 * - `network.faults`, `network.restart()`: latency, 429 (JSON or HTML, Retry-After in seconds or
 *   as a date), 503, HTML 502, connection resets (mid-body too), slow answers, truncated JSON, a
 *   seeded random mix of all of these, endless empty pages, a hostile serviceConfig, dropped
 *   sockets, subscriptions dropped silently.
 * - Failover: `startMockNetwork({ network })` serves a replica of a network on its own port
 *   with its own `faults` (and, with `version`, another service version); `mock.startOutage()`
 *   / `endOutage()` take one down and back.
 *
 * @example
 * import { bcs } from '@mysten/bcs'
 * import { moveAddress, startMockNetwork } from 'chainx-sdk/testing'
 * const mock = await startMockNetwork({ events: 0 })
 * const m = mock.network.publish({ module: 'market', events: { Listed: { price: bcs.u64(), seller: moveAddress } } })
 * mock.network.execute({ sender: '0xa11ce', module: 'market', function: 'list', emit: [{ struct: 'Listed', fields: { price: 5n, seller: '0xa11ce' } }] })
 * await mock.close()
 */
export { startMockNetwork, type AbandonedRequest, type RunningMockNetwork, type StartMockNetworkOptions } from './startMockNetwork.js'
export { createMockNetwork } from './createMockNetwork.js'
export { MockNetwork, type ExecutedTransaction, type MockNetworkOptions, type MockReplica, type MockServerBinding } from './MockNetwork.js'
export {
  MockFaults,
  TRANSIENT_FAULT_KINDS,
  type FaultEndpoint,
  type FaultOptions,
  type HostileServiceConfig,
  type MockFaultKind,
  type RandomFaultOptions,
  type RateLimitFaultOptions,
  type TransientFaultKind,
} from './http/MockFaults.js'
export type { MockHttpRequest, MockHttpResponse } from './http/handleMockRequest.js'
export { defaultMockServiceLimits, type MockServiceLimits } from './graphql/mockServiceLimits.js'
export type { GraphQLRequestBody, GraphQLResponseBody, QueryUsage } from './graphql/MockGraphQLService.js'
export { Ledger, type LedgerOptions, type NewEvent, type NewObject, type NewTransaction } from './ledger/Ledger.js'
export type {
  EmitInput,
  EventStructDefinition,
  ExecuteInput,
  GenericEventStruct,
  PackageInfo,
  PublishInput,
  PublishedModule,
} from './ledger/MovePackages.js'
export { generateDataset, type Dataset, type DatasetOptions } from './ledger/generateDataset.js'
export { randomTransaction, type DatasetCatalog } from './ledger/randomTransaction.js'
export { createRandom, type Random } from './ledger/createRandom.js'
export { moveAddress, moveUid, normalizeAddress } from './ledger/moveAddress.js'
export { moveValue, type MoveStructLayout } from './ledger/moveValue.js'
export type {
  LedgerCheckpoint,
  LedgerDynamicField,
  LedgerEpoch,
  LedgerEvent,
  LedgerMoveValue,
  LedgerObject,
  LedgerReader,
  LedgerTransaction,
  TransactionDegradation,
} from './ledger/types.js'
