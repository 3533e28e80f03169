import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A JSON-RPC error object from the service, with `rpcCode`, `message` and `data` kept.
 *
 * @example
 * if (error instanceof JsonRpcError && error.rpcCode === -32602) console.log(error.data)
 */
export class JsonRpcError extends ChainxError {
  override name = 'JsonRpcError'
  declare readonly code: 'JSON_RPC'
  /** JSON-RPC error code, e.g. -32602. */
  readonly rpcCode: number
  /** The server's `error.data`, if any. */
  readonly data: unknown
  /** The JSON-RPC method that failed. */
  readonly method: string
  /** The response's `id` (`null` when the service could not tie the error to the request: its own time-out). */
  readonly id: unknown

  constructor(args: ChainxErrorOptions & { rpcCode: number; message: string; data?: unknown; method: string; id?: unknown }) {
    super('JSON_RPC', args.message, { ...args, details: typeof args.data === 'string' ? args.data : args.details })
    this.rpcCode = args.rpcCode
    this.data = args.data
    this.method = args.method
    this.id = args.id
  }
}

/**
 * An event filter is invalid for where it is used; nothing was sent.
 *
 * @example
 * client.events.query({ filter: { And: [] } as never }) // rejects with INVALID_FILTER
 */
export class InvalidFilterError extends ChainxError {
  override name = 'InvalidFilterError'
  declare readonly code: 'INVALID_FILTER'
  /** Path to the offending part of the filter, e.g. `MoveModule.package`. */
  readonly path: string
  constructor(args: ChainxErrorOptions & { path: string; reason: string }) {
    super('INVALID_FILTER', `Invalid filter at ${args.path || '(root)'}: ${args.reason}`, args)
    this.path = args.path
  }
}

/**
 * The WebSocket closed or went silent; pending calls fail with this.
 *
 * @example
 * error.code === 'SOCKET_CLOSED'
 */
export class SocketClosedError extends ChainxError {
  override name = 'SocketClosedError'
  declare readonly code: 'SOCKET_CLOSED'
  constructor(args: ChainxErrorOptions & { reason?: string } = {}) {
    super('SOCKET_CLOSED', args.reason ? `WebSocket closed: ${args.reason}` : 'WebSocket closed', args)
  }
}
