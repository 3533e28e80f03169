/**
 * `chainx-sdk/testing/msw`: the mock network behind msw request handlers, for tests that
 * want no sockets. A subpath of its own so that `chainx-sdk/testing` works without msw
 * installed (msw is an optional peer dependency).
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createMockNetwork } from 'chainx-sdk/testing'
 * import { mockNetworkHandlers, mockNetworkUrls } from 'chainx-sdk/testing/msw'
 * const server = setupServer(...mockNetworkHandlers(createMockNetwork()))
 */
export { mockNetworkHandlers, mockNetworkUrls, type MockNetworkHandlerOptions } from './mockNetworkHandlers.js'
