import type { ChainxError } from '../errors/ChainxError.js'
import { connectJsonRpcSocket, type JsonRpcSocket } from '../jsonRpc/connectJsonRpcSocket.js'
import { MAX_TIMER_MS } from '../utils/maxTimerMs.js'
import { createSocketKeeper } from './createSocketKeeper.js'
import { timerDelayMs } from '../options/optionRules.js'
import { readSubscriptionOptions } from './readSubscriptionOptions.js'
import { loadWebSocket } from './loadWebSocket.js'
import { Subscription } from './Subscription.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import type { SubscriptionStateChange, Unsubscribe } from './types.js'
import type { ConnectionTrace } from '../transport/telemetry/types.js'
import { resolveLogger } from '../utils/logger.js'
import { redactUrl } from '../utils/redactUrl.js'
import type { SubscriptionMachineOptions } from './subscriptionMachineOptions.js'

export type { BackfillOptions, SubscriptionMachineOptions } from './subscriptionMachineOptions.js'

/**
 * One socket's subscriptions, of any item kind: what `client.events.subscribe` and
 * `client.transactions.subscribe` share.
 *
 * @example
 * const unsubscribe = await machine.subscribe(kind, { onItem: console.log })
 * await machine.close()
 */
export interface SubscriptionMachine {
  /** Subscribes `kind` on the shared socket; resolves once the server acknowledged, with the function that unsubscribes. */
  subscribe<TItem, TCursor>(kind: SubscriptionKind<TItem, TCursor>, listener: SubscriptionListener<TItem, TCursor>): Promise<Unsubscribe>
  /** Ends every subscription (a `closed` state each) and closes the socket. The machine can be used again. */
  close(): Promise<void>
}

const MAX_EARLY_NOTIFICATIONS = 1_000

/**
 * The one subscription machine behind `client.events.subscribe` and
 * `client.transactions.subscribe` (any item kind is an adapter, `SubscriptionKind`):
 * WebSocket subscriptions that survive network faults and restarts without losing or
 * repeating items.
 *
 * - One socket for all subscriptions of the machine, opened on the first `subscribe` and
 *   closed after the last unsubscribe (no handle left open in Node).
 * - Lost sockets reconnect with jittered exponential backoff (`reconnecting` states);
 *   a heartbeat with a deadline finds sockets that went silent; each subscription still
 *   subscribed is subscribed again (and none that was unsubscribed).
 * - After each (re)subscribe, what was missed is fetched with the kind's query from the
 *   last item handled, live items are held back meanwhile, and duplicates are dropped by
 *   key: each item reaches the listener once, in order. What cannot be fetched is
 *   reported as a `gap` state with its time bounds.
 * - Every `verifyIntervalMs` each subscription checks with its query that its server
 *   side still delivers (the service can drop it and keep the socket); a dead one is
 *   reported as `stalled`, subscribed again and backfilled.
 * - Errors go to `onError` and never escape into the socket's event loop; a throwing
 *   listener does not stop the stream. Pending calls fail as soon as the socket closes.
 *
 * @example
 * const machine = createSubscriptionMachine({ wsUrl: 'ws://127.0.0.1:9001' })
 * const unsubscribe = await machine.subscribe(kind, { onItem: (item) => console.log(item), onError: console.warn })
 * await unsubscribe() // true
 */
