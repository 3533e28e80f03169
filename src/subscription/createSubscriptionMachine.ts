import type { ChainxError } from '../errors/ChainxError.js'
import { SocketClosedError } from '../errors/jsonRpc.js'
import { connectJsonRpcSocket, type JsonRpcSocket } from '../jsonRpc/connectJsonRpcSocket.js'
import type { ConnectionTrace } from '../transport/telemetry/types.js'
import { resolveLogger } from '../utils/logger.js'
import { MAX_TIMER_MS } from '../utils/maxTimerMs.js'
import { redactUrl } from '../utils/redactUrl.js'
import { backoffDelay, retryAfterFailure } from '../utils/withRetry.js'
import { loadWebSocket } from './loadWebSocket.js'
import { Subscription } from './Subscription.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import { readSubscriptionOptions, type ReconnectOptions, type SubscriptionMachineOptions } from './subscriptionOptionRules.js'
import type { SubscriptionStateChange } from './types.js'

/** One socket's subscriptions, of any item kind: what every resource's `subscribe` shares. */
export type SubscriptionMachine = ReturnType<typeof createSubscriptionMachine>

const MAX_EARLY_NOTIFICATIONS = 1_000

/**
 * The one subscription machine behind every resource's `subscribe` (docs/subscriptions.md): one
 * socket for all subscriptions, open while any is; a lost socket reconnects (to the next `wsUrl`)
 * and every subscription is subscribed again and backfilled. Errors go to `onError`.
 *
 * @example
 * const machine = createSubscriptionMachine({ wsUrl: 'ws://127.0.0.1:9001' })
 * const unsubscribe = await machine.subscribe(kind, { onItem: (item) => console.log(item) })
 */
