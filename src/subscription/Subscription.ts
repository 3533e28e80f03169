import type { ChainxError } from '../errors/ChainxError.js'
import { JsonRpcError, SocketClosedError } from '../errors/jsonRpc.js'
import { shouldRetry } from '../errors/shouldRetry.js'
import { InvalidResponseError } from '../errors/request.js'
import type { JsonRpcSocket } from '../jsonRpc/connectJsonRpcSocket.js'
import { DecodeFailure, describeValue } from '../utils/decode.js'
import { jsonText } from '../utils/jsonText.js'
import { LivenessCheck } from './LivenessCheck.js'
import { SubscriptionBackfill, type QueryableKind, type ResolvedBackfill } from './SubscriptionBackfill.js'
import { SubscriptionDelivery } from './SubscriptionDelivery.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import type { SubscriptionStateChange } from './types.js'
import type { ResolvedLogger } from '../utils/logger.js'

export type { ResolvedBackfill }

/**
 * What a `Subscription` needs from its client.
 *
 * @example
 * const options: SubscriptionOptions<ChainxEvent, EventId> = { kind, listener, backfill, onEnded: forget }
 */
export interface SubscriptionOptions<TItem, TCursor> {
  /** The item kind: wire methods, checks, keys and the backfill query (built from the validated filter). */
  kind: SubscriptionKind<TItem, TCursor>
  listener: SubscriptionListener<TItem, TCursor>
  backfill: ResolvedBackfill | false
  /** The subscription ended on its own (rejected filter, given up): forget it. */
  onEnded: (subscription: Subscription<TItem, TCursor>) => void
  /** Where errors go when the listener has no `onError`. */
  logger?: Pick<ResolvedLogger, 'error'> | undefined
}

/**
 * How `attach` hands a server subscription id to the client's notification router.
 *
 * @example
 * const hooks: AttachHooks = {
 *   route: (id) => routes.set(id, subscription),
 *   unroute: (id) => routes.delete(id),
 *   healthy: () => keeper.markHealthy(),
 * }
 */
export interface AttachHooks {
  /** Route notifications of `id` to this subscription (delivering any that came early). */
  route: (id: number) => void
  /** Stop routing notifications of `id` (a stalled server subscription that was replaced). */
  unroute: (id: number) => void
  /** The server accepted a subscription on this socket. */
  healthy: () => void
}

/**
 * One subscription of a client, for any item kind (events, transactions): subscribes on
 * each socket the client opens, delivers each item once and in order, and fetches what it
 * missed after (re)subscribing. This class is the server subscription's lifecycle; the jobs
 * around it live beside it:
 *
 * - `SubscriptionDelivery`: live items are delivered as they come, except while a backfill
 *   runs; then they are held back and released after it, minus those the backfill
 *   delivered. Every item passes a bounded set of recently seen keys first, so none is
 *   delivered twice. The position is the cursor of the last item handled, live or backfilled.
 * - `SubscriptionBackfill`: reads the kind's query after the position, page by page.
 * - `LivenessCheck` (`verify`, called by the client every `verifyIntervalMs`): a matching
 *   item newer than the position and still not handled at the next check means the server
 *   subscription is dead. It is then reported (`stalled`), unsubscribed (the server answers
 *   `false`), subscribed again on the same socket, and backfilled from the position like
 *   after a reconnect.
 *
 * @example
 * const subscription = new Subscription({ kind, listener, backfill, onEnded })
 * subscription.attach(socket, { route: (id) => routes.set(id, subscription), healthy: () => {} })
 * await subscription.ready
 */
export class Subscription<TItem, TCursor> {
  /** Settles at the first acknowledgement: resolves, or rejects when the subscription ends before it. */
  readonly ready: Promise<void>
  readonly #options: SubscriptionOptions<TItem, TCursor>
  readonly #kind: SubscriptionKind<TItem, TCursor>
  readonly #delivery: SubscriptionDelivery<TItem, TCursor>
  /** Absent without a query or with backfill off: missed items are reported as gaps. */
  readonly #backfill: SubscriptionBackfill<TItem, TCursor> | undefined
  readonly #liveness: LivenessCheck<TItem, TCursor> | undefined
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
      this.#liveness = new LivenessCheck(this.#delivery, this.#backfill, kind)
    }
    this.ready = new Promise((resolve, reject) => {
      this.#settleReady = { resolve, reject }
    })
    this.ready.catch(() => {})
  }

  /**
   * Subscribes on `socket` (again, after a reconnect). Before the very first subscribe it
   * notes the newest matching event (the "anchor") so events emitted before the server's
   * acknowledgement are backfilled too. Calling it twice with one socket does nothing.
   *
   * @example
   * subscription.attach(socket, hooks)
   */
  attach(socket: JsonRpcSocket, hooks: AttachHooks): Promise<void> {
    if (!this.#delivery.active || this.#socket === socket) return this.#attaching ?? Promise.resolve()
    this.#socket = socket
    this.#hooks = hooks
    this.#serverId = undefined
    const attaching = this.#subscribe(socket, hooks)
    this.#attaching = attaching
    return attaching
  }

  /**
   * The socket is gone: the server subscription died with it.
   *
   * @example
   * subscription.detach()
   */
  detach(): void {
    this.#socket = undefined
    this.#serverId = undefined
    this.#attaching = undefined
  }

  /**
   * Handles the `result` of a notification for this subscription: checks it with the kind's
   * decoder, then delivers it, or holds it back while a backfill runs.
   *
   * @example
   * subscription.handleLive(message.params.result)
   */
  handleLive(result: unknown): void {
    if (!this.#delivery.active) return
    let item: TItem
    try {
      item = this.#kind.decode(result)
    } catch (failure) {
      if (!(failure instanceof DecodeFailure)) throw failure
      this.#delivery.error(
        new InvalidResponseError({
          status: 101,
          body: jsonText(result),
          reason: `malformed ${this.#kind.noun} in a subscription notification: ${failure.describe('params.result')}`,
          cause: failure,
        }),
      )
      return
    }
    if (!this.#delivery.live(item)) this.#backfill?.again()
  }

  /**
   * Reports a state change to `onStateChange` (a throwing listener goes to `onError`).
   *
   * @example
   * subscription.report({ state: 'connecting' })
   */
  report(change: SubscriptionStateChange<TCursor>): void {
    this.#delivery.report(change)
  }

  /**
   * Passes an error that does not end the subscription to `onError` (a throwing
   * `onError` is ignored).
   *
   * @example
   * subscription.notifyError(new SocketClosedError())
   */
  notifyError(error: unknown): void {
    if (this.#delivery.active) this.#delivery.error(error)
  }

  /**
   * Ends it because of `error`: the first subscribe rejects with it, or, once running,
   * `onError` gets it and a `closed` state follows.
   *
   * @example
   * subscription.fail(new SocketClosedError({ reason: 'gave up' }))
   */
  fail(error: ChainxError): void {
    if (!this.#delivery.active) return
    this.#stop()
    if (this.#acknowledged) {
      this.#delivery.error(error)
      this.report({ state: 'closed', error })
    } else this.#settleReady?.reject(error)
    this.#settleReady = undefined
    this.#options.onEnded(this)
  }

  /**
   * Ends it because its client closed: nothing is sent (the socket closes).
   *
   * @example
   * subscription.close()
   */
  close(): void {
    if (!this.#delivery.active) return
    this.#stop()
    this.#settleReady?.reject(new SocketClosedError({ reason: 'closed by client' }))
    this.#settleReady = undefined
    this.report({ state: 'closed' })
  }

  /**
   * One liveness check of the server subscription (see `LivenessCheck`); does nothing unless
   * it is subscribed and idle (no subscribe, backfill or check in flight), or without
   * a query or backfill. A missed event from the previous check: the subscription is
   * stalled; it is reported, replaced by a new server subscription and backfilled. Never
   * rejects: errors go to `onError`.
   *
   * @example
   * await subscription.verify()
   */
  async verify(): Promise<void> {
    const liveness = this.#liveness
    if (this.#verifying || !this.#idle() || liveness === undefined) return
    this.#verifying = true
    try {
      const missed = liveness.missed
      if (missed !== undefined) await this.#recover(missed)
      else {
        const socket = this.#socket
        const serverId = this.#serverId
        await liveness.check(() => this.#socket === socket && this.#serverId === serverId && this.#idle())
      }
    } catch (error) {
      if (this.#delivery.active) this.#delivery.error(error)
    } finally {
      this.#verifying = false
    }
  }

  /**
   * Unsubscribes: stops delivery at once, waits for a subscribe still in flight, then
   * sends the kind's unsubscribe method. Resolves with the server's answer (`false` when the
   * server had already dropped it), or `true` when the socket is gone (and the server
   * subscription with it). Calling it again returns the same promise.
   *
   * @example
   * await subscription.end() // true
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
    this.#liveness?.clear()
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

  /** The server subscription is dead: unsubscribes it (the server answers `false`), subscribes again and backfills. */
  async #recover(missed: TCursor): Promise<void> {
    const socket = this.#socket as JsonRpcSocket
    const hooks = this.#hooks as AttachHooks
    const staleId = this.#serverId as number
    this.#liveness?.clear()
    const resubscribing = this.#resubscribe(socket, hooks, staleId)
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
      // No answer (or an error): the socket is not fit to subscribe on; a reconnect resubscribes and backfills.
      socket.terminate(`${this.#kind.unsubscribeMethod} of a stalled subscription failed: ${String(error)}`)
      return
    }
    if (this.#socket !== socket || this.#serverId !== staleId) return
    hooks.unroute(staleId)
    this.#serverId = undefined
    if (this.#delivery.active) await this.#subscribe(socket, hooks)
  }

  async #subscribe(socket: JsonRpcSocket, hooks: AttachHooks): Promise<void> {
    if (!this.#anchored) {
      this.#anchored = true
      await this.#backfill?.anchor()
    }
    let id: unknown
    try {
      id = await socket.call(this.#kind.subscribeMethod, this.#kind.subscribeParams)
    } catch (error) {
      if (this.#socket !== socket || !this.#delivery.active) return
      // Whether a failed subscribe is worth a reconnect is decided by the one retry table.
      if (error instanceof JsonRpcError && !shouldRetry(error, { context: 'resubscribe', failures: 0 })) this.fail(error)
      else if (!(error instanceof SocketClosedError)) socket.terminate(`${this.#kind.subscribeMethod} failed: ${String(error)}`)
      return
    }
    if (typeof id !== 'number') {
      if (this.#socket === socket) socket.terminate(`${this.#kind.subscribeMethod} answered ${describeValue(id)}, not a subscription id`)
      return
    }
    if (this.#socket !== socket) return
    this.#serverId = id
    if (!this.#delivery.active) return
    hooks.healthy()
    this.#liveness?.clear()
    const reattached = this.#acknowledged
    this.#acknowledged = true
    const backfill = this.#backfill
    const canBackfill = backfill !== undefined && this.#delivery.position.known
    // A fresh buffer: what an earlier socket held back is after the position, so the backfill
    // reads it again, and the stream it must stop at is the one of this socket.
    if (canBackfill) this.#delivery.hold(backfill.settings.maxBufferedItems)
    hooks.route(id)
    this.report({ state: 'open' })
    this.#settleReady?.resolve()
    this.#settleReady = undefined
    if (canBackfill) void backfill.run()
    else if (reattached) this.#delivery.gap(Date.now(), this.#gapReason())
  }

  #gapReason(): string {
    const noun = this.#kind.noun
    if (this.#kind.query === undefined) return `reconnected without ${this.#kind.queryName} to fetch missed ${noun}s`
    if (this.#options.backfill === false) return 'reconnected with backfill disabled'
    return `reconnected without a known position to fetch missed ${noun}s from`
  }
}