export function createSubscriptionMachine(options: SubscriptionMachineOptions): SubscriptionMachine {
  const settings = readSubscriptionOptions(options)
  const { backfill, reconnect } = settings
  // Timer delays: `undefined` for off.
  const heartbeatMs = timerDelayMs(settings.heartbeatMs)
  const heartbeatTimeoutMs = timerDelayMs(settings.heartbeatTimeoutMs)
  const connectTimeoutMs = timerDelayMs(settings.connectTimeoutMs)
  const callTimeoutMs = timerDelayMs(settings.callTimeoutMs)
  const verifyIntervalMs = timerDelayMs(settings.verifyIntervalMs)
  const verifies = verifyIntervalMs !== undefined && verifyIntervalMs > 0 && backfill !== false
  let verifyTimer: ReturnType<typeof setInterval> | undefined
  let verifyRound: Promise<void> | undefined
  type AnySubscription = Subscription<unknown, unknown>
  const subscriptions = new Set<AnySubscription>()
  const routes = new Map<number, AnySubscription>()
  const methods = new WeakMap<AnySubscription, string>()
  const early = new Map<number, [method: string, result: unknown][]>()
  let earlyCount = 0

  const forEachSubscription = (action: (subscription: AnySubscription) => void) => {
    for (const subscription of [...subscriptions]) action(subscription)
  }
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
    // A notification's method is its subscribe method (jsonrpc-anchor 2.8): another kind's is not this subscription's.
    if (target !== undefined) return methods.get(target) === method ? target.handleLive(result) : undefined
    // The acknowledgement's continuation has not run yet: keep the item for `route`.
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
        for (const [method, result] of waiting) if (methods.get(subscription) === method) subscription.handleLive(result)
      },
      unroute: (id) => {
        if (routes.get(id) === subscription) routes.delete(id)
      },
      healthy: () => keeper.markHealthy(),
    })
  }

  // One round checks the subscriptions one after the other; a tick while it runs is skipped.
  const verifyAll = async () => {
    for (const subscription of [...subscriptions]) await subscription.verify()
  }
  const startVerifying = () => {
    if (!verifies || verifyTimer !== undefined) return
    verifyTimer = setInterval(() => {
      verifyRound ??= verifyAll().finally(() => {
        verifyRound = undefined
      })
    }, verifyIntervalMs)
  }
  // Not unref'd: the socket holds the process anyway while subscribed, and clearing it with
  // the last subscription is what lets the process exit.
  const stopVerifying = () => {
    clearInterval(verifyTimer)
    verifyTimer = undefined
  }

  const forget = (subscription: AnySubscription) => {
    subscriptions.delete(subscription)
    for (const [id, target] of routes) if (target === subscription) routes.delete(id)
    if (subscriptions.size === 0) {
      stopVerifying()
      release()
    }
  }

  const logger = resolveLogger(options.logger)
  const wsUrls = typeof options.wsUrl === 'string' ? [options.wsUrl] : options.wsUrl
  let wsIndex = 0
  // A socket that fails or is lost sends the next connection to the next endpoint.
  const moveOn = () => {
    wsIndex = (wsIndex + 1) % wsUrls.length
  }
  // The watch of the current connection, from its first attempt to its release or give-up.
  let connection: ConnectionTrace | undefined
  const release = () => {
    keeper.release()
    connection?.event('end')
    connection = undefined
  }
  const keeper = createSocketKeeper({
    reconnect,
    connect: async (signal, onLost) =>
      connectJsonRpcSocket({
        url: wsUrls[wsIndex] as string,
        WebSocket: await loadWebSocket(options.WebSocket),
        connectTimeoutMs: connectTimeoutMs ?? NO_TIME_LIMIT_MS,
        callTimeoutMs: callTimeoutMs ?? NO_TIME_LIMIT_MS,
        heartbeat:
          heartbeatMs !== undefined && heartbeatMs > 0
            ? { intervalMs: heartbeatMs, timeoutMs: heartbeatTimeoutMs ?? NO_TIME_LIMIT_MS, method: HEARTBEAT_METHOD, params: [-1] }
            : false,
        signal,
        onNotification,
        onLost: (error) => {
          moveOn()
          onLost(error)
        },
        onError: (error) => forEachSubscription((subscription) => subscription.notifyError(error)),
      }).catch((error: unknown) => {
        moveOn()
        throw error
      }),
    onConnecting: () => {
      connection?.event('end')
      connection = options.onConnectionStart?.()
      connection?.event('connecting', { url: wsUrls[wsIndex] })
      broadcast({ state: 'connecting' })
    },
    onReconnecting: (attempt, delayMs, error) => {
      connection?.event('reconnecting', { url: wsUrls[wsIndex], attempt, delayMs, error })
      const url = redactUrl(wsUrls[wsIndex] as string)
      logger.info(`[chainx-sdk] subscription reconnecting to ${url} in ${Math.round(delayMs)} ms (attempt ${attempt})`, {
        url,
        attempt,
        delayMs,
        error,
      })
      broadcast({ state: 'reconnecting', attempt, delayMs, error })
    },
    onOpen: (socket) => {
      connection?.event('open', { url: wsUrls[wsIndex] })
      forgetRoutes()
      forEachSubscription((subscription) => attach(subscription, socket))
    },
    onLost: (error) => {
      connection?.event('lost', { error })
      logger.info(`[chainx-sdk] subscription connection lost (${error.code})`, { error })
      forgetRoutes()
      forEachSubscription((subscription) => subscription.detach())
    },
    onGiveUp: (error: ChainxError) => {
      connection?.event('end', { error })
      logger.warn(`[chainx-sdk] subscription connection gave up (${error.code})`, { error })
      connection = undefined
      forEachSubscription((subscription) => subscription.fail(error))
    },
  })

  return {
    async subscribe<TItem, TCursor>(
      kind: SubscriptionKind<TItem, TCursor>,
      listener: SubscriptionListener<TItem, TCursor>,
    ): Promise<Unsubscribe> {
      const subscription = new Subscription<TItem, TCursor>({
        kind,
        listener,
        backfill,
        onEnded: forget as (ended: Subscription<TItem, TCursor>) => void,
        logger,
      })
      const any = subscription as unknown as AnySubscription
      methods.set(any, kind.subscribeMethod)
      subscriptions.add(any)
      startVerifying()
      const socket = keeper.current()
      if (socket === undefined) keeper.ensure()
      else attach(any, socket)
      await subscription.ready
      let result: Promise<boolean> | undefined
      return () => {
        result ??= subscription.end().finally(() => forget(any))
        return result
      }
    },
    async close() {
      const all = [...subscriptions]
      subscriptions.clear()
      forgetRoutes()
      stopVerifying()
      release()
      for (const subscription of all) subscription.close()
    },
  }
}

/**
 * The heartbeat probe: an unsubscribe of id -1, which the service answers `false` (any kind's
 * unsubscribe would do; the events one is the oldest).
 */
const HEARTBEAT_METHOD = 'chainx_unsubscribeEvent'

// connectJsonRpcSocket takes a number for each limit: the longest timer (about 24.8 days)
// stands for "none", as no call or connect attempt lives that long.
const NO_TIME_LIMIT_MS = MAX_TIMER_MS
