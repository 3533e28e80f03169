/**
 * The part of a WebSocket the subscription client uses: the standard browser API, which
 * `ws` (through isomorphic-ws) implements too. `terminate` (ws only) drops the connection
 * without a close handshake; `close` is used where it is missing.
 *
 * @example
 * const socket: WebSocketLike = new WebSocket('ws://127.0.0.1:9001')
 */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  terminate?: (() => void) | undefined
  onopen: ((event: unknown) => void) | null
  onclose: ((event: { code?: number; reason?: string }) => void) | null
  onerror: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
}

/**
 * A WebSocket class: the global `WebSocket`, `ws`, or anything with the same constructor.
 *
 * @example
 * import WebSocket from 'ws'
 * createSubscriptionClient({ wsUrl, WebSocket: WebSocket as unknown as WebSocketConstructor })
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike
