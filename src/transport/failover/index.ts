/**
 * The failover chunk: loaded by the first request of a kind with several endpoints, so
 * clients of one endpoint per kind never carry it.
 *
 * @example
 * const { EndpointPool, sendWithFailover } = await import('./failover/index.js')
 */
export { EndpointPool } from './EndpointPool.js'
export { sendWithFailover } from './sendWithFailover.js'
export { endpointStates } from './endpointStates.js'
