// The soak's service, in a child process of its own so the soak's heap is the SDK's alone: the
// mock network (emitting one event every few ms), and in front of the same network a second
// HTTP server that never closes an idle connection (keepAliveTimeout 0, no Keep-Alive header),
// against which a client that does not close its pool keeps its sockets forever. On a
// message `{ restartEveryMs }` it restarts the network (dropping every socket) at that period.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startMockNetwork } from '../../src/testing/index.js'

/** What the child sends its parent once both servers listen. */
export interface ServedNetwork {
  graphqlUrl: string
  rpcUrl: string
  wsUrl: string
  /** The JSON-RPC endpoint on the server that never closes idle connections. */
  neverIdleRpcUrl: string
  events: number
}

const events = Number(process.argv[2] ?? 0)
const autoEmitMs = Number(process.argv[3] ?? 5)
const mock = await startMockNetwork({ events, seed: 3, autoEmitMs })

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
const neverIdle = createServer((request, response) => {
  void readBody(request)
    .then((body) => mock.network.handle({ method: request.method ?? 'POST', url: '/json-rpc', headers: request.headers, body }))
    .then((result) => response.writeHead(result.status, result.headers).end(result.body))
})
neverIdle.keepAliveTimeout = 0
await new Promise<void>((resolve) => neverIdle.listen(0, '127.0.0.1', resolve))

let restarts: ReturnType<typeof setInterval> | undefined
process.on('message', (message: { restartEveryMs?: number }) => {
  clearInterval(restarts)
  if (message.restartEveryMs) restarts = setInterval(() => void mock.network.restart(), message.restartEveryMs)
})
process.on('disconnect', () => {
  clearInterval(restarts)
  neverIdle.closeAllConnections()
  neverIdle.close()
  void mock.close().then(() => process.exit(0))
})
process.send?.({
  graphqlUrl: mock.graphqlUrl,
  rpcUrl: mock.rpcUrl,
  wsUrl: mock.wsUrl,
  neverIdleRpcUrl: `http://127.0.0.1:${(neverIdle.address() as AddressInfo).port}/json-rpc`,
  events: mock.network.ledger.events.length,
} satisfies ServedNetwork)
