import { ChainxError } from '../errors/ChainxError.js'
import { JsonRpcError, SocketClosedError } from '../errors/jsonRpc.js'
import { InvalidResponseError, TimeoutError } from '../errors/request.js'
import { isRecord } from '../utils/isRecord.js'
import { jsonText } from '../utils/jsonText.js'
import { redactUrl } from '../utils/redactUrl.js'
import type { WebSocketConstructor, WebSocketLike } from './webSocketTypes.js'

// The HTTP status of a WebSocket's responses: 101 Switching Protocols.
const WEBSOCKET_STATUS = 101
const CLOSED = 3
const CLOSE_GRACE_MS = 1_000
/** The heartbeat probe: an unsubscribe of id -1, which the service answers `false` (any answer proves the socket alive). */
const HEARTBEAT_METHOD = 'chainx_unsubscribeEvent'

/** Options of `connectJsonRpcSocket` (the subscription machine fills them all in). */
export interface JsonRpcSocketOptions {
  /** The WebSocket endpoint, {ws_url}. */
  url: string
  WebSocket: WebSocketConstructor
  /** The connect attempt fails (and the half-open socket is dropped) after this many ms. */
  connectTimeoutMs: number
  /** A call with no answer after this many ms rejects with `TimeoutError`. */
  callTimeoutMs: number
  /** A probe every `intervalMs`; no answer (and no other frame) within `timeoutMs` means the socket is dead. `false`: none. */
  heartbeat: { intervalMs: number; timeoutMs: number } | false
  /** Aborting it while connecting drops the attempt. */
  signal?: AbortSignal | undefined
  /** A notification frame (no `id`), in arrival order, synchronously. */
  onNotification: (method: string, params: unknown) => void
  /** The socket is gone without `close()` being called (server close, network fault, dead heartbeat, `terminate`). Called once. */
  onLost: (error: SocketClosedError) => void
  /** A frame that belongs to no call: malformed JSON, or an error with `id: null` while several calls wait. */
  onError: (error: ChainxError) => void
}

/** One open JSON-RPC 2.0 connection over a WebSocket. It never reconnects by itself. */
export type JsonRpcSocket = ReturnType<typeof openSocket>

/**
 * Opens a WebSocket and speaks JSON-RPC 2.0 on it. Calls resolve by id and reject with
 * `SocketClosedError` as soon as the socket closes, or `TimeoutError` after `callTimeoutMs`. An
 * error frame with `id: null` (rate limit, server time-out) rejects the pending call when exactly
 * one waits, and goes to `onError` otherwise. Connecting fails after `connectTimeoutMs`.
 *
 * @example
 * const socket = await connectJsonRpcSocket({ url, WebSocket, connectTimeoutMs, callTimeoutMs, heartbeat: false, onNotification, onLost, onError })
 * const subscriptionId = await socket.call('chainx_subscribeEvent', [{ All: [] }])
 */
export function connectJsonRpcSocket(options: JsonRpcSocketOptions): Promise<JsonRpcSocket> {
  return new Promise((resolve, reject) => {
    const { url, signal } = options
    // Messages name the endpoint without its credentials (`?apiKey=`, `user:pass@`).
    const shownUrl = redactUrl(url)
    if (signal?.aborted) return reject(new SocketClosedError({ reason: 'closed by client' }))
    let socket: WebSocketLike
    try {
      socket = new options.WebSocket(url)
    } catch (cause) {
      return reject(new SocketClosedError({ reason: `cannot connect to ${shownUrl}`, cause: quotingOnly(cause, url, shownUrl) }))
    }
    let lastError: unknown
    const settle = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const fail = (error: SocketClosedError) => {
      settle()
      detach(socket)
      dropSocket(socket)
      reject(error)
    }
    const onAbort = () => fail(new SocketClosedError({ reason: 'closed by client' }))
    const timer = setTimeout(
      () => fail(new SocketClosedError({ reason: `no connection to ${shownUrl} within ${options.connectTimeoutMs} ms` })),
      options.connectTimeoutMs,
    )
    signal?.addEventListener('abort', onAbort, { once: true })
    socket.onerror = (event) => {
      lastError = (event as { error?: unknown }).error ?? event
    }
    socket.onclose = (event) =>
      fail(new SocketClosedError({ reason: `connecting to ${shownUrl} failed (code ${event.code ?? 'unknown'})`, cause: lastError }))
    socket.onopen = () => {
      settle()
      resolve(openSocket(socket, options))
    }
  })
}

interface PendingCall {
  method: string
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
  timer: ReturnType<typeof setTimeout>
}

