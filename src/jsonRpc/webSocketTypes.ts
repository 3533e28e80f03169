/**
 * The part of the standard WebSocket API the subscriptions use (`ws` implements it too).
 *
 * @example
 * const socket: WebSocketLike = new WebSocket('ws://127.0.0.1:9001')
 */
export interface WebSocketLike {
  /** 0 connecting, 1 open, 2 closing, 3 closed (the standard values). */
  readonly readyState: number
  /** Sends one text frame. */
  send(data: string): void
  /** Starts the close handshake. */
  close(code?: number, reason?: string): void
  /** Drops the connection without a close handshake (ws only). */
  terminate?: (() => void) | undefined
  /** Called once the connection is open. */
  onopen: ((event: unknown) => void) | null
  /** Called when the connection closed, with the close code and reason when there were any. */
  onclose: ((event: { code?: number; reason?: string }) => void) | null
  /** Called on a connection error (a close follows). */
  onerror: ((event: unknown) => void) | null
  /** Called with each message received. */
  onmessage: ((event: { data: unknown }) => void) | null
}

/**
 * A WebSocket class: the global `WebSocket`, `ws`, or anything with the same constructor.
 *
 * @example
 * import WebSocket from 'ws'
 * new ChainxClient({ wsUrl, subscriptions: { WebSocket: WebSocket as unknown as WebSocketConstructor } })
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike
