import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A test server listening on 127.0.0.1. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`, without a path. */
  origin: string
  /** Drops every connection (idle or busy) and resolves once the server is closed. */
  close(): Promise<void>
}

/**
 * Starts `server` on 127.0.0.1 on a free port (the set-up the HTTP tests share).
 *
 * @example
 * const local = await listenLocal(createServer((request, response) => response.end('ok')))
 * const url = `${local.origin}/graphql`
 * afterAll(() => local.close())
 */
export async function listenLocal(server: Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
