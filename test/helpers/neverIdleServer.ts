import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { text } from 'node:stream/consumers'
import type { MockNetwork } from '../../src/testing/MockNetwork.js'

/** A JSON-RPC server in front of `network` that never closes an idle connection, counting the connections open on its side. */
export interface NeverIdleServer {
  rpcUrl: string
  /** Connections open on the server's side now. */
  readonly open: number
  /** Connections accepted since it started. */
  readonly accepted: number
  /** Resolves once no connection is open, or after `ms` (then `open` tells how many are left). */
  drained(ms: number): Promise<void>
  close(): Promise<void>
}

/**
 * Starts the server on 127.0.0.1. `keepAliveHeader` is sent as `Keep-Alive` (e.g. `timeout=2`)
 * while the server still never closes the connection itself.
 *
 * @example
 * const server = await startNeverIdleServer(createMockNetwork({ events: 5 }))
 */
export async function startNeverIdleServer(network: MockNetwork, keepAliveHeader?: string): Promise<NeverIdleServer> {
  const sockets = new Set<Socket>()
  let accepted = 0
  const server = createServer((request, response) => {
    void text(request)
      .then((body) => network.handle({ method: request.method ?? 'POST', url: '/json-rpc', headers: request.headers, body }))
      .then((result) => {
        if (keepAliveHeader !== undefined) response.setHeader('keep-alive', keepAliveHeader)
        response.writeHead(result.status, result.headers).end(result.body)
      })
  })
  server.keepAliveTimeout = 0
  server.on('connection', (socket: Socket) => {
    accepted++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json-rpc`,
    get open() {
      return sockets.size
    },
    get accepted() {
      return accepted
    },
    async drained(ms) {
      for (const deadline = Date.now() + ms; sockets.size > 0 && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
