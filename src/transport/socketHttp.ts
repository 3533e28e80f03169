import type * as NodeHttp from 'node:http'
import type * as NodeNet from 'node:net'
import type * as NodeTls from 'node:tls'
import { abortError } from '../errors/abortError.js'
import { InvalidArgumentError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import { importNodeBuiltin, loadNodeHttp } from './loadOnFirstRequest.js'
import { readOwnNodeRequests, type NodeRequests } from './readOwnNodeRequests.js'
import { HttpResponseReader } from './readHttpResponse.js'
import { requestTarget, type RequestTarget } from './requestTarget.js'
import type { HttpFn, HttpRequest, HttpResponse } from './types.js'

/** Connections open at once to one origin; more requests wait for one to free. */
const MAX_CONNECTIONS = 64
/** How long an idle connection is reused when the server doesn't say (undici's default). */
const DEFAULT_IDLE_MS = 4_000
/** A server's `Keep-Alive: timeout=` is trusted up to this, less a second for the race. */
const MAX_IDLE_MS = 600_000

interface NodeModules {
  net: typeof NodeNet
  http: typeof NodeHttp
  tls?: typeof NodeTls
  https?: typeof NodeHttp
}

/**
 * An HttpFn that speaks HTTP/1.1 itself over `node:net` and `node:tls` sockets, with a
 * keep-alive pool per origin: about half the CPU of `node:http` and a quarter of `fetch` per
 * request. The response is read by `HttpResponseReader` (strict framing, bounded head and
 * body). A redirect is returned as it is, never followed. When `http.request` or
 * `https.request` is not Node's own (msw, nock or an APM agent patched it), or Node is told to
 * use the proxy in the environment (`NODE_USE_ENV_PROXY=1`, `--use-env-proxy`), requests go
 * through `node:http` instead, so that the instrumentation or the proxy still sees them. A request whose
 * pooled connection turns out closed by the server before any byte of the answer is sent once
 * more on a new connection (what `node:http`'s agent leaves to the caller).
 *
 * @param ownRequests Node's own `http.request` and `https.request`, compared by identity with the
 *   current ones at each request; by default those read now, else (before Node 20.16) those found
 *   when this transport first loads `node:http`
 * @example
 * const http = createSocketHttp()
 * const response = await http({ url, headers: {}, body: '{}', timeoutMs: 5_000, maxResponseBytes: 1 << 20 })
 */
export function createSocketHttp(ownRequests: NodeRequests | undefined = readOwnNodeRequests()): HttpFn {
  let modules: NodeModules | undefined
  let loading: Promise<NodeModules> | undefined
  const pools = new Map<string, Pool>()
  let closed = false

  const load = async (secure: boolean): Promise<NodeModules> => {
    try {
      loading ??= Promise.all([importNodeBuiltin<typeof NodeNet>('net'), importNodeBuiltin<typeof NodeHttp>('http')]).then(
        ([net, http]) => ({ net, http }),
      )
      const loaded = await loading
      if (secure && loaded.tls === undefined) {
        ;[loaded.tls, loaded.https] = await Promise.all([
          importNodeBuiltin<typeof NodeTls>('tls'),
          importNodeBuiltin<typeof NodeHttp>('https'),
        ])
      }
      ownRequests = { http: ownRequests?.http ?? loaded.http.request, https: ownRequests?.https ?? loaded.https?.request }
      return (modules = loaded)
    } catch (error) {
      loading = undefined
      throw new InvalidArgumentError(
        "transport 'node' needs node:net and node:tls, which this runtime cannot load: use transport 'fetch'",
        { cause: error },
      )
    }
  }

  const viaNodeHttp = loadNodeHttp()

  // Node 24's proxy support from the environment lives in node:http and fetch, not in sockets.
  const envProxy = process.env['NODE_USE_ENV_PROXY'] === '1' || process.execArgv.includes('--use-env-proxy')
  const dispatch = (loaded: NodeModules, target: RequestTarget, request: HttpRequest): Promise<HttpResponse> => {
    const patchable = target.secure ? loaded.https : loaded.http
    const own = target.secure ? ownRequests?.https : ownRequests?.http
    if (envProxy || (patchable !== undefined && isInstrumented(patchable.request, own))) return viaNodeHttp(request)
    let pool = pools.get(target.origin)
    if (pool === undefined) {
      pools.set(target.origin, (pool = new Pool(loaded, target)))
      // A request that passed the client's check just before close(): answered, then its connection closed.
      if (closed) pool.close()
    }
    return new Promise<HttpResponse>((resolve, reject) => new Exchange(pool, request, target, resolve, reject).start())
  }

  const http: HttpFn = (request) => {
    let target: RequestTarget
    try {
      target = requestTarget(request.url)
    } catch (error) {
      return Promise.reject(error)
    }
    if (modules !== undefined && (!target.secure || modules.tls !== undefined)) return dispatch(modules, target, request)
    return load(target.secure).then((loaded) => dispatch(loaded, target, request))
  }
  http.close = () => {
    closed = true
    for (const pool of pools.values()) pool.close()
    viaNodeHttp.close?.()
  }
  return http
}

/**
 * Whether `request` is not Node's own: msw, nock or an APM agent replaced it after the SDK
 * loaded (by identity), or a shimmer-based agent (OpenTelemetry, Datadog) wrapped it before
 * (shimmer marks its wrappers `__wrapped`).
 */
function isInstrumented(request: unknown, own: unknown): boolean {
  return typeof request !== 'function' || request !== own || (request as { __wrapped?: unknown }).__wrapped === true
}

/**
 * The connections to one origin: idle ones are reused newest first, at most MAX_CONNECTIONS
 * open. One unref'd timer closes idle connections at their deadline; `close()` closes the
 * idle ones at once and every busy one once its response is read.
 */
class Pool {
  private readonly idle: Connection[] = []
  private readonly waiting: Exchange[] = []
  private open = 0
  private closing = false
  private timer: ReturnType<typeof setTimeout> | undefined
  private timerDue = Infinity

  constructor(
    private readonly modules: NodeModules,
    private readonly target: RequestTarget,
  ) {}

  /** Gives `exchange` a connection now, or when one frees. `fresh` skips idle ones. */
  acquire(exchange: Exchange, fresh = false) {
    const now = Date.now()
    for (let connection = fresh ? undefined : this.idle.pop(); connection !== undefined; connection = this.idle.pop()) {
      if (connection.idleUntil > now) return exchange.attach(connection)
      connection.socket.destroy()
    }
    if (this.open < MAX_CONNECTIONS) return exchange.attach(this.connect())
    this.waiting.push(exchange)
  }

  /** An exchange that gave up while waiting. */
  leave(exchange: Exchange) {
    const index = this.waiting.indexOf(exchange)
    if (index !== -1) this.waiting.splice(index, 1)
  }

  /** A connection whose response is whole, and that may carry another request. */
  release(connection: Connection, keepAliveSeconds: number | undefined): void {
    const next = this.waiting.shift()
    if (next !== undefined) return next.attach(connection)
    const idleMs = keepAliveSeconds === undefined ? DEFAULT_IDLE_MS : Math.min(keepAliveSeconds * 1000 - 1000, MAX_IDLE_MS)
    if (this.closing || !(idleMs > 0)) return void connection.socket.destroy()
    connection.idleUntil = Date.now() + idleMs
    // An idle connection doesn't keep the process alive.
    connection.socket.unref()
    this.idle.push(connection)
    this.armIdleTimer()
  }

  /** Closes idle connections now and busy ones after their response; waiting requests are still served. */
  close() {
    this.closing = true
    clearTimeout(this.timer)
    this.timer = undefined
    this.timerDue = Infinity
    for (const connection of this.idle.splice(0)) connection.socket.destroy()
  }

  /** Sets the pool's one timer to the earliest idle deadline (none when nothing is idle). */
  private armIdleTimer() {
    let due = Infinity
    for (const connection of this.idle) due = Math.min(due, connection.idleUntil)
    if (due === this.timerDue) return
    clearTimeout(this.timer)
    this.timer = undefined
    this.timerDue = due
    if (due === Infinity) return
    this.timer = setTimeout(() => this.closeExpired(), Math.max(due - Date.now(), 0))
    this.timer.unref()
  }

  private closeExpired() {
    this.timer = undefined
    this.timerDue = Infinity
    const now = Date.now()
    for (let index = this.idle.length - 1; index >= 0; index--) {
      const connection = this.idle[index] as Connection
      if (connection.idleUntil > now) continue
      this.idle.splice(index, 1)
      connection.socket.destroy()
    }
    this.armIdleTimer()
  }

  /** A connection closed, idle or not. */
  closed(connection: Connection) {
    this.open--
    const index = this.idle.indexOf(connection)
    if (index !== -1) this.idle.splice(index, 1)
    const next = this.waiting.shift()
    if (next !== undefined) next.attach(this.connect())
  }

  private connect(): Connection {
    this.open++
    const { net, tls } = this.modules
    const { hostname, port, secure } = this.target
    const socket =
      secure && tls !== undefined
        ? tls.connect({ host: hostname, port, ALPNProtocols: ['http/1.1'], ...(net.isIP(hostname) === 0 ? { servername: hostname } : {}) })
        : net.connect({ host: hostname, port })
    socket.setNoDelay(true)
    return new Connection(this, socket)
  }
}

class Connection {
  exchange: Exchange | undefined
  reader: HttpResponseReader | undefined
  /** Whether this connection carried a request before the current one. */
  reused = false
  idleUntil = 0
  private error: Error | undefined

  constructor(
    private readonly pool: Pool,
    readonly socket: NodeNet.Socket,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk))
    socket.on('error', (error: Error) => (this.error ??= error))
    socket.on('close', () => this.onClose())
  }

  private onData(chunk: Buffer) {
    const { exchange, reader } = this
    // Bytes nobody asked for: the connection is out of step.
    if (exchange === undefined || reader === undefined) return void this.socket.destroy()
    let response: HttpResponse | undefined
    try {
      response = reader.push(chunk)
    } catch (error) {
      return exchange.fail(error)
    }
    if (response === undefined) return
    this.exchange = undefined
    this.reader = undefined
    this.reused = true
    if (reader.reusable) this.pool.release(this, reader.keepAliveSeconds)
    else this.socket.destroy()
    exchange.complete(response)
  }

  private onClose() {
    this.pool.closed(this)
    const { exchange, reader } = this
    if (exchange === undefined || reader === undefined) return
    this.exchange = undefined
    if (this.reused && !reader.started) return exchange.retry()
    let response: HttpResponse
    try {
      // A body read to the close ends only at a clean one: a reset cuts it short.
      if (this.error !== undefined) throw this.error
      response = reader.end()
    } catch (error) {
      return exchange.fail(this.error ?? error)
    }
    exchange.complete(response)
  }
}

