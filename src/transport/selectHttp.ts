import { InvalidArgumentError } from '../errors/request.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'
import { createFetchHttp } from './fetchHttp.js'
import type { FetchFn, HttpFn } from './types.js'

/**
 * How requests go out: `'node'` over `node:http`/`node:https` with keep-alive agents, `'fetch'`
 * over `fetch`, `'auto'` the first in Node.js itself and the second everywhere else.
 *
 * @example
 * new ChainxClient({ graphqlUrl, transport: 'fetch' }) // e.g. to let a fetch interceptor see every request
 */
export type TransportKind = 'auto' | 'node' | 'fetch'

const KINDS: readonly unknown[] = ['auto', 'node', 'fetch'] satisfies TransportKind[]

/**
 * Picks the HttpFn for the `transport` and `fetch` options. `'auto'` takes an injected `fetch`
 * when given, else `node:http` where the runtime is Node.js itself (not Bun, Deno or an edge
 * runtime, which answer `process.versions.node` too), else the global `fetch`. Throws
 * `InvalidArgumentError` for an unknown kind, or for `'node'` together with `fetch`.
 *
 * @example
 * const http = selectHttp({ transport: 'fetch' }) // the global fetch, in any runtime
 */
export function selectHttp(options: { transport?: TransportKind | undefined; fetch?: FetchFn | undefined }): HttpFn {
  const kind = options.transport ?? 'auto'
  if (!KINDS.includes(kind)) {
    throw new InvalidArgumentError(`transport must be 'auto', 'node' or 'fetch', got ${JSON.stringify(kind) ?? String(kind)}`)
  }
  if (kind === 'node' && options.fetch !== undefined) {
    throw new InvalidArgumentError("transport 'node' sends over node:http and would ignore the fetch option: give one of them")
  }
  if (options.fetch !== undefined) return createFetchHttp(options.fetch)
  if (kind === 'node' || (kind === 'auto' && isNodeRuntime())) return loadNodeHttp()
  return createFetchHttp(globalFetch)
}

// The node:http transport is its own chunk, loaded with the first request, so browser bundles
// never carry it.
function loadNodeHttp(): HttpFn {
  let loaded: HttpFn | undefined
  let loading: Promise<HttpFn> | undefined
  return (request) => {
    if (loaded) return loaded(request)
    loading ??= import('./nodeHttp.js').then((module) => (loaded = module.createNodeHttp()))
    return loading.then((send) => send(request))
  }
}

function globalFetch(input: string, init: RequestInit): Promise<Response> {
  if (typeof globalThis.fetch !== 'function') {
    throw new InvalidArgumentError('This runtime has no global fetch: pass one in the fetch option')
  }
  return globalThis.fetch(input, init)
}
