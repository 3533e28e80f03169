import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer } from 'ws'
import { createMockNetwork } from './createMockNetwork.js'
import { SubscriptionHub } from './jsonRpc/SubscriptionHub.js'
import { createRandom } from './ledger/createRandom.js'
import { ticker as tickerEvents } from './ledger/move/datasetEvents.js'
import { randomTransaction } from './ledger/randomTransaction.js'
import type { MockHttpResponse } from './http/handleMockRequest.js'
import { MockFaults } from './http/MockFaults.js'
import type { MockNetwork, MockNetworkOptions, MockReplica } from './MockNetwork.js'

/** Options of startMockNetwork: the network's options plus the server's. */
export interface StartMockNetworkOptions extends MockNetworkOptions {
  /** TCP port on 127.0.0.1; 0 picks a free one. @default 0 */
  port?: number
  /**
   * Serve this existing controller instead of creating one: a replica of its ledger on a
   * port of its own, with faults of its own (`mock.faults`) and, with `version`, another
   * service version. Several replicas of one network are the endpoints of a failover test.
   */
  network?: MockNetwork
  /** Execute a random transaction every `autoEmitMs` (for demos); off when omitted. */
  autoEmitMs?: number
}

/** A running mock network: endpoint URLs (the ChainxClient options), the controller and `close`. */
export interface RunningMockNetwork {
  /** POST GraphQL endpoint, {graphql_url}. */
  graphqlUrl: string
  /** POST JSON-RPC endpoint, {rpc_url}. */
  rpcUrl: string
  /** WebSocket endpoint for subscriptions, {ws_url}. */
  wsUrl: string
  port: number
  network: MockNetwork
  /**
   * HTTP requests whose connection the client closed before their response was sent (an
   * aborted fetch, a cancelled query, a page left), oldest first, the last 1,000 kept: how
   * a test sees from the server's side that a request was aborted on the wire.
   */
  readonly abandonedRequests: readonly AbandonedRequest[]
  /** This server's faults: the network's, or a replica's own (see `network`). */
  faults: MockFaults
  /** The version this server sends in `x-chain-rpc-version`. */
  version: string
  /**
   * Takes the server down: every socket is dropped and new connections are refused, until
   * `endOutage()` listens again on the same port (data kept).
   */
  startOutage(): Promise<void>
  /** Ends an outage begun by `startOutage()`. */
  endOutage(): Promise<void>
  /** Closes every socket and both servers; resolves when nothing is left open. */
  close(): Promise<void>
}

/**
 * A request the client gave up on before the response (see `RunningMockNetwork.abandonedRequests`).
 *
 * @example
 * const [first] = mock.abandonedRequests
 * console.log(first?.url, JSON.parse(first?.body ?? '{}').method)
 */
export interface AbandonedRequest {
  /** The request's path and query, e.g. `/graphql`. */
  url: string
  /** The request body as received. */
  body: string
}

const MAX_ABANDONED = 1_000

const WS_PATHS = new Set(['/ws', '/subscribe', '/'])
const MAX_LISTEN_ATTEMPTS = 40

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/**
 * Resets the connection (TCP RST) instead of completing `result`: at once, or after the
 * headers (announcing the whole body) and the first half of the body have been written.
 */
function resetMidResponse(response: ServerResponse, result: MockHttpResponse): void {
  const reset = (): void => {
    response.socket?.resetAndDestroy()
  }
  if (result.reset === 'beforeResponse') return reset()
  const body = Buffer.from(result.body, 'utf8')
  response.writeHead(result.status, { ...result.headers, 'content-length': String(body.length) })
  response.write(body.subarray(0, Math.floor(body.length / 2)), reset)
}

/**
 * Starts a spec-faithful local chainx service on 127.0.0.1 over real sockets: POST /graphql,
 * POST / and /json-rpc (JSON-RPC), WebSocket on /ws and /subscribe. The result plugs straight
 * into the client. `network.restart()` stops and restarts on the same port with the data kept.
 *
 * @example
 * import { ChainxClient } from 'chainx-sdk'
 * import { startMockNetwork } from 'chainx-sdk/testing'
 * const mock = await startMockNetwork({ events: 1_000, seed: 7 })
 * const client = new ChainxClient(mock)
 * // ...
 * await mock.close()
 */
