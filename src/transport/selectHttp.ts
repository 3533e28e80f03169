import { InvalidArgumentError } from '../errors/request.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'
import { createFetchHttp } from './fetchHttp.js'
import { loadNodeHttp } from './loadOnFirstRequest.js'
import type { FetchFn, HttpFn } from './types.js'

/**
 * How requests go out:
 * - `'node-http'`: `node:http`/`node:https` with keep-alive agents (the runtime's `node:http`
 *   in Bun, Deno or workerd with nodejs_compat);
 * - `'fetch'`: `fetch`;
 * - `'auto'`: `'node-http'` in Node.js itself, `'fetch'` everywhere else.
 *
 * @example
 * new ChainxClient({ graphqlUrl, transport: 'fetch' }) // e.g. to let a fetch interceptor see every request
 */
export type TransportKind = 'auto' | 'node-http' | 'fetch'

const KINDS: readonly unknown[] = ['auto', 'node-http', 'fetch'] satisfies TransportKind[]

/**
 * Picks the HttpFn for the `transport` and `fetch` options. `'auto'` takes an injected `fetch`
 * when given, else `node:http` keep-alive where the runtime is Node.js itself (not Bun, Deno or an edge
 * runtime, which answer `process.versions.node` too), else the global `fetch`. Throws
 * `InvalidArgumentError` for an unknown kind, or for `'node-http'` together with `fetch`.
 *
 * @example
 * const http = selectHttp({ transport: 'fetch' }) // the global fetch, in any runtime
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
  return createFetchHttp(globalFetch)
}

function globalFetch(input: string, init: RequestInit): Promise<Response> {
  if (typeof globalThis.fetch !== 'function') {
    throw new InvalidArgumentError('This runtime has no global fetch: pass one in the fetch option')
  }
  return globalThis.fetch(input, init)
}
