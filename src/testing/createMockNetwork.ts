import { MockNetwork, type MockNetworkOptions } from './MockNetwork.js'

/**
 * Creates a mock chainx network without sockets: a controller whose `handle` answers HTTP
 * requests, for `mockNetworkHandlers` (msw) or direct use. `startMockNetwork` builds on it.
 *
 * @example
 * import { createMockNetwork, mockNetworkHandlers } from 'chainx-sdk/testing'
 * import { setupServer } from 'msw/node'
 * const network = createMockNetwork({ events: 500, seed: 7 })
 * const server = setupServer(...mockNetworkHandlers(network))
 * server.listen()
 */
export function createMockNetwork(options: MockNetworkOptions = {}): MockNetwork {
  return new MockNetwork(options)
}