export async function startMockNetwork(options: StartMockNetworkOptions = {}): Promise<RunningMockNetwork> {
  const network = options.network ?? createMockNetwork(options)
  // A replica of a given network answers with its own faults and, if asked, another version.
  const replica: MockReplica | undefined = options.network ? { version: options.version, faults: new MockFaults() } : undefined
  const faults = replica?.faults ?? network.faults
  const hub = new SubscriptionHub(network.ledger, { maxPageSize: network.limits.maxPageSize })
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let webSockets: WebSocketServer | undefined

  const abandonedRequests: AbandonedRequest[] = []
  const resetByServer = new WeakSet<ServerResponse>()
  let stopping = false
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    readBody(request)
      .then((body) => {
        response.once('close', () => {
          // Not the client's doing: a response completed, a reset the faults asked for, or a stop.
          if (response.writableFinished || resetByServer.has(response) || stopping) return
          if (abandonedRequests.push({ url: request.url ?? '/', body }) > MAX_ABANDONED) abandonedRequests.shift()
        })
        return body
      })
      .then((body) => network.handle({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body }, replica))
      .then((result) => {
        if (result.reset) {
          resetByServer.add(response)
          resetMidResponse(response, result)
        } else {
          response.writeHead(result.status, result.headers)
          response.end(result.body)
        }
      })
      .catch((error: unknown) => {
        if (response.headersSent || response.destroyed) return
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'x-chain-rpc-version': network.version })
        response.end(`Internal error: ${(error as Error).message}`)
      })
  }

  const listen = async (port: number): Promise<number> => {
    const next = createServer(onRequest)
    const wss = new WebSocketServer({ noServer: true })
    next.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    next.on('upgrade', (request, socket, head) => {
      const path = new URL(request.url ?? '/', 'http://mock.invalid').pathname
      if (!WS_PATHS.has(path)) {
        socket.destroy()
        return
      }
      wss.handleUpgrade(request, socket, head, (ws) => hub.handleConnection(ws))
    })
    for (let attempt = 1; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          next.once('error', reject)
          next.listen(port, '127.0.0.1', () => {
            next.off('error', reject)
            resolve()
          })
        })
        break
      } catch (error) {
        // After a restart the old port can stay busy for a moment.
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || attempt >= MAX_LISTEN_ATTEMPTS) throw error
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
    server = next
    webSockets = wss
    return (next.address() as AddressInfo).port
  }

  const stop = async (): Promise<void> => {
    hub.dropAllConnections()
    for (const client of webSockets?.clients ?? []) client.terminate()
    webSockets?.close()
    const current = server
    server = undefined
    webSockets = undefined
    if (!current) return
    const closed = new Promise<void>((resolve) => current.close(() => resolve()))
    stopping = true
    current.closeAllConnections()
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    await closed
    stopping = false
  }

  const port = await listen(options.port ?? 0)
  const stopDropping = faults.onDropWebSockets(() => hub.dropAllConnections())
  const stopSilentDrops = faults.onDropSubscriptionsSilently(() => hub.dropSubscriptionsSilently())
  let down = false
  const restart = async () => {
    await stop()
    if (!down) await listen(port)
  }
  // A replica leaves the network's restart to the server that created it.
  if (!replica) network.bindServer({ restart })

  let timer: ReturnType<typeof setInterval> | undefined
  if (options.autoEmitMs && options.autoEmitMs > 0) {
    const random = createRandom((options.seed ?? 1) + 1)
    let emitOne: () => void
    const dataset = network.dataset
    if (dataset) emitOne = () => network.execute(randomTransaction(dataset, random))
    else {
      const ticker = network.publish({ package: network.ledger.newAddress(), module: 'ticker', events: tickerEvents })
      const sender = network.ledger.newAddress()
      let count = 0n
      emitOne = () =>
        network.execute({
          sender,
          package: ticker.package,
          module: 'ticker',
          function: 'tick',
          emit: [{ struct: 'Tick', fields: { count: ++count } }],
        })
    }
    timer = setInterval(emitOne, options.autoEmitMs)
    timer.unref()
  }

  let closing: Promise<void> | undefined
  const base = `127.0.0.1:${port}`
  return clientOptionsOnly({
    graphqlUrl: `http://${base}/graphql`,
    rpcUrl: `http://${base}/json-rpc`,
    wsUrl: `ws://${base}/ws`,
    port,
    network,
    abandonedRequests,
    faults,
    version: replica?.version ?? network.version,
    startOutage: async () => {
      down = true
      await stop()
    },
    endOutage: async () => {
      if (!down) return
      down = false
      await listen(port)
    },
    close: () => {
      closing ??= (async () => {
        if (timer) clearInterval(timer)
        stopDropping()
        stopSilentDrops()
        if (!replica) network.bindServer(undefined)
        down = true
        await stop()
        hub.close()
      })()
      return closing
    },
  })
}

/**
 * The running network with only its URLs enumerable, so `new ChainxClient({ ...mock })` passes the
 * client its three endpoints and nothing the client would refuse as an unknown option.
 */
function clientOptionsOnly<T extends { graphqlUrl: string; rpcUrl: string; wsUrl: string }>(running: T): T {
  for (const key of Object.keys(running)) {
    if (key !== 'graphqlUrl' && key !== 'rpcUrl' && key !== 'wsUrl') Object.defineProperty(running, key, { enumerable: false })
  }
  return running
}
