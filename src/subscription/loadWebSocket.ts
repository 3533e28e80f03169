import type { WebSocketConstructor } from '../jsonRpc/webSocketTypes.js'
import { isNodeRuntime } from '../utils/isNodeRuntime.js'

/**
 * Resolves the WebSocket class to use, loading it only when a subscription needs one:
 * the injected class if given; in browsers (and other runtimes that are not Node) the
 * global `WebSocket`; in Node `ws` through a dynamic import of isomorphic-ws, so
 * HTTP-only users and browser bundles never load it.
 *
 * @example
 * const WebSocket = await loadWebSocket()
 * const socket = new WebSocket('ws://127.0.0.1:9001')
 * @example
 * import WebSocket from 'ws'
 * await loadWebSocket(WebSocket as never) // the injected class, as is
 */
export async function loadWebSocket(injected?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (injected !== undefined) return injected
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (global !== undefined && !isNodeRuntime()) return global
  const module = (await import('isomorphic-ws')) as { default?: unknown }
  return (module.default ?? module) as WebSocketConstructor
}
