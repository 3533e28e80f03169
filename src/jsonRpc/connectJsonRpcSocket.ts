import { ChainxError } from '../errors/ChainxError.js'
import { JsonRpcError, SocketClosedError } from '../errors/jsonRpc.js'
import { InvalidResponseError, TimeoutError } from '../errors/request.js'
import { isRecord } from '../utils/isRecord.js'
import { jsonText } from '../utils/jsonText.js'
import { redactUrl } from '../utils/redactUrl.js'
import type { WebSocketConstructor, WebSocketLike } from './webSocketTypes.js'

// Frames arrive over the connection the 101 Switching Protocols response opened.
const WEBSOCKET_STATUS = 101

/**
 * How the socket checks that the server still answers.
 *
 * @example
 * const heartbeat: HeartbeatOptions = { intervalMs: 15_000, timeoutMs: 10_000, method: 'chainx_unsubscribeEvent', params: [-1] }
 */
export interface HeartbeatOptions {
  /** Time between two probes, in ms. */
  intervalMs: number
  /** A probe with no answer (and no other frame) within this many ms means the socket is dead. */
  timeoutMs: number
  /** The cheap JSON-RPC call sent as a probe; any answer, even an error, proves the socket alive. */
  method: string
  /** Its params. */
  params: readonly unknown[]
}

/**
 * Options of `connectJsonRpcSocket` (all required: the subscription client fills them in).
 *
 * @example
 * const options: JsonRpcSocketOptions = {
 *   url: 'ws://127.0.0.1:9001', WebSocket, connectTimeoutMs: 10_000, callTimeoutMs: 30_000, heartbeat: false,
 *   onNotification: route, onLost: reconnect, onError: report,
 * }
 */
export interface JsonRpcSocketOptions {
  /** The WebSocket endpoint, {ws_url}. */
  url: string
  /** The WebSocket class (see `loadWebSocket`). */
  WebSocket: WebSocketConstructor
  /** The connect attempt fails (and the half-open socket is dropped) after this many ms. */
  connectTimeoutMs: number
  /** A call with no answer after this many ms rejects with `TimeoutError`. */
  callTimeoutMs: number
  /** Heartbeat settings; `false` sends none. */
  heartbeat: HeartbeatOptions | false
  /** Aborting it while connecting drops the attempt. */
  signal?: AbortSignal | undefined
  /** A notification frame (no `id`), in arrival order, synchronously. */
  onNotification: (method: string, params: unknown) => void
  /** The socket is gone without `close()` being called (server close, network fault, dead heartbeat, `terminate`). Called once. */
  onLost: (error: SocketClosedError) => void
  /** A frame that belongs to no call: malformed JSON, or an error with `id: null` while several calls wait. */
  onError: (error: ChainxError) => void
}

/**
 * One open JSON-RPC 2.0 connection over a WebSocket. It never reconnects by itself.
 *
 * @example
 * const id = await socket.call('chainx_subscribeEvent', [{ All: [] }])
 * socket.close()
 */
export interface JsonRpcSocket {
  /** Sends `{"jsonrpc":"2.0","id":<n>,"method","params"}` and resolves with `result` (rejects with `JsonRpcError`, `TimeoutError` or `SocketClosedError`). */
  call(method: string, params: readonly unknown[]): Promise<unknown>
  /** Closes with code 1000 and rejects pending calls; `onLost` is not called. */
  close(): void
  /** Drops the connection at once (no close handshake) and reports it through `onLost`. */
  terminate(reason: string): void
  /** Whether `close` or `terminate` ran or the socket was lost. */
  readonly closed: boolean
}

const CLOSED = 3
const CLOSE_GRACE_MS = 1_000

