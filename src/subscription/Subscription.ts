import type { ChainxError } from '../errors/ChainxError.js'
import { JsonRpcError, SocketClosedError } from '../errors/jsonRpc.js'
import { shouldRetry } from '../errors/shouldRetry.js'
import { InvalidResponseError } from '../errors/request.js'
import type { JsonRpcSocket } from '../jsonRpc/connectJsonRpcSocket.js'
import { DecodeFailure, describeValue } from '../utils/decode.js'
import { jsonText } from '../utils/jsonText.js'
import { SubscriptionBackfill, type QueryableKind } from './SubscriptionBackfill.js'
import { SubscriptionDelivery } from './SubscriptionDelivery.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import type { ResolvedBackfill } from './subscriptionOptionRules.js'
import type { SubscriptionStateChange } from './types.js'
import type { ResolvedLogger } from '../utils/logger.js'

/** What a `Subscription` needs from its machine. */
export interface SubscriptionOptions<TItem, TCursor> {
  kind: SubscriptionKind<TItem, TCursor>
  listener: SubscriptionListener<TItem, TCursor>
  backfill: ResolvedBackfill | false
  /** The subscription ended on its own (rejected filter, given up): forget it. */
  onEnded: () => void
  /** Where errors go when the listener has no `onError`. */
  logger: Pick<ResolvedLogger, 'error'>
}

/** How `attach` hands a server subscription id to the machine's notification router. */
export interface AttachHooks {
  /** Route notifications of `id` to this subscription (delivering any that came early). */
  route: (id: number) => void
  /** Stop routing notifications of `id` (a stalled server subscription that was replaced). */
  unroute: (id: number) => void
  /** The server accepted a subscription on this socket. */
  healthy: () => void
}

/**
 * One subscription of a machine, for any item kind: subscribes on each socket the machine opens,
 * delivers each item once and in order (`SubscriptionDelivery`), and fetches what it missed after
 * (re)subscribing (`SubscriptionBackfill`). `verify`, called every `verifyIntervalMs`, finds a
 * server subscription that went silent: `stalled`, then subscribed again and backfilled.
 */
export class Subscription<TItem, TCursor> {
  /** Settles at the first acknowledgement: resolves, or rejects when the subscription ends before it. */
  readonly ready: Promise<void>
  readonly #options: SubscriptionOptions<TItem, TCursor>
  readonly #kind: SubscriptionKind<TItem, TCursor>
  readonly #delivery: SubscriptionDelivery<TItem, TCursor>
  /** Absent without a query or with backfill off: missed items are reported as gaps. */
  readonly #backfill: SubscriptionBackfill<TItem, TCursor> | undefined
  #settleReady: { resolve: () => void; reject: (error: unknown) => void } | undefined
  #socket: JsonRpcSocket | undefined
  #hooks: AttachHooks | undefined
  #serverId: number | undefined
  #attaching: Promise<void> | undefined
  #acknowledged = false
  #anchored = false
  #ending: Promise<boolean> | undefined
  #verifying = false

  constructor(options: SubscriptionOptions<TItem, TCursor>) {
    this.#options = options
    const { backfill, kind } = options
    this.#kind = kind
    const remember = backfill === false ? 10_000 : backfill.maxItems + backfill.maxBufferedItems + backfill.pageSize
    this.#delivery = new SubscriptionDelivery(kind, options.listener, remember, options.logger)
    if (kind.query !== undefined && backfill !== false) {
      this.#backfill = new SubscriptionBackfill(this.#delivery, kind as QueryableKind<TItem, TCursor>, backfill)
    }
    this.ready = new Promise((resolve, reject) => {
      this.#settleReady = { resolve, reject }
    })
    this.ready.catch(() => {})
  }

