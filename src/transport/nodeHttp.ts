import type * as NodeHttp from 'node:http'
import { abortError, InvalidArgumentError, ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import type { HttpFn, HttpRequest, HttpResponse } from './types.js'

type Scheme = 'http' | 'https'

/** `node:http` or `node:https`, with its keep-alive agent. */
interface NodeClient {
  module: typeof NodeHttp
  agent: NodeHttp.Agent
}

const modules = new Map<Scheme, Promise<typeof NodeHttp>>()

// Each module is loaded when a request first needs it: https (and TLS) only for an https URL.
// By a computed specifier, so that browser bundlers never try to resolve it.
function loadModule(name: Scheme): Promise<typeof NodeHttp> {
  let module = modules.get(name)
  if (module) return module
  const prefix = 'node:'
  module = import(/* @vite-ignore */ `${prefix}${name}`).then(
    (loaded: { default: typeof NodeHttp }) => loaded.default,
    (error: unknown) => {
      modules.delete(name)
      throw new InvalidArgumentError(`transport 'node-http' needs node:${name}, which this runtime cannot load: use transport 'fetch'`, {
        cause: error,
      })
    },
  )
  modules.set(name, module)
  return module
}

interface Target {
  scheme: Scheme
  options: NodeHttp.RequestOptions
}

/** node:http's options per endpoint URL, parsed once (a client has a few). */
const targets = new Map<string, Target>()

function targetOf(url: string): Target {
  let target = targets.get(url)
  if (target) return target
  const { protocol, hostname, port, pathname, search, username, password } = new URL(url)
  if (protocol !== 'http:' && protocol !== 'https:') throw new TypeError(`Only http: and https: URLs are supported, got ${protocol}`)
  const options: NodeHttp.RequestOptions = {
    protocol,
    // An IPv6 literal without its brackets.
    hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
    port: port === '' ? (protocol === 'https:' ? 443 : 80) : Number(port),
    path: `${pathname}${search}`,
  }
  if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`
  target = { scheme: protocol === 'https:' ? 'https' : 'http', options }
  if (targets.size >= 32) targets.clear()
  targets.set(url, target)
  return target
}

/**
 * An HttpFn over `node:http`/`node:https` with keep-alive agents. It never follows a redirect;
 * a body over `maxResponseBytes` (declared or counted), the time limit and the caller's abort
 * destroy the socket.
 */
export function createNodeHttp(): HttpFn {
  // The agents are this HttpFn's own (one client's), so that closing it closes their connections.
  const ready = new Map<Scheme, NodeClient>()
  let closed = false
  const http: HttpFn = (request) => {
    let target: Target
    try {
      target = targetOf(request.url)
    } catch (error) {
      return Promise.reject(error)
    }
    const { scheme, options } = target
    const client = ready.get(scheme)
    if (client) return send(client, options, request)
    return loadModule(scheme).then((module) => {
      let loaded = ready.get(scheme)
      if (!loaded) {
        loaded = { module, agent: new module.Agent({ keepAlive: !closed, keepAliveMsecs: 1_000, maxSockets: 64 }) }
        ready.set(scheme, loaded)
      }
      return send(loaded, options, request)
    })
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

function send(
  client: NodeClient,
  target: NodeHttp.RequestOptions,
  { url, headers, body, signal, timeoutMs, maxResponseBytes }: HttpRequest,
): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal.reason))
    let settled = false
    const fail = (error: unknown, destroy = false) => {
      if (!settled) {
        settled = true
        clearTimeout(timer)
        stopListening?.()
        reject(error)
      }
      if (destroy) req.destroy()
    }
    const tooLarge = (received: number) => fail(new ResponseTooLargeError({ limit: maxResponseBytes, received, url }), true)
    const req = client.module.request(
      { ...target, method: 'POST', agent: client.agent, headers: { ...headers, 'content-length': Buffer.byteLength(body, 'utf8') } },
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
          let text: string
          try {
            // A body in one chunk (the usual case for a page) is decoded without a copy.
            text = chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8')
          } catch {
            // Past V8's longest string (when the limit was lifted): a typed error, never an uncaught throw.
            return tooLarge(size)
          }
          settled = true
          clearTimeout(timer)
          stopListening?.()
          // Node joins repeated headers with ', ' but `set-cookie`, an array.
          const cookies = res.headers['set-cookie']
          if (cookies) (res.headers as Record<string, unknown>)['set-cookie'] = cookies.join(', ')
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: text })
        })
      },
    )
    // A plain timer and one entry in the caller's signal's shared listener: nothing else per request.
    const timer = timeoutMs > 0 ? setTimeout(() => fail(new TimeoutError({ timeoutMs }), true), timeoutMs) : undefined
    const stopListening = signal ? onAbort(signal, () => fail(abortError(signal.reason), true)) : undefined
    req.on('error', fail)
    // A string body goes out in one write with the headers.
    req.end(body, 'utf8')
  })
}