function openSocket(socket: WebSocketLike, options: JsonRpcSocketOptions) {
  const pending = new Map<number, PendingCall>()
  let lastId = 0
  let framesReceived = 0
  let probing = false
  let closed = false

  const take = (id: number): PendingCall | undefined => {
    const call = pending.get(id)
    pending.delete(id)
    if (call !== undefined) clearTimeout(call.timer)
    return call
  }
  /** Sends `{"jsonrpc":"2.0","id":<n>,"method","params"}` and resolves with `result` (rejects with `JsonRpcError`, `TimeoutError` or `SocketClosedError`). */
  const call = (method: string, params: readonly unknown[], timeoutMs = options.callTimeoutMs): Promise<unknown> => {
    if (closed) return Promise.reject(new SocketClosedError({ reason: `${method} not sent: the socket is closed` }))
    lastId = lastId >= Number.MAX_SAFE_INTEGER ? 1 : lastId + 1
    const id = lastId
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new TimeoutError({ timeoutMs, details: `${method} got no answer` }))
      }, timeoutMs)
      pending.set(id, { method, resolve, reject, timer })
      try {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      } catch (cause) {
        take(id)
        reject(new SocketClosedError({ reason: `${method} not sent`, cause }))
      }
    })
  }
  const finish = (error: SocketClosedError) => {
    closed = true
    clearInterval(heartbeatTimer)
    detach(socket)
    const calls = [...pending.keys()].map(take)
    for (const waiting of calls) waiting?.reject(error)
  }
  const lose = (error: SocketClosedError) => {
    if (closed) return
    finish(error)
    options.onLost(error)
  }
  /** Drops the connection at once (no close handshake) and reports it through `onLost`. */
  const terminate = (reason: string) => {
    if (closed) return
    dropSocket(socket)
    lose(new SocketClosedError({ reason }))
  }
  const probe = (timeoutMs: number) => {
    if (closed || probing) return
    probing = true
    const framesBefore = framesReceived
    call(HEARTBEAT_METHOD, [-1], timeoutMs).then(
      () => {
        probing = false
      },
      (error: unknown) => {
        probing = false
        if (error instanceof TimeoutError && framesReceived === framesBefore) {
          terminate(`no answer to the heartbeat within ${timeoutMs} ms`)
        }
      },
    )
  }
  const invalidFrame = (text: string, reason: string, cause?: unknown) =>
    options.onError(new InvalidResponseError({ status: WEBSOCKET_STATUS, body: text, reason, cause }))

  socket.onmessage = ({ data }) => {
    if (closed) return
    framesReceived++
    const text = frameText(data)
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch (cause) {
      return invalidFrame(text, 'WebSocket frame is not JSON', cause)
    }
    if (!isRecord(message)) return invalidFrame(text, 'WebSocket frame is not a JSON-RPC object')
    if (typeof message.method === 'string' && message.id === undefined) return options.onNotification(message.method, message.params)
    if (message.id === null) {
      const only = pending.size === 1 ? take([...pending.keys()][0] as number) : undefined
      if (only !== undefined) only.reject(toJsonRpcError(message.error, only.method))
      else options.onError(toJsonRpcError(message.error, '(unknown: error frame with id null)'))
      return
    }
    const answered = typeof message.id === 'number' ? take(message.id) : undefined
    if (message.error !== undefined) answered?.reject(toJsonRpcError(message.error, answered.method))
    else answered?.resolve(message.result)
  }
  socket.onerror = () => {}
  socket.onclose = (event) =>
    lose(new SocketClosedError({ reason: `code ${event.code ?? 'unknown'}${event.reason ? ` (${event.reason})` : ''}` }))
  const { heartbeat } = options
  const heartbeatTimer = heartbeat === false ? undefined : setInterval(() => probe(heartbeat.timeoutMs), heartbeat.intervalMs)
  heartbeatTimer?.unref?.()

  return {
    call,
    /** Whether `close` or `terminate` ran or the socket was lost. */
    get closed() {
      return closed
    },
    /** Closes with code 1000 and rejects pending calls; `onLost` is not called. */
    close(): void {
      if (closed) return
      finish(new SocketClosedError({ reason: 'closed by client' }))
      // A server that never completes the close handshake is dropped after a grace period.
      const grace = setTimeout(() => dropSocket(socket), CLOSE_GRACE_MS)
      socket.onclose = () => clearTimeout(grace)
      try {
        socket.close(1000, 'client closed')
      } catch {
        clearTimeout(grace)
        dropSocket(socket)
      }
      if (socket.readyState === CLOSED) clearTimeout(grace)
    },
    terminate,
  }
}

function toJsonRpcError(error: unknown, method: string): ChainxError {
  if (!isRecord(error) || typeof error.code !== 'number' || typeof error.message !== 'string') {
    return new InvalidResponseError({ status: WEBSOCKET_STATUS, body: jsonText(error), reason: `malformed JSON-RPC error for ${method}` })
  }
  return new JsonRpcError({ rpcCode: error.code, message: error.message, data: error.data, method })
}

function frameText(data: unknown): string {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data as ArrayBuffer)
  return String(data)
}

function detach(socket: WebSocketLike): void {
  socket.onopen = null
  socket.onmessage = null
  socket.onclose = null
  socket.onerror = () => {}
}

function dropSocket(socket: WebSocketLike): void {
  try {
    if (socket.terminate) socket.terminate()
    else socket.close()
  } catch {
    // already closed
  }
}

/** The WebSocket constructor's error quotes the URL it refuses, credentials and all: the same error, quoting `shown`. */
function quotingOnly(cause: unknown, url: string, shown: string): unknown {
  if (!(cause instanceof Error) || !cause.message.includes(url)) return cause
  const safe = new Error(cause.message.split(url).join(shown))
  safe.name = cause.name
  return safe
}
