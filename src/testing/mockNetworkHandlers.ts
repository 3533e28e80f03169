import { HttpResponse, http, type HttpHandler } from 'msw'
import type { MockNetwork } from './MockNetwork.js'

/** URLs the msw handlers answer. */
export interface MockNetworkHandlerOptions {
  /** @default 'http://chainx.mock/graphql' */
  graphqlUrl?: string
  /** @default 'http://chainx.mock/json-rpc' */
  rpcUrl?: string
}

/**
 * The default URLs of mockNetworkHandlers, ready for `new ChainxClient(mockNetworkUrls)`.
 *
 * @example
 * await fetch(mockNetworkUrls.graphqlUrl, { method: 'POST', body: JSON.stringify({ query: '{ chainIdentifier }' }) })
 */
export const mockNetworkUrls = Object.freeze({
  graphqlUrl: 'http://chainx.mock/graphql',
  rpcUrl: 'http://chainx.mock/json-rpc',
})

/** A body stream that yields the first half of `body`, then fails, as a connection reset mid-body does. */
function failingHalfBody(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body)
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new Error('connection reset'))
      sent = true
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)))
    },
  })
}

/**
 * msw 2 request handlers serving a socket-less mock network (see createMockNetwork): POST to
 * the GraphQL and JSON-RPC URLs get exactly what the socket server answers (one shared
 * handler: limits, faults, rate limit, version header). WebSocket subscriptions need
 * startMockNetwork.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { ChainxClient } from 'chainx-sdk'
 * import { createMockNetwork } from 'chainx-sdk/testing'
 * import { mockNetworkHandlers, mockNetworkUrls } from 'chainx-sdk/testing/msw'
 * const network = createMockNetwork({ events: 100 })
 * const server = setupServer(...mockNetworkHandlers(network))
 * server.listen()
 * const client = new ChainxClient(mockNetworkUrls)
 */
export function mockNetworkHandlers(network: MockNetwork, options: MockNetworkHandlerOptions = {}): HttpHandler[] {
  const route = (url: string, path: string): HttpHandler =>
    http.post(url, async ({ request }) => {
      const headers: Record<string, string> = {}
      request.headers.forEach((value, name) => {
        headers[name] = value
      })
      const response = await network.handle({ method: 'POST', url: path, headers, body: await request.text() })
      if (response.reset === 'beforeResponse') return HttpResponse.error()
      if (response.reset === 'midBody')
        return new HttpResponse(failingHalfBody(response.body), { status: response.status, headers: response.headers })
      return new HttpResponse(response.body, { status: response.status, headers: response.headers })
    })
  return [route(options.graphqlUrl ?? mockNetworkUrls.graphqlUrl, '/graphql'), route(options.rpcUrl ?? mockNetworkUrls.rpcUrl, '/json-rpc')]
}
