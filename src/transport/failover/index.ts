import type { EndpointGroup } from '../endpoints.js'
import type { EndpointState } from '../endpointTypes.js'
import { EndpointPool } from './EndpointPool.js'

// The failover chunk, loaded by the first call with several endpoints of a kind or by
// `client.endpoints()`: clients of one endpoint per kind never carry it.
export { EndpointPool } from './EndpointPool.js'
export { sendWithFailover } from './sendWithFailover.js'

/**
 * The state of every endpoint of `groups`, as `client.endpoints()` reports it. A kind without
 * a pool (one endpoint, or no call yet) shows as a fresh pool does: available, the first preferred.
 */
export function endpointStates(groups: readonly EndpointGroup[]): EndpointState[] {
  return groups.flatMap(({ kind, urls, pool }) => (pool ?? new EndpointPool(kind, urls, {})).states())
}