/** One request and its answer, over whichever connection the pool gives it. */
class Exchange {
  private connection: Connection | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopListening: (() => void) | undefined
  private settled = false
  private retried = false
  private readonly wire: string

  constructor(
    private readonly pool: Pool,
    private readonly request: HttpRequest,
    target: RequestTarget,
    private readonly resolve: (response: HttpResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.wire = requestText(target, request)
  }

  start() {
    const { signal, timeoutMs } = this.request
    if (signal?.aborted) return this.fail(abortError(signal.reason))
    if (timeoutMs > 0) this.timer = setTimeout(() => this.fail(new TimeoutError({ timeoutMs })), timeoutMs)
    if (signal !== undefined) this.stopListening = onAbort(signal, () => this.fail(abortError(signal.reason)))
    this.pool.acquire(this)
  }

  attach(connection: Connection): void {
    if (this.settled) return this.pool.release(connection, undefined)
    this.connection = connection
    connection.exchange = this
    connection.reader = new HttpResponseReader(this.request.maxResponseBytes, this.request.url)
    connection.socket.ref()
    connection.socket.write(this.wire, 'utf8')
  }

  /** The pooled connection was closed by the server before answering: once more, on a new one. */
  retry() {
    if (this.settled) return
    if (this.retried) return this.fail(new Error('connection closed before any response'))
    this.retried = true
    this.connection = undefined
    this.pool.acquire(this, true)
  }

  complete(response: HttpResponse) {
    if (this.settle()) this.resolve(response)
  }

  fail(error: unknown) {
    if (!this.settle()) return
    const connection = this.connection
    if (connection === undefined) this.pool.leave(this)
    else if (connection.exchange === this) {
      connection.exchange = undefined
      connection.socket.destroy()
    }
    this.reject(error)
  }

  private settle(): boolean {
    if (this.settled) return false
    this.settled = true
    clearTimeout(this.timer)
    this.stopListening?.()
    return true
  }
}

const UNSAFE_VALUE = /[\0\r\n]/
/** Set by the transport from the URL and the body; a caller's value is not sent. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection'])

/** The request head and body as one string, for one write. */
function requestText(target: RequestTarget, { headers, body }: HttpRequest): string {
  let head = `POST ${target.path} HTTP/1.1\r\n`
  let hasHost = false
  let hasAuthorization = false
  for (const name in headers) {
    const value = headers[name] as string
    const lower = name.toLowerCase()
    // The transport checked every header before; this keeps a bad one from splitting the request whatever the caller.
    if (UNSAFE_VALUE.test(value) || UNSAFE_VALUE.test(name) || OWN_HEADERS.has(lower)) continue
    if (lower === 'host') hasHost = true
    else if (lower === 'authorization') hasAuthorization = true
    head += `${name}: ${value}\r\n`
  }
  if (!hasHost) head += `host: ${target.host}\r\n`
  if (target.auth !== undefined && !hasAuthorization) head += `authorization: Basic ${Buffer.from(target.auth).toString('base64')}\r\n`
  return `${head}content-length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`
}