/**
 * Opens a WebSocket and speaks JSON-RPC 2.0 on it. Calls get integer ids and resolve by
 * id; every pending call is rejected with `SocketClosedError` as soon as the socket
 * closes, and with `TimeoutError` after `callTimeoutMs`. An error frame with `id: null`
 * (rate limit, server time-out, parse error) rejects the pending call when exactly one
 * waits, and goes to `onError` otherwise. Notifications go to `onNotification` in order.
 * With a heartbeat, a probe call is sent every `intervalMs`; when neither its answer nor
 * any other frame arrives within `timeoutMs` the socket is terminated and `onLost` fires.
 * The connect attempt itself fails after `connectTimeoutMs` instead of hanging.
 *
 * @example
 * const socket = await connectJsonRpcSocket({
 *   url: 'ws://127.0.0.1:9001', WebSocket: await loadWebSocket(), connectTimeoutMs: 10_000, callTimeoutMs: 30_000,
 *   heartbeat: { intervalMs: 15_000, timeoutMs: 10_000, method: 'chainx_unsubscribeEvent', params: [-1] },
 *   onNotification: (method, params) => console.log(method, params), onLost: console.warn, onError: console.warn,
 * })
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
    const fail = (error: SocketClosedError) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
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
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve(new OpenJsonRpcSocket(socket, options))
    }
  })
}

interface PendingCall {
  method: string
  resolve: (result: unknown) => void
  reject: (error: unknown) => void
  timer: ReturnType<typeof setTimeout>
}

class OpenJsonRpcSocket implements JsonRpcSocket {
  readonly #socket: WebSocketLike
  readonly #options: JsonRpcSocketOptions
  readonly #pending = new Map<number, PendingCall>()
  readonly #heartbeatTimer: ReturnType<typeof setInterval> | undefined
  #lastId = 0
  #framesReceived = 0
  #probing = false
  #closed = false

  constructor(socket: WebSocketLike, options: JsonRpcSocketOptions) {
    this.#socket = socket
    this.#options = options
    socket.onmessage = (event) => this.#onFrame(event.data)
    socket.onerror = () => {}
    socket.onclose = (event) => {
      const reason = `code ${event.code ?? 'unknown'}${event.reason ? ` (${event.reason})` : ''}`
      this.#lose(new SocketClosedError({ reason }))
    }
    const { heartbeat } = options
    if (heartbeat !== false) {
      this.#heartbeatTimer = setInterval(() => this.#probe(heartbeat), heartbeat.intervalMs)
      unrefTimer(this.#heartbeatTimer)
    }
  }

  get closed(): boolean {
    return this.#closed
  }

  call(method: string, params: readonly unknown[], timeoutMs = this.#options.callTimeoutMs): Promise<unknown> {
    if (this.#closed) return Promise.reject(new SocketClosedError({ reason: `${method} not sent: the socket is closed` }))
    this.#lastId = this.#lastId >= Number.MAX_SAFE_INTEGER ? 1 : this.#lastId + 1
    const id = this.#lastId
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(new TimeoutError({ timeoutMs, details: `${method} got no answer` }))
      }, timeoutMs)
      this.#pending.set(id, { method, resolve, reject, timer })
      try {
        this.#socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      } catch (cause) {
        clearTimeout(timer)
        this.#pending.delete(id)
        reject(new SocketClosedError({ reason: `${method} not sent`, cause }))
      }
    })
  }

  close(): void {
    if (this.#closed) return
    this.#finish(new SocketClosedError({ reason: 'closed by client' }))
    const socket = this.#socket
    const grace = setTimeout(() => dropSocket(socket), CLOSE_GRACE_MS)
    socket.onclose = () => clearTimeout(grace)
    try {
      socket.close(1000, 'client closed')
    } catch {
      clearTimeout(grace)
      dropSocket(socket)
    }
    if (socket.readyState === CLOSED) clearTimeout(grace)
  }

  terminate(reason: string): void {
    if (this.#closed) return
    dropSocket(this.#socket)
    this.#lose(new SocketClosedError({ reason }))
  }

  #lose(error: SocketClosedError): void {
    if (this.#closed) return
    this.#finish(error)
    this.#options.onLost(error)
  }

  #finish(error: SocketClosedError): void {
    this.#closed = true
    if (this.#heartbeatTimer !== undefined) clearInterval(this.#heartbeatTimer)
    detach(this.#socket)
    const pending = [...this.#pending.values()]
    this.#pending.clear()
    for (const call of pending) {
      clearTimeout(call.timer)
      call.reject(error)
    }
  }

  #probe(heartbeat: HeartbeatOptions): void {
    if (this.#closed || this.#probing) return
    this.#probing = true
    const framesBefore = this.#framesReceived
    this.call(heartbeat.method, heartbeat.params, heartbeat.timeoutMs).then(
      () => {
        this.#probing = false
      },
      (error: unknown) => {
        this.#probing = false
        if (error instanceof TimeoutError && this.#framesReceived === framesBefore) {
          this.terminate(`no answer to the heartbeat within ${heartbeat.timeoutMs} ms`)
        }
      },
    )
  }

  #onFrame(data: unknown): void {
    if (this.#closed) return
    this.#framesReceived++
    let message: unknown
    const text = frameText(data)
    try {
      message = JSON.parse(text)
    } catch (cause) {
      this.#options.onError(
        new InvalidResponseError({ status: WEBSOCKET_STATUS, body: text, reason: 'WebSocket frame is not JSON', cause }),
      )
      return
    }
    if (!isRecord(message)) {
      this.#options.onError(
        new InvalidResponseError({ status: WEBSOCKET_STATUS, body: text, reason: 'WebSocket frame is not a JSON-RPC object' }),
      )
      return
    }
    if (typeof message.method === 'string' && message.id === undefined) {
      this.#options.onNotification(message.method, message.params)
      return
    }
    if (message.id === null) {
      this.#onUnaddressedError(message.error)
      return
    }
    const call = typeof message.id === 'number' ? this.#pending.get(message.id) : undefined
    if (call === undefined) return
    this.#pending.delete(message.id as number)
    clearTimeout(call.timer)
    if (message.error !== undefined) call.reject(toJsonRpcError(message.error, call.method))
    else call.resolve(message.result)
  }

  #onUnaddressedError(error: unknown): void {
    if (this.#pending.size === 1) {
      const [[id, call]] = [...this.#pending.entries()] as [[number, PendingCall]]
      this.#pending.delete(id)
      clearTimeout(call.timer)
      call.reject(toJsonRpcError(error, call.method))
      return
    }
    this.#options.onError(toJsonRpcError(error, '(unknown: error frame with id null)'))
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

function unrefTimer(timer: unknown): void {
  const handle = timer as { unref?: () => void }
  handle.unref?.()
}

/**
 * The WebSocket constructor's error for a URL it refuses quotes that URL, credentials and all
 * (`Invalid URL: ws://user:pass@…`): the same error, quoting `shown` instead.
 */
function quotingOnly(cause: unknown, url: string, shown: string): unknown {
  if (!(cause instanceof Error) || !cause.message.includes(url)) return cause
  const safe = new Error(cause.message.split(url).join(shown))
  safe.name = cause.name
  return safe
}
