import { isChainxError } from '../errors/ChainxError.js'
import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import { createFetchHttp } from './fetchHttp.js'
import type { FetchFn, HttpFn } from './types.js'

/**
 * How requests go out: `'node-http'` is `node:http`/`node:https` with keep-alive agents (the
 * runtime's `node:http` in Bun, Deno or workerd with nodejs_compat); `'fetch'` is `fetch`;
 * `'auto'` is `'node-http'` in Node.js itself and `'fetch'` everywhere else.
 *
 * @example
 * new ChainxClient({ graphqlUrl, transport: 'fetch' }) // e.g. to let a fetch interceptor see every request
 */
export type TransportKind = 'auto' | 'node-http' | 'fetch'

const KINDS: readonly unknown[] = ['auto', 'node-http', 'fetch'] satisfies TransportKind[]

/**
 * Picks the HttpFn for the `transport` and `fetch` options: an injected `fetch` when given,
 * else `node:http` keep-alive for `'node-http'` or where `'auto'` runs in Node.js itself (not
 * Bun, Deno or an edge runtime, which answer `process.versions.node` too), else the global
 * `fetch`. Throws `InvalidArgumentError` for an unknown kind, or for `'node-http'` with `fetch`.
 */
export function selectHttp(options: { transport?: TransportKind | undefined; fetch?: FetchFn | undefined }): HttpFn {
  const kind = options.transport ?? 'auto'
  if (!KINDS.includes(kind)) {
    throw new InvalidArgumentError(`transport must be 'auto', 'node-http' or 'fetch', got ${JSON.stringify(kind) ?? String(kind)}`)
  }
  if (kind === 'node-http' && options.fetch !== undefined) {
    throw new InvalidArgumentError(`transport 'node-http' sends over Node's sockets and would ignore the fetch option: give one of them`)
  }
  if (options.fetch !== undefined) return createFetchHttp(options.fetch)
  if (kind === 'node-http' || (kind === 'auto' && isNodeRuntime())) return loadNodeHttp()
  const versions = (globalThis as { process?: { versions?: { undici?: string } } }).process?.versions
  return createFetchHttp(globalFetch, typeof versions?.undici === 'string')
}

function globalFetch(input: string, init: RequestInit): Promise<Response> {
  if (typeof globalThis.fetch !== 'function') {
    throw new InvalidArgumentError('This runtime has no global fetch: pass one in the fetch option')
  }
  return globalThis.fetch(input, init)
}

/**
 * The node:http transport, a chunk of its own (browser bundles never carry it) loaded with the
 * first request. A failed load is CHUNK_LOAD_FAILED (or the chunk's own InvalidArgumentError,
 * a runtime without node:http) and the next request tries again.
 */
function loadNodeHttp(): HttpFn {
  const chunk = lazyChunk(
    () => import('./nodeHttp.js').then((module) => module.createNodeHttp()),
    (cause) => (isChainxError(cause) ? cause : new ChunkLoadError({ chunk: 'nodeHttp', cause })),
  )
  let started = false
  const http: HttpFn = (request) => {
    const loaded = chunk.loaded()
    if (loaded) return loaded(request)
    started = true
    return chunk.load().then((send) => send(request))
  }
  // Closes the loaded one, or the one still loading once it is.
  http.close = () => {
    const loaded = chunk.loaded()
    if (loaded) loaded.close?.()
    else if (started)
      void chunk.load().then(
        (send) => send.close?.(),
        () => undefined,
      )
  }
  http.via = 'node:http'
  return http
}
