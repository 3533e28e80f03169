import { redactUrl } from '../../utils/redactUrl.js'
import type { EndpointGroup } from '../endpoints.js'
import type { EndpointState } from '../endpointTypes.js'

// The failover chunk, loaded by the first call with several endpoints of a kind or by
// `client.endpoints()`: clients of one endpoint per kind never carry it.
export { EndpointPool } from './EndpointPool.js'
export { sendWithFailover } from './sendWithFailover.js'

/**
 * The state of every endpoint of `groups`, as `client.endpoints()` reports it. A kind with one
 * endpoint keeps no health record: it shows as available and preferred.
 *
 * @example
 * endpointStates([graphqlGroup, rpcGroup]).filter((endpoint) => endpoint.status !== 'available')
 */
export function endpointStates(groups: readonly EndpointGroup[]): EndpointState[] {
  return groups.flatMap(
    ({ kind, urls, pool }) =>
      pool?.states() ??
      urls.map((url, index) => ({
        kind,
        url: redactUrl(url),
        index,
        preferred: index === 0,
        status: 'available' as const,
        latencyMs: undefined,
        consecutiveFailures: 0,
        recentFailures: 0,
        lastErrorCode: undefined,
        version: undefined,
        waitMs: 0,
      })),
  )
}
