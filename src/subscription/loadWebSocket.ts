import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import type { WebSocketConstructor } from '../jsonRpc/webSocketTypes.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'
import { lazyChunk } from '../utils/lazyChunk.js'

// `ws` through isomorphic-ws on the one loader of lazy chunks (a failed import is retried by the
// next connect). A computed specifier: browsers use the global WebSocket and need no chunk for it.
const isomorphicWs = lazyChunk(
  async () => {
    const name = 'isomorphic-ws'
    const module = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as { default?: unknown }
    return (module.default ?? module) as WebSocketConstructor
  },
  (cause) =>
    new ChunkLoadError({
      chunk: 'isomorphic-ws',
      dependency:
        'the package ws (through isomorphic-ws), the WebSocket of subscriptions in Node: install ws or pass subscriptions.WebSocket',
      cause,
    }),
)

/**
 * Resolves the WebSocket class when a subscription needs one: the injected class if given; outside
 * Node the global `WebSocket`; in Node `ws`, imported on first use. A failed import rejects with
 * `ChunkLoadError` (`CHUNK_LOAD_FAILED`, naming `ws`) and the next call tries again.
 *
 * @example
 * const WebSocket = await loadWebSocket()
 * const socket = new WebSocket('ws://127.0.0.1:9001')
 */
export async function loadWebSocket(injected?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (injected !== undefined) return injected
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (global !== undefined && !isNodeRuntime()) return global
  return isomorphicWs.load()
}
