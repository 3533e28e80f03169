// Raw TCP (and TLS) servers for the HTTP conformance suite: they read each request just far
// enough to know where it ends, then let the test write the exact bytes of the answer (framing,
// splits, lies and all). Every connection is recorded, so a test can count how many the client
// opened and see whether the client closed one.
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { createServer as createTlsServer, type TlsOptions } from 'node:tls'

/** One connection the server accepted. */
export interface Connection {
  /** 0 for the first connection of the server, then 1, 2, ... */
  index: number
  socket: Socket
  /** Requests read on this connection so far. */
  requests: number
  /** The client half-closed or closed the connection (FIN or RST seen). */
  clientClosed: boolean
  /** The socket is fully closed, by either side. */
  closed: boolean
}

/** One request the server read, with what it needs to answer. */
export interface Exchange {
  connection: Connection
  /** 0 for the server's first request, then 1, 2, ... (over all connections). */
  index: number
  /** 0 for the first request on its connection: above 0 means the client reused the connection. */
  indexOnConnection: number
  head: string
  body: string
  /** Writes the chunks in order (strings as UTF-8), `delayMs` apart (0: on the next turn of the event loop). Resolves once written, or at once when the socket is gone. */
  write: (chunks: readonly (string | Uint8Array)[], delayMs?: number) => Promise<void>
}

export type Answer = (exchange: Exchange) => void | Promise<void>

export interface RawServer {
  /** `http://127.0.0.1:<port>/` (or `https://`). */
  url: string
  port: number
  connections: Connection[]
  exchanges: Exchange[]
  /** The answer of the next requests (each test sets its own). */
  answer: Answer
  /** Closes every connection and the server. */
  close: () => Promise<void>
}

/** Header blocks above this are not requests of the transports under test: the server drops the connection. */
const MAX_REQUEST_HEAD = 64 * 1024

/**
 * Starts a raw server on 127.0.0.1, port 0; with `tls` it speaks TLS with that key and certificate.
 *
 * @example
 * const server = await startRawServer((exchange) => exchange.write(['HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok']))
 */
export async function startRawServer(answer: Answer, tls?: TlsOptions): Promise<RawServer> {
  const connections: Connection[] = []
  const exchanges: Exchange[] = []
  const onSocket = (socket: Socket) => {
    socket.setNoDelay(true)
    const connection: Connection = { index: connections.length, socket, requests: 0, clientClosed: false, closed: false }
    connections.push(connection)
    // Bytes not yet taken as a request; once a head is read, the whole request's size (so that a
    // large body is joined once, not at every chunk).
    let chunks: Buffer[] = []
    let size = 0
    let requestSize: number | undefined
    let head = ''
    const joined = () => {
      const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)
      chunks = [all]
      return all
    }
    socket.on('data', (data: Buffer) => {
      chunks.push(data)
      size += data.length
      // Bounded: each turn takes one whole request off the front, or waits for more bytes.
      for (let guard = 0; guard < 64; guard++) {
        if (requestSize === undefined) {
          const buffered = joined()
          const end = buffered.indexOf('\r\n\r\n')
          if (end < 0) {
            if (size > MAX_REQUEST_HEAD) socket.destroy()
            return
          }
          head = buffered.subarray(0, end).toString('latin1')
          requestSize = end + 4 + Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
        }
        if (size < requestSize) return
        const buffered = joined()
        const body = buffered.subarray(head.length + 4, requestSize).toString('utf8')
        chunks = [buffered.subarray(requestSize)]
        size -= requestSize
        requestSize = undefined
        const exchange: Exchange = {
          connection,
          index: exchanges.length,
          indexOnConnection: connection.requests++,
          head,
          body,
          write: (pieces, delayMs = 0) => writeChunks(socket, pieces, delayMs),
        }
        exchanges.push(exchange)
        void Promise.resolve()
          .then(() => server.answer(exchange))
          .catch(() => socket.destroy())
        if (size === 0) return
      }
    })
    socket.on('end', () => {
      connection.clientClosed = true
      // The client is done sending; a server that still owes bytes writes them, then closes its side.
      if (!socket.writableEnded) socket.end()
    })
    socket.on('error', () => {
      connection.clientClosed = true
    })
    socket.on('close', () => {
      connection.closed = true
    })
  }
  const listener: Server = tls ? createTlsServer(tls, onSocket) : createTcpServer(onSocket)
  // A TLS handshake the client refuses (an untrusted certificate) is no failure of the server.
  listener.on('tlsClientError', () => {})
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const port = (listener.address() as AddressInfo).port
  const server: RawServer = {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/`,
    port,
    connections,
    exchanges,
    answer,
    close: async () => {
      for (const connection of connections) connection.socket.destroy()
      await new Promise<void>((resolve) => listener.close(() => resolve()))
    },
  }
  return server
}

function writeChunks(socket: Socket, chunks: readonly (string | Uint8Array)[], delayMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let next = 0
    const step = () => {
      if (next >= chunks.length || socket.destroyed || socket.writableEnded) return resolve()
      socket.write(chunks[next++] as string | Uint8Array)
      if (next >= chunks.length) return resolve()
      if (delayMs > 0) setTimeout(step, delayMs)
      else setImmediate(step)
    }
    step()
  })
}

/**
 * Splits bytes at the given offsets (sorted, deduplicated, clamped to the ends).
 *
 * @example
 * splitAt(Buffer.from('abcdef'), [1, 4]) // ['a', 'bcd', 'ef'] as buffers
 */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((offset) => offset > 0 && offset < bytes.length))].sort((a, b) => a - b)
  const pieces: Uint8Array[] = []
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(start, cut))
    start = cut
  }
  return pieces
}