export function createSubscriptionMachine(options: SubscriptionMachineOptions) {
  const { backfill, reconnect, heartbeatMs, heartbeatTimeoutMs, verifyIntervalMs, ...settings } = readSubscriptionOptions(options)
  const logger = resolveLogger(options.logger)
  const wsUrls = typeof options.wsUrl === 'string' ? [options.wsUrl] : options.wsUrl
  let wsIndex = 0
  type AnySubscription = Subscription<unknown, unknown>
  const subscriptions = new Set<AnySubscription>()
  const routes = new Map<number, AnySubscription>()
  // Notifications that came before their subscribe's acknowledgement was handled, kept for `route`.
  const early = new Map<number, [method: string, result: unknown][]>()
  let earlyCount = 0
  let verifyTimer: ReturnType<typeof setInterval> | undefined
  let verifyRound: Promise<void> | undefined
  // The trace of the current connection, from its first attempt to its release or give-up.
  let connection: ConnectionTrace | undefined
  let socket: JsonRpcSocket | undefined
  /** The attempts under way to open a socket; `release` aborts them. */
  let run: AbortController | undefined
  /** Failed attempts in a row; a subscribe the server accepts resets it. */
  let failures = 0

  const forEachSubscription = (action: (subscription: AnySubscription) => void) => [...subscriptions].forEach(action)
  const broadcast = (change: SubscriptionStateChange<unknown>) => forEachSubscription((subscription) => subscription.report(change))
  const forgetRoutes = () => {
    routes.clear()
    early.clear()
    earlyCount = 0
  }

  const onNotification = (method: string, params: unknown) => {
    if (typeof params !== 'object' || params === null) return
    const { subscription: id, result } = params as { subscription?: unknown; result?: unknown }
    if (typeof id !== 'number') return
    const target = routes.get(id)
    if (target !== undefined) return target.handleLive(method, result)
    if (earlyCount >= MAX_EARLY_NOTIFICATIONS) return
    earlyCount++
    const list = early.get(id)
    if (list === undefined) early.set(id, [[method, result]])
    else list.push([method, result])
  }

  const attach = (subscription: AnySubscription, socket: JsonRpcSocket) => {
    void subscription.attach(socket, {
      route: (id) => {
        routes.set(id, subscription)
        const waiting = early.get(id) ?? []
        early.delete(id)
        earlyCount -= waiting.length
        for (const [method, result] of waiting) subscription.handleLive(method, result)
      },
      unroute: (id) => {
        if (routes.get(id) === subscription) routes.delete(id)
      },
      healthy: () => {
        failures = 0
      },
    })
  }

  // One round checks the subscriptions one after the other; a tick while it runs is skipped.
  const verifyAll = async () => {
    for (const subscription of [...subscriptions]) await subscription.verify()
  }
  // Not unref'd: clearing it with the last subscription is what lets the process exit.
  const startVerifying = () => {
    if (verifyIntervalMs === Infinity || backfill === false || verifyTimer !== undefined) return
    verifyTimer = setInterval(() => {
      verifyRound ??= verifyAll().finally(() => {
        verifyRound = undefined
      })
    }, verifyIntervalMs)
  }
  const release = () => {
    clearInterval(verifyTimer)
    verifyTimer = undefined
    run?.abort(new SocketClosedError({ reason: 'closed by client' }))
    run = undefined
    const open = socket
    socket = undefined
    open?.close()
    connection?.event('end')
    connection = undefined
  }
  const forget = (subscription: AnySubscription) => {
    subscriptions.delete(subscription)
    for (const [id, target] of routes) if (target === subscription) routes.delete(id)
    if (subscriptions.size === 0) release()
  }
  // A socket that fails or is lost sends the next connection to the next endpoint.
  const moveOn = () => {
    wsIndex = (wsIndex + 1) % wsUrls.length
  }

  const onConnecting = () => {
    connection?.event('end')
    connection = options.onConnectionStart?.()
    connection?.event('connecting', { url: wsUrls[wsIndex] })
    broadcast({ state: 'connecting' })
  }
  const onReconnecting = (attempt: number, delayMs: number, error: ChainxError) => {
    connection?.event('reconnecting', { url: wsUrls[wsIndex], attempt, delayMs, error })
    const url = redactUrl(wsUrls[wsIndex] as string)
    const message = `[chainx-sdk] subscription reconnecting to ${url} in ${Math.round(delayMs)} ms (attempt ${attempt})`
    logger.info(message, { url, attempt, delayMs, error })
    broadcast({ state: 'reconnecting', attempt, delayMs, error })
  }

  // The socket keeper: at most one socket while it is wanted; a lost or failed one is retried
  // with jittered exponential backoff, up to `reconnect.retries` attempts in a row.
  const start = (lostError?: ChainxError) => {
    const controller = new AbortController()
    run = controller
    connect(controller.signal, lostError).then(
      (opened) => {
        if (run !== controller) return opened.close()
        run = undefined
        if (opened.closed) return start(new SocketClosedError({ reason: 'lost right after opening' }))
        socket = opened
        connection?.event('open', { url: wsUrls[wsIndex] })
        forgetRoutes()
        forEachSubscription((subscription) => attach(subscription, opened))
      },
      (error: ChainxError) => {
        if (run !== controller) return
        run = undefined
        connection?.event('end', { error })
        logger.warn(`[chainx-sdk] subscription connection gave up (${error.code})`, { error })
        connection = undefined
        forEachSubscription((subscription) => subscription.fail(error))
      },
    )
  }

  const connect = async (signal: AbortSignal, lastError: ChainxError | undefined): Promise<JsonRpcSocket> => {
    for (;;) {
      if (lastError === undefined) onConnecting()
      else
        await retryAfterFailure(lastError, failures++, {
          retryCount: reconnect === false ? 0 : reconnect.retries,
          delay: ({ count }) => backoffDelay(count, reconnect as Required<ReconnectOptions>),
          onRetry: ({ count, delayMs, error }) => onReconnecting(count + 1, delayMs, error as ChainxError),
          signal,
        })
      const holder: { socket?: JsonRpcSocket } = {}
      try {
        holder.socket = await connectJsonRpcSocket({
          url: wsUrls[wsIndex] as string,
          WebSocket: await loadWebSocket(options.WebSocket),
          // The longest timer stands for "no limit": no call or connect attempt lives 24.8 days.
          connectTimeoutMs: Math.min(settings.connectTimeoutMs, MAX_TIMER_MS),
          callTimeoutMs: Math.min(settings.callTimeoutMs, MAX_TIMER_MS),
          heartbeat: heartbeatMs === Infinity ? false : { intervalMs: heartbeatMs, timeoutMs: Math.min(heartbeatTimeoutMs, MAX_TIMER_MS) },
          signal,
          onNotification,
          onLost: (error) => onSocketLost(holder.socket, error),
          onError: (error) => forEachSubscription((subscription) => subscription.notifyError(error)),
        })
        return holder.socket
      } catch (error) {
        moveOn()
        if (signal.aborted) throw error
        lastError = error as ChainxError
      }
    }
  }

  const onSocketLost = (lost: JsonRpcSocket | undefined, error: SocketClosedError) => {
    moveOn()
    if (lost === undefined || lost !== socket) return
    socket = undefined
    connection?.event('lost', { error })
    logger.info(`[chainx-sdk] subscription connection lost (${error.code})`, { error })
    forgetRoutes()
    forEachSubscription((subscription) => subscription.detach())
    start(error)
  }

  return {
    /** Subscribes `kind` on the shared socket; resolves once the server acknowledged, with the function that unsubscribes. */
    async subscribe<TItem, TCursor>(kind: SubscriptionKind<TItem, TCursor>, listener: SubscriptionListener<TItem, TCursor>) {
      const onEnded = () => forget(subscription)
      const subscription = new Subscription({ kind, listener, backfill, logger, onEnded }) as unknown as AnySubscription
      subscriptions.add(subscription)
      startVerifying()
      if (socket !== undefined) attach(subscription, socket)
      else if (run === undefined) {
        failures = 0
        start()
      }
      await subscription.ready
      let result: Promise<boolean> | undefined
      return () => (result ??= subscription.end().finally(() => forget(subscription)))
    },
    /** Ends every subscription (a `closed` state each) and closes the socket. The machine can be used again. */
    async close(): Promise<void> {
      const all = [...subscriptions]
      subscriptions.clear()
      forgetRoutes()
      release()
      for (const subscription of all) subscription.close()
    },
  }
}
