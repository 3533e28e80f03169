import type * as NodeHttp from 'node:http'
import { abortError } from '../errors/request.js'
import type { ChainxError } from '../errors/ChainxError.js'
import { InvalidArgumentError, ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import { requestTarget, type RequestTarget } from './requestTarget.js'
import type { HttpFn, HttpRequest, HttpResponse } from './types.js'

/** `node:http` or `node:https`, with its keep-alive agent. */
interface NodeClient {
  module: typeof NodeHttp
  agent: NodeHttp.Agent
}

type Scheme = 'http' | 'https'

const modules = new Map<Scheme, Promise<typeof NodeHttp>>()

// Each module is loaded when a request first needs it: https (and TLS) only for an https URL.
function loadModule(name: Scheme): Promise<typeof NodeHttp> {
  const loaded = modules.get(name)
  if (loaded !== undefined) return loaded
  const module = importNodeBuiltin<typeof NodeHttp>(name).catch((error: unknown) => {
    modules.delete(name)
    throw new InvalidArgumentError(`transport 'node-http' needs node:${name}, which this runtime cannot load: use transport 'fetch'`, {
      cause: error,
    })
  })
  modules.set(name, module)
  return module
}

/**
 * An HttpFn over `node:http`/`node:https` with keep-alive agents. Against a local server
 * it costs about half the latency and 40% of the CPU of Node's global `fetch`. It never
 * follows a redirect, and refuses a body over `maxResponseBytes` (by its `Content-Length`
 * up front, else counted as it arrives) by destroying the socket, as it does on the time limit
 * and on the caller's abort.
 *
 * @example
 * const http = createNodeHttp()
 * const response = await http({ url, headers: {}, body: '{}', timeoutMs: 5_000, maxResponseBytes: 1 << 20 })
 */
export function createNodeHttp(): HttpFn {
  // The agents are this HttpFn's own (one client's), so that closing it closes their connections.
  const ready = new Map<Scheme, NodeClient>()
  let closed = false
  const clientOf = async (scheme: Scheme): Promise<NodeClient> => {
    const module = await loadModule(scheme)
    let client = ready.get(scheme)
    if (client === undefined) {
      client = { module, agent: new module.Agent({ keepAlive: !closed, keepAliveMsecs: 1_000, maxSockets: 64 }) }
      ready.set(scheme, client)
    }
    return client
  }
  const http: HttpFn = (request) => {
    let target: Target
    try {
      target = targetOf(request.url)
    } catch (error) {
      return Promise.reject(error)
    }
    const client = ready.get(target.scheme)
    return client ? send(client, target.options, request) : clientOf(target.scheme).then((loaded) => send(loaded, target.options, request))
  }
  http.close = () => {
    closed = true
    // Idle sockets close now; a busy one is not kept alive after its response (the agent no longer pools).
    for (const { agent } of ready.values()) {
      ;(agent as NodeHttp.Agent & { keepAlive: boolean }).keepAlive = false
      for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy()
    }
  }
  return http
}

interface Target {
  scheme: Scheme
  options: NodeHttp.RequestOptions
}

/** node:http's options per parsed endpoint, built once. */
const targets = new WeakMap<RequestTarget, Target>()

function targetOf(url: string): Target {
  const parsed = requestTarget(url)
  let target = targets.get(parsed)
  if (target) return target
  const options: NodeHttp.RequestOptions = {
    protocol: parsed.secure ? 'https:' : 'http:',
    hostname: parsed.hostname,
    port: parsed.port,
    path: parsed.path,
  }
  if (parsed.auth !== undefined) options.auth = parsed.auth
  target = { scheme: parsed.secure ? 'https' : 'http', options }
  targets.set(parsed, target)
  return target
}

function send(
  client: NodeClient,
  target: NodeHttp.RequestOptions,
  { url, headers, body, signal, timeoutMs, maxResponseBytes }: HttpRequest,
): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal.reason))
    const req = client.module.request(
      {
        ...target,
        method: 'POST',
        agent: client.agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body, 'utf8')) },
      },
      (res) => {
        const declared = Number(res.headers['content-length'])
        if (declared > maxResponseBytes) return tooLarge(declared)
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxResponseBytes) return tooLarge(size)
          chunks.push(chunk)
        })
        res.on('error', fail)
        res.on('aborted', () => fail(new Error('response aborted')))
        res.on('end', () => {
          if (settled) return
          const responseHeaders: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value
          }
          let text: string
          try {
            // A body in one chunk (the usual case for a page) is decoded without a copy.
            text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8')
          } catch {
            // Past V8's longest string (when the limit was lifted): a typed error, never an uncaught throw.
            return tooLarge(size)
          }
          chunks.length = 0
          settle()
          resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: text })
        })
      },
    )
    let settled = false
    // One timer and, for a caller's signal, one entry in its shared listener: nothing else per request.
    const timer = timeoutMs > 0 ? setTimeout(() => abort(new TimeoutError({ timeoutMs })), timeoutMs) : undefined
    const stopListening = signal ? onAbort(signal, () => abort(abortError(signal.reason))) : undefined
    function abort(error: ChainxError) {
      fail(error)
      req.destroy()
    }
    function settle() {
      settled = true
      clearTimeout(timer)
      stopListening?.()
    }
    function fail(error: unknown) {
      if (settled) return
      settle()
      reject(error)
    }
    function tooLarge(received: number) {
      fail(new ResponseTooLargeError({ limit: maxResponseBytes, received, url }))
      req.destroy()
    }
    req.on('error', fail)
    // A string body goes out in one write with the headers.
    req.end(body, 'utf8')
  })
}

/**
 * A Node built-in module's CommonJS object (on which instrumentation patches `request`), by a
 * computed specifier so that browser bundlers never try to resolve it.
 *
 * @example
 * const net = await importNodeBuiltin<typeof import('node:net')>('net')
 */
// Not through lazyChunk: a built-in is no chunk to fetch again (a runtime without it never
// gains it), and it is imported only inside the Node transports' chunks, whose loader
// (`loadOnFirstRequest`) reports the failure and retries.
export async function importNodeBuiltin<T>(name: string): Promise<T> {
  const prefix = 'node:'
  return ((await import(/* @vite-ignore */ `${prefix}${name}`)) as { default: T }).default
}
