import { InvalidArgumentError } from '../errors/request.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'
import { createFetchHttp } from './fetchHttp.js'
import { loadNodeHttp, loadOnFirstRequest } from './loadOnFirstRequest.js'
import { readOwnNodeRequests } from './readOwnNodeRequests.js'
import type { FetchFn, HttpFn } from './types.js'

/**
 * How requests go out:
 * - `'node'`: in Node.js, the SDK's own HTTP/1.1 client on `node:net`/`node:tls` sockets with a
 *   keep-alive pool (through `node:http` while something such as msw or an APM agent patches
 *   `http.request`); in other runtimes, their `node:http`;
 * - `'node-http'`: `node:http`/`node:https` with keep-alive agents, always;
 * - `'fetch'`: `fetch`;
 * - `'auto'`: `'node-http'` in Node.js itself, `'fetch'` everywhere else (chosen by measurement:
 *   at 20 and 80 ms round trips the socket client's throughput is within noise of `node:http`'s,
 *   its gain about 150 µs of client CPU per request; `npm run bench:latency`, docs/choices.md).
 *
 * @example
 * new ChainxClient({ graphqlUrl, transport: 'fetch' }) // e.g. to let a fetch interceptor see every request
 */
export type TransportKind = 'auto' | 'node' | 'node-http' | 'fetch'

const KINDS: readonly unknown[] = ['auto', 'node', 'node-http', 'fetch'] satisfies TransportKind[]

/**
 * Picks the HttpFn for the `transport` and `fetch` options. `'auto'` takes an injected `fetch`
 * when given, else `node:http` keep-alive where the runtime is Node.js itself (not Bun, Deno or an edge
 * runtime, which answer `process.versions.node` too), else the global `fetch`. Throws
 * `InvalidArgumentError` for an unknown kind, or for `'node'` together with `fetch`.
 *
 * @example
 * const http = selectHttp({ transport: 'fetch' }) // the global fetch, in any runtime
 */
export function selectHttp(options: { transport?: TransportKind | undefined; fetch?: FetchFn | undefined }): HttpFn {
  const kind = options.transport ?? 'auto'
  if (!KINDS.includes(kind)) {
    throw new InvalidArgumentError(`transport must be 'auto', 'node', 'node-http' or 'fetch', got ${JSON.stringify(kind) ?? String(kind)}`)
  }
  if ((kind === 'node' || kind === 'node-http') && options.fetch !== undefined) {
    throw new InvalidArgumentError(`transport '${kind}' sends over Node's sockets and would ignore the fetch option: give one of them`)
  }
  if (options.fetch !== undefined) return createFetchHttp(options.fetch)
  const inNode = isNodeRuntime()
  // Elsewhere 'node' means the runtime's own node:http (Bun, Deno, workerd with nodejs_compat):
  // the socket transport is a speed-up for Node.js, measured there only.
  if (kind === 'node-http' || (kind === 'node' && !inNode) || (kind === 'auto' && inNode)) {
    return loadNodeHttp()
  }
  if (kind === 'node') {
    // Node's own request functions as they are now, before a test's msw or nock patches them.
    const own = readOwnNodeRequests()
    return loadOnFirstRequest(() => import('./socketHttp.js').then((module) => module.createSocketHttp(own)))
  }
  return createFetchHttp(globalFetch)
}

function globalFetch(input: string, init: RequestInit): Promise<Response> {
  if (typeof globalThis.fetch !== 'function') {
    throw new InvalidArgumentError('This runtime has no global fetch: pass one in the fetch option')
  }
  return globalThis.fetch(input, init)
}
