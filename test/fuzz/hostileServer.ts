// A local HTTP server (127.0.0.1, port 0) that answers each request of a fuzz case with the
// next response of that case's script, byte for byte as generated: any status, any
// content type, bodies cut short, a Content-Length that lies. Each case gets its own URL
// prefix, so a late request of an earlier case never takes a later case's response.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** Stands in a generated body for the id of the JSON-RPC request being answered. */
export const REQUEST_ID = '__REQUEST_ID__'

/** One response as the hostile service sends it. */
export interface HostileResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** `truncate`: the body is cut at `cutAt` characters; `lie`: the full length is declared, the cut body sent, the socket closed. */
  cut?: { mode: 'truncate' | 'lie'; cutAt: number } | undefined
}

/** Where a request goes: the GraphQL endpoint (its serviceConfig fetch apart) or JSON-RPC. */
export type Channel = 'graphql' | 'serviceConfig' | 'rpc'

/** The responses of one case, per channel; `after` answers once a channel's script is used up. */
export interface CaseScript {
  graphql: HostileResponse[]
  serviceConfig: HostileResponse[]
  rpc: HostileResponse[]
  after: (channel: Channel, served: number) => HostileResponse
}

interface CaseState {
  script: CaseScript
  served: Record<Channel, number>
  requests: number
  onRequest: (requests: number) => void
}

/**
 * Starts the server. `open(script)` registers a case and returns its URLs; `close(id)` forgets it.
 *
 * @example
 * const server = await startHostileServer()
 * const { graphqlUrl, rpcUrl, id } = server.open(script, () => {})
 */
export async function startHostileServer() {
  const cases = new Map<number, CaseState>()
  const sockets = new Set<Socket>()
  let nextId = 1
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => answer(request, response, Buffer.concat(chunks).toString('utf8')))
    request.on('error', () => response.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })

  function answer(request: IncomingMessage, response: ServerResponse, requestBody: string) {
    const match = /^\/case\/(\d+)\/(graphql|rpc)$/.exec(request.url ?? '')
    const state = match ? cases.get(Number(match[1])) : undefined
    if (!match || !state) {
      response.writeHead(410, { 'content-type': 'text/plain' }).end('case closed')
      return
    }
    state.requests++
    state.onRequest(state.requests)
    const channel: Channel = match[2] === 'rpc' ? 'rpc' : requestBody.includes('query ServiceConfig') ? 'serviceConfig' : 'graphql'
    const index = state.served[channel]++
    const queue = state.script[channel]
    const hostile = index < queue.length ? (queue[index] as HostileResponse) : state.script.after(channel, index - queue.length)
    send(
      response,
      hostile.body.includes(REQUEST_ID) ? { ...hostile, body: hostile.body.replaceAll(REQUEST_ID, requestId(requestBody)) } : hostile,
    )
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    open(script: CaseScript, onRequest: (requests: number) => void) {
      const id = nextId++
      cases.set(id, { script, served: { graphql: 0, serviceConfig: 0, rpc: 0 }, requests: 0, onRequest })
      return { id, graphqlUrl: `${base}/case/${id}/graphql`, rpcUrl: `${base}/case/${id}/rpc` }
    },
    requests(id: number): number {
      return cases.get(id)?.requests ?? 0
    },
    close(id: number): void {
      cases.delete(id)
    },
    async stop(): Promise<void> {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type HostileServer = Awaited<ReturnType<typeof startHostileServer>>

/** The `id` of a JSON-RPC request, as JSON text (`null` when the request has none). */
function requestId(body: string): string {
  try {
    return JSON.stringify((JSON.parse(body) as { id?: unknown }).id ?? null)
  } catch {
    return 'null'
  }
}

function send(response: ServerResponse, hostile: HostileResponse): void {
  const full = Buffer.from(hostile.body, 'utf8')
  const cut = hostile.cut
  const sent = cut ? full.subarray(0, Math.min(cut.cutAt, full.length)) : full
  const declared = cut?.mode === 'lie' ? full.length : sent.length
  try {
    response.writeHead(hostile.status, { ...hostile.headers, 'content-length': String(declared) })
  } catch {
    // A header value the generator made that Node refuses to send: send the status alone.
    response.writeHead(hostile.status, { 'content-length': String(sent.length) })
  }
  if (cut?.mode === 'lie' && sent.length < full.length) {
    response.write(sent, () => response.socket?.destroy())
    return
  }
  response.end(sent)
}
