import type { ChainxError } from '../errors/ChainxError.js'
import { SocketClosedError } from '../errors/jsonRpc.js'
import type { ResolvedRetryOptions } from '../transport/retryOptions.js'
import { backoffDelay, retryAfterFailure } from '../utils/withRetry.js'
import type { JsonRpcSocket } from '../jsonRpc/connectJsonRpcSocket.js'

/**
 * How a lost or failed connection is retried.
 *
 * @example
 * createSubscriptionClient({ wsUrl, reconnect: { retries: Infinity, maxDelayMs: 60_000 } })
 */
export interface ReconnectOptions {
  /**
   * Connect retries in a row before giving up, after the first attempt (0: no retry), like
   * `retry.retries`; `Infinity` retries forever (delays stay capped).
   * @default 10
   */
  retries?: number | undefined
  /**
   * Delay before the first retry in ms; doubles each retry, with jitter (50-100% of the value).
   * @default 500
   */
  baseDelayMs?: number | undefined
  /**
   * Largest delay between two attempts, in ms; `Infinity` leaves the doubling uncapped.
   * @default 30_000
   */
  maxDelayMs?: number | undefined
}

/** Options of `createSocketKeeper`. */
export interface SocketKeeperOptions {
  /** Opens one socket; `onLost` must be called when that socket goes away. */
  connect: (signal: AbortSignal, onLost: (error: SocketClosedError) => void) => Promise<JsonRpcSocket>
  /** Retry settings, or `false` to never reconnect. */
  reconnect: ResolvedRetryOptions | false
  /** The first attempt of a fresh connection starts. */
  onConnecting: () => void
  /** Attempt `attempt` (1-based retry count) starts after `delayMs`. */
  onReconnecting: (attempt: number, delayMs: number, error: ChainxError) => void
  /** A socket is open (first time or after a reconnect). */
  onOpen: (socket: JsonRpcSocket) => void
  /** The open socket was lost; reconnecting starts next (unless disabled). */
  onLost: (error: SocketClosedError) => void
  /** Attempts ran out (or reconnecting is disabled): no socket until `ensure` is called again. */
  onGiveUp: (error: ChainxError) => void
}

/** Keeps at most one socket open while it is wanted. */
export interface SocketKeeper {
  /** The open socket, if there is one. */
  current(): JsonRpcSocket | undefined
  /** Opens a socket unless one is open or being opened; `onOpen` reports it. */
  ensure(): void
  /** The socket served a subscription: the next loss starts counting attempts from 1 again. */
  markHealthy(): void
  /** Closes the socket and stops any reconnecting; nothing is reported. */
  release(): void
}

/**
 * Keeps one socket up while it is wanted: opens it on `ensure`, and when it is lost reconnects
 * with jittered exponential backoff up to `retries` attempts in a row, reporting each step.
 * `release` closes the socket and cancels any pending attempt or wait: no timer is left behind.
 *
 * @example
 * const keeper = createSocketKeeper({ connect, reconnect, onConnecting, onReconnecting, onOpen, onLost, onGiveUp })
 * keeper.ensure()
 */
export function createSocketKeeper(options: SocketKeeperOptions): SocketKeeper {
  const retry = options.reconnect === false ? undefined : options.reconnect
  let socket: JsonRpcSocket | undefined
  let run: AbortController | undefined
  let failures = 0

  const start = (lostError?: ChainxError) => {
    const controller = new AbortController()
    run = controller
    connectWithRetries(controller.signal, lostError).then(
      (opened) => {
        if (run !== controller) return opened.close()
        run = undefined
        if (opened.closed) return start(new SocketClosedError({ reason: 'lost right after opening' }))
        socket = opened
        options.onOpen(opened)
      },
      (error: unknown) => {
        if (run !== controller) return
        run = undefined
        options.onGiveUp(error as ChainxError)
      },
    )
  }

  const connectWithRetries = async (signal: AbortSignal, lostError: ChainxError | undefined): Promise<JsonRpcSocket> => {
    let lastError = lostError
    for (;;) {
      if (lastError === undefined) options.onConnecting()
      else
        await retryAfterFailure(lastError, failures++, {
          retryCount: retry?.retries ?? 0,
          delay: ({ count }) => backoffDelay(count, retry!),
          onRetry: ({ count, delayMs, error }) => options.onReconnecting(count + 1, delayMs, error as ChainxError),
          signal,
        })
      const holder: { socket?: JsonRpcSocket } = {}
      try {
        holder.socket = await options.connect(signal, (error) => onSocketLost(holder.socket, error))
        return holder.socket
      } catch (error) {
        if (signal.aborted) throw error
        lastError = error as ChainxError
      }
    }
  }

  const onSocketLost = (lost: JsonRpcSocket | undefined, error: SocketClosedError) => {
    if (lost === undefined || lost !== socket) return
    socket = undefined
    options.onLost(error)
    start(error)
  }

  return {
    current: () => socket,
    ensure() {
      if (socket !== undefined || run !== undefined) return
      failures = 0
      start()
    },
    markHealthy() {
      failures = 0
    },
    release() {
      run?.abort(new SocketClosedError({ reason: 'closed by client' }))
      run = undefined
      const open = socket
      socket = undefined
      open?.close()
    },
  }
}
