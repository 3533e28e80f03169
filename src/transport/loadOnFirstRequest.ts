import { isChainxError } from '../errors/ChainxError.js'
import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import type { HttpFn } from './types.js'

/**
 * An HttpFn that loads the real one with the first request: the Node transports are chunks of
 * their own, so browser bundles never carry them.
 *
 * @example
 * const http = loadOnFirstRequest(() => import('./nodeHttp.js').then((module) => module.createNodeHttp()), 'nodeHttp')
 */
export function loadOnFirstRequest(load: () => Promise<HttpFn>, chunk: string): HttpFn {
  // A failed load is CHUNK_LOAD_FAILED (an InvalidArgumentError thrown by the chunk itself, a
  // runtime without node:http, passes through) and the next request tries again.
  const lazy = lazyChunk(load, (cause) => (isChainxError(cause) ? cause : new ChunkLoadError({ chunk, cause })))
  let started = false
  const http: HttpFn = (request) => {
    const loaded = lazy.loaded()
    if (loaded) return loaded(request)
    started = true
    return lazy.load().then((send) => send(request))
  }
  // Closes the loaded one, or the one still loading once it is (a request waiting for it is busy).
  http.close = () => {
    const loaded = lazy.loaded()
    if (loaded) return loaded.close?.()
    if (started)
      void lazy.load().then(
        (send) => send.close?.(),
        () => undefined,
      )
  }
  return http
}

/**
 * The node:http transport, loaded with the first request.
 *
 * @example
 * const http = loadNodeHttp() // what transport 'node-http' sends with
 */
export function loadNodeHttp(): HttpFn {
  const http = loadOnFirstRequest(() => import('./nodeHttp.js').then((module) => module.createNodeHttp()), 'nodeHttp')
  http.via = 'node:http'
  return http
}