  /** Subscribes on `socket` (again, after a reconnect); twice with one socket does nothing. */
  attach(socket: JsonRpcSocket, hooks: AttachHooks): Promise<void> {
    if (!this.#delivery.active || this.#socket === socket) return this.#attaching ?? Promise.resolve()
    this.#socket = socket
    this.#hooks = hooks
    this.#serverId = undefined
    this.#attaching = this.#subscribe(socket, hooks)
    return this.#attaching
  }

  /** The socket is gone: the server subscription died with it. */
  detach(): void {
    this.#socket = undefined
    this.#serverId = undefined
    this.#attaching = undefined
  }

  /**
   * Handles a notification's `result`: checked by the kind's decoder, then delivered or held back
   * during a backfill. Its `method` is the subscribe method (jsonrpc-anchor 2.8): another kind's is ignored.
   */
  handleLive(method: string, result: unknown): void {
    if (!this.#delivery.active || method !== this.#kind.subscribeMethod) return
    let item: TItem
    try {
      item = this.#kind.decode(result)
    } catch (failure) {
      if (!(failure instanceof DecodeFailure)) throw failure
      const reason = `malformed ${this.#kind.noun} in a subscription notification: ${failure.describe('params.result')}`
      return this.#delivery.error(new InvalidResponseError({ status: 101, body: jsonText(result), reason, cause: failure }))
    }
    if (!this.#delivery.live(item)) this.#backfill?.again()
  }

  /** Reports a state change to `onStateChange`. */
  report(change: SubscriptionStateChange<TCursor>): void {
    this.#delivery.report(change)
  }

  /** Passes an error that does not end the subscription to `onError`. */
  notifyError(error: unknown): void {
    if (this.#delivery.active) this.#delivery.error(error)
  }

  /** Ends it because of `error`: the first subscribe rejects with it, or, once running, `onError` gets it and `closed` follows. */
  fail(error: ChainxError): void {
    if (!this.#delivery.active) return
    this.#stop()
    if (this.#acknowledged) {
      this.#delivery.error(error)
      this.report({ state: 'closed', error })
    } else this.#settleReady?.reject(error)
    this.#settleReady = undefined
    this.#options.onEnded()
  }

  /** Ends it because its machine closed: nothing is sent (the socket closes). */
  close(): void {
    if (!this.#delivery.active) return
    this.#stop()
    this.#settleReady?.reject(new SocketClosedError({ reason: 'closed by client' }))
    this.#settleReady = undefined
    this.report({ state: 'closed' })
  }

  /**
   * One liveness check, when subscribed and idle (no subscribe, backfill or check in flight)
   * with a backfill. An item the previous check found and still not handled: the subscription
   * is stalled, reported, replaced by a new server subscription and backfilled. Never rejects.
   */
  async verify(): Promise<void> {
    const backfill = this.#backfill
    if (this.#verifying || !this.#idle() || backfill === undefined) return
    this.#verifying = true
    try {
      const missed = backfill.missed
      if (missed !== undefined) await this.#recover(missed)
      else {
        const socket = this.#socket
        const serverId = this.#serverId
        await backfill.check(() => this.#socket === socket && this.#serverId === serverId && this.#idle())
      }
    } catch (error) {
      if (this.#delivery.active) this.#delivery.error(error)
    } finally {
      this.#verifying = false
    }
  }

  /**
   * Unsubscribes: stops delivery at once, waits for a subscribe in flight, then sends the
   * unsubscribe. Resolves with the server's answer (`false`: it had dropped it already), or
   * `true` when the socket is gone. Calling it again returns the same promise.
   */
  end(): Promise<boolean> {
    this.#ending ??= this.#unsubscribe()
    return this.#ending
  }

  async #unsubscribe(): Promise<boolean> {
    const wasActive = this.#delivery.active
    this.#stop()
    if (wasActive) this.report({ state: 'closed' })
    await this.#attaching
    const socket = this.#socket
    const id = this.#serverId
    this.detach()
    if (socket === undefined || id === undefined || socket.closed) return true
    try {
      return (await socket.call(this.#kind.unsubscribeMethod, [id])) === true
    } catch (error) {
      return error instanceof SocketClosedError
    }
  }

  #stop(): void {
    this.#delivery.stop()
    this.#backfill?.forgetSuspect()
  }

  /** Subscribed on an open socket, with no subscribe or backfill in flight. */
  #idle(): boolean {
    return (
      this.#delivery.active &&
      this.#socket?.closed === false &&
      this.#serverId !== undefined &&
      this.#backfill?.running !== true &&
      !this.#delivery.holding
    )
  }

  /** The server subscription is dead: unsubscribes it, subscribes again and backfills. */
  async #recover(missed: TCursor): Promise<void> {
    this.#backfill?.forgetSuspect()
    const resubscribing = this.#resubscribe(this.#socket as JsonRpcSocket, this.#hooks as AttachHooks, this.#serverId as number)
    // `end` (even from the listener of the state below) waits for it, then unsubscribes the new id.
    this.#attaching = resubscribing
    this.report({ state: 'stalled', missed })
    await resubscribing
  }

  async #resubscribe(socket: JsonRpcSocket, hooks: AttachHooks, staleId: number): Promise<void> {
    try {
      // Unsubscribe first: its answer comes after any notification of the old id, so the
      // streams never overlap and the backfill covers the time until the new one.
      await socket.call(this.#kind.unsubscribeMethod, [staleId])
    } catch (error) {
      if (this.#socket !== socket || error instanceof SocketClosedError) return
      // The socket is not fit to subscribe on; a reconnect resubscribes and backfills.
      return socket.terminate(`${this.#kind.unsubscribeMethod} of a stalled subscription failed: ${String(error)}`)
    }
    if (this.#socket !== socket || this.#serverId !== staleId) return
    hooks.unroute(staleId)
    this.#serverId = undefined
    if (this.#delivery.active) await this.#subscribe(socket, hooks)
  }

  /**
   * Before the very first subscribe, notes the newest matching item (the anchor) so items
   * emitted before the acknowledgement are backfilled too.
   */
  async #subscribe(socket: JsonRpcSocket, hooks: AttachHooks): Promise<void> {
    if (!this.#anchored) {
      this.#anchored = true
      await this.#backfill?.anchor()
    }
    const method = this.#kind.subscribeMethod
    let id: unknown
    try {
      id = await socket.call(method, this.#kind.subscribeParams)
    } catch (error) {
      if (this.#socket !== socket || !this.#delivery.active) return
      // Whether a failed subscribe is worth a reconnect is the retry table's.
      if (error instanceof JsonRpcError && !shouldRetry(error, { context: 'resubscribe', failures: 0 })) this.fail(error)
      else if (!(error instanceof SocketClosedError)) socket.terminate(`${method} failed: ${String(error)}`)
      return
    }
    if (typeof id !== 'number') {
      if (this.#socket === socket) socket.terminate(`${method} answered ${describeValue(id)}, not a subscription id`)
      return
    }
    if (this.#socket !== socket) return
    this.#serverId = id
    if (!this.#delivery.active) return
    hooks.healthy()
    this.#backfill?.forgetSuspect()
    const reattached = this.#acknowledged
    this.#acknowledged = true
    const backfill = this.#delivery.position.known ? this.#backfill : undefined
    // A fresh buffer: what an earlier socket held back is after the position, so the backfill
    // reads it again, and the stream it must stop at is the one of this socket.
    if (backfill) this.#delivery.hold(backfill.settings.maxBufferedItems)
    hooks.route(id)
    this.report({ state: 'open' })
    this.#settleReady?.resolve()
    this.#settleReady = undefined
    if (backfill) void backfill.run()
    else if (reattached) this.#delivery.gap(Date.now(), this.#gapReason())
  }

  #gapReason(): string {
    const noun = this.#kind.noun
    if (this.#kind.query === undefined) return `reconnected without ${this.#kind.queryName} to fetch missed ${noun}s`
    if (this.#options.backfill === false) return 'reconnected with backfill disabled'
    return `reconnected without a known position to fetch missed ${noun}s from`
  }
}
