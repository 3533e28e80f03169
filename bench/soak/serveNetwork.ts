// The soak's service, in a child process of its own so the soak's heap is the SDK's alone: the
// mock network (emitting one event every few ms), and in front of the same network a second
// HTTP server that never closes an idle connection (keepAliveTimeout 0, no Keep-Alive header),
// against which a client that does not close its pool keeps its sockets forever. On a
// message `{ restartEveryMs }` it restarts the network (dropping every socket) at that period.
import { startMockNetwork } from '../../src/testing/index.js'
import { startNeverIdleServer } from '../../test/helpers/neverIdleServer.js'

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

const neverIdle = await startNeverIdleServer(mock.network)

let restarts: ReturnType<typeof setInterval> | undefined
process.on('message', (message: { restartEveryMs?: number }) => {
  clearInterval(restarts)
  if (message.restartEveryMs) restarts = setInterval(() => void mock.network.restart(), message.restartEveryMs)
})
process.on('disconnect', () => {
  clearInterval(restarts)
  void Promise.all([neverIdle.close(), mock.close()]).then(() => process.exit(0))
})
process.send?.({
  graphqlUrl: mock.graphqlUrl,
  rpcUrl: mock.rpcUrl,
  wsUrl: mock.wsUrl,
  neverIdleRpcUrl: neverIdle.rpcUrl,
  events: mock.network.ledger.events.length,
} satisfies ServedNetwork)
