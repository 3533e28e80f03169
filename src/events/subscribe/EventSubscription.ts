import { ChainxError } from '../../errors/ChainxError.js'
import { JsonRpcError, SocketClosedError } from '../../errors/jsonRpc.js'
import { InvalidResponseError } from '../../errors/request.js'
import { DecodeFailure, describeValue } from '../../utils/decode.js'
import { jsonText } from '../../utils/jsonText.js'
import { eventKey } from '../eventKey.js'
import { chainxEventDecoder } from '../eventSchemas.js'
import { parseEventContent } from '../parseEventContent.js'
import type { ChainxEvent, EventId, EventSubscriptionFilter, QueryEventsFn } from '../types.js'
import type { JsonRpcSocket } from '../../jsonRpc/connectJsonRpcSocket.js'
import { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
import type { BackfillPlan } from './planBackfill.js'
import { LiveBuffer } from './LiveBuffer.js'
import { readMissedEvents } from './readMissedEvents.js'
import { RecentKeys } from './RecentKeys.js'
import type { SubscribeParameters, SubscriptionStateChange } from './types.js'

/**
 * JSON-RPC method that subscribes (spec 4.5); notifications carry the same method name.
 *
 * @example
 * socket.call(SUBSCRIBE_METHOD, [{ All: [] }]) // resolves with a numeric subscription id
 */
export const SUBSCRIBE_METHOD = 'chainx_subscribeEvent'

/**
 * JSON-RPC method that unsubscribes; answers `true`, or `false` for an unknown id.
 *
 * @example
 * socket.call(UNSUBSCRIBE_METHOD, [subscriptionId]) // true
 */
export const UNSUBSCRIBE_METHOD = 'chainx_unsubscribeEvent'

/**
 * Backfill settings after defaults were applied (see `BackfillOptions`).
 *
 * @example
 * const backfill: ResolvedBackfill = { onSubscribe: true, maxEvents: 10_000, pageSize: 50, maxBufferedEvents: 10_000 }
 */
export interface ResolvedBackfill {
  onSubscribe: boolean
  maxEvents: number
  pageSize: number
  maxBufferedEvents: number
}

/**
 * What an `EventSubscription` needs from its client.
 *
 * @example
 * const options: EventSubscriptionOptions = { filter, plan: planBackfill(filter), parameters, queryEvents, backfill, onEnded: forget }
 */
export interface EventSubscriptionOptions {
  /** The validated filter. */
  filter: EventSubscriptionFilter
  /** The query that fetches missed events. */
  plan: BackfillPlan
  parameters: SubscribeParameters<never>
  /** Reads event pages; without it, missed events are reported as gaps. */
  queryEvents: QueryEventsFn | undefined
  backfill: ResolvedBackfill | false
  /** The subscription ended on its own (rejected filter, given up): forget it. */
  onEnded: (subscription: EventSubscription) => void
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

/** Subscribe errors worth a reconnect: rate limit (-32009), internal or time-out (-32603), transient (-32050). */
const TRANSIENT_RPC_CODES: ReadonlySet<number> = new Set([-32009, -32603, -32050])

type Cursor = { known: true; id: EventId | null } | { known: false }

/** A matching event newer than the position, found by `verify` and not handled yet. */
interface Suspect {
  id: EventId
  key: string
  /** Set when the event is handled (live or backfilled) after it was found. */
  handled: boolean
}

/**
 * One subscription of a client: subscribes on each socket the client opens, delivers
 * each event once and in order, and fetches what it missed after (re)subscribing.
 *
 * Delivery: live events are delivered as they come, except while a backfill runs; then
 * they wait in a buffer and are released after it, minus those the backfill delivered.
 * Every event passes a bounded set of recently seen ids (`eventKey`) first, so none is
 * delivered twice. The position (`cursor`) is the id of the last event handled, live or
 * backfilled; a backfill reads `plan.query` after it, page by page.
 *
 * Verification (`verify`, called by the client every `verifyIntervalMs`): the service can
 * drop a subscription and keep the socket (jsonrpc-anchor 2.8), so the newest matching event
 * is read with `queryEvents`; one that is newer than the position and still not handled at
 * the next check means the server subscription is dead. It is then reported (`stalled`),
 * unsubscribed (the server answers `false`), subscribed again on the same socket, and
 * backfilled from the position like after a reconnect.
 *
 * @example
 * const subscription = new EventSubscription({ filter, plan: planBackfill(filter), parameters, queryEvents, backfill, onEnded })
 * subscription.attach(socket, { route: (id) => routes.set(id, subscription), healthy: () => {} })
 * await subscription.ready
 */
export class EventSubscription {
  /** Settles at the first acknowledgement: resolves, or rejects when the subscription ends before it. */
  readonly ready: Promise<void>
  readonly #options: EventSubscriptionOptions
  readonly #seen: RecentKeys
  #settleReady: { resolve: () => void; reject: (error: unknown) => void } | undefined
  #active = true
  #socket: JsonRpcSocket | undefined
  #hooks: AttachHooks | undefined
  #serverId: number | undefined
  #attaching: Promise<void> | undefined
  #acknowledged = false
  #anchored = false
  #cursor: Cursor = { known: false }
  #lastTimestampMs = Date.now()
  #buffer: LiveBuffer | undefined
  #backfilling = false
  #backfillAgain = false
  #ending: Promise<boolean> | undefined
  #suspect: Suspect | undefined
  #verifying = false

  constructor(options: EventSubscriptionOptions) {
    this.#options = options
    const { backfill } = options
    this.#seen = new RecentKeys(backfill === false ? 10_000 : backfill.maxEvents + backfill.maxBufferedEvents + backfill.pageSize)
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
    if (!this.#active || this.#socket === socket) return this.#attaching ?? Promise.resolve()
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
   * Handles the `result` of a notification for this subscription: checks it is an event,
   * then delivers it, or buffers it while a backfill runs.
   *
   * @example
   * subscription.handleLive(message.params.result)
   */
  handleLive(result: unknown): void {
    if (!this.#active) return
    try {
      chainxEventDecoder(result)
    } catch (failure) {
      if (!(failure instanceof DecodeFailure)) throw failure
      this.#error(
        new InvalidResponseError({
          status: 101,
          body: jsonText(result),
          reason: `malformed event in a subscription notification: ${failure.describe('params.result')}`,
          cause: failure,
        }),
      )
      return
    }
    if (this.#buffer === undefined) this.#accept(result as ChainxEvent, false)
    else if (!this.#buffer.push(result as ChainxEvent)) this.#backfillAgain = true
  }

  /**
   * Reports a state change to `onStateChange` (a throwing listener goes to `onError`).
   *
   * @example
   * subscription.report({ state: 'connecting' })
   */
  report(change: SubscriptionStateChange): void {
    if (!this.#active && change.state !== 'closed') return
    try {
      this.#options.parameters.onStateChange?.(change)
    } catch (error) {
      this.#error(error)
    }
  }

  /**
   * Passes an error that does not end the subscription to `onError` (a throwing
   * `onError` is ignored).
   *
   * @example
   * subscription.notifyError(new SocketClosedError())
   */
  notifyError(error: unknown): void {
    if (this.#active) this.#error(error)
  }

  /**
   * Ends it because of `error`: the first subscribe rejects with it, or, once running,
   * `onError` gets it and a `closed` state follows.
   *
   * @example
   * subscription.fail(new SocketClosedError({ reason: 'gave up' }))
   */
  fail(error: ChainxError): void {
    if (!this.#active) return
    this.#stop()
    if (this.#acknowledged) {
      this.#error(error)
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
    if (!this.#active) return
    this.#stop()
    this.#settleReady?.reject(new SocketClosedError({ reason: 'closed by client' }))
    this.#settleReady = undefined
    this.report({ state: 'closed' })
  }

  /**
   * One liveness check of the server subscription; does nothing unless it is subscribed and
   * idle (no subscribe, backfill or check in flight), or without `queryEvents` or backfill.
   *
   * - A suspect from the previous check that is still not handled: the subscription is
   *   stalled; it is reported, replaced by a new server subscription and backfilled.
   * - Otherwise one query for the newest events of `plan.query` (descending; `limit` 1 when
   *   the plan is exact, else one page, checked with `matchSubscriptionFilter`): the newest
   *   matching one that is newer than the position and not handled becomes the suspect, so
   *   an event gets a whole interval to arrive before it counts as lost.
   * - Without a known position (nothing handled since a failed backfill, or
   *   `onSubscribe: false` and nothing handled yet) the newest event becomes the position,
   *   as the anchor at subscribe does.
   *
   * Never rejects: errors go to `onError`.
   *
   * @example
   * await subscription.verify()
   */
  async verify(): Promise<void> {
    if (this.#verifying || !this.#idle() || this.#backfill === false) return
    this.#verifying = true
    try {
      const suspect = this.#suspect
      if (suspect !== undefined && !suspect.handled) await this.#recover(suspect.id)
      else await this.#check()
    } catch (error) {
      if (this.#active) this.#error(error)
    } finally {
      this.#verifying = false
    }
  }

  /**
   * Unsubscribes: stops delivery at once, waits for a subscribe still in flight, then
   * sends `chainx_unsubscribeEvent`. Resolves with the server's answer (`false` when the
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
    const wasActive = this.#active
    this.#stop()
    if (wasActive) this.report({ state: 'closed' })
    await this.#attaching
    const socket = this.#socket
    const id = this.#serverId
    this.detach()
    if (socket === undefined || id === undefined || socket.closed) return true
    try {
      return (await socket.call(UNSUBSCRIBE_METHOD, [id])) === true
    } catch (error) {
      return error instanceof SocketClosedError
    }
  }

  #stop(): void {
    this.#active = false
    this.#buffer = undefined
    this.#suspect = undefined
  }

  /** Subscribed on an open socket, with no subscribe or backfill in flight. */
  #idle(): boolean {
    return this.#active && this.#socket?.closed === false && this.#serverId !== undefined && !this.#backfilling && this.#buffer === undefined
  }

  async #check(): Promise<void> {
    const socket = this.#socket
    const serverId = this.#serverId
    const { exact } = this.#options.plan
    const pageSize = (this.#backfill as ResolvedBackfill).pageSize
    const page = await this.#query({ cursor: null, limit: exact ? 1 : pageSize, descending: true })
    // Subscribed again (or gone) meanwhile: that subscribe started its own backfill.
    if (this.#socket !== socket || this.#serverId !== serverId || !this.#idle()) return
    if (!this.#cursor.known) {
      this.#cursor = { known: true, id: page.data[0]?.id ?? null }
      return
    }
    const position = this.#cursor.id === null ? undefined : eventKey(this.#cursor.id)
    this.#suspect = undefined
    for (const event of page.data) {
      const key = eventKey(event)
      // Delivery is in order: the position, or any event handled, has every older one handled too.
      if (key === position || this.#seen.has(key)) return
      if (exact || matchSubscriptionFilter(this.#options.filter, event)) {
        this.#suspect = { id: event.id, key, handled: false }
        return
      }
    }
  }

  /** The server subscription is dead: unsubscribes it (the server answers `false`), subscribes again and backfills. */
  async #recover(missed: EventId): Promise<void> {
    const socket = this.#socket as JsonRpcSocket
    const hooks = this.#hooks as AttachHooks
    const staleId = this.#serverId as number
    this.#suspect = undefined
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
      await socket.call(UNSUBSCRIBE_METHOD, [staleId])
    } catch (error) {
      if (this.#socket !== socket || error instanceof SocketClosedError) return
      // No answer (or an error): the socket is not fit to subscribe on; a reconnect resubscribes and backfills.
      socket.terminate(`${UNSUBSCRIBE_METHOD} of a stalled subscription failed: ${String(error)}`)
      return
    }
    if (this.#socket !== socket || this.#serverId !== staleId) return
    hooks.unroute(staleId)
    this.#serverId = undefined
    if (this.#active) await this.#subscribe(socket, hooks)
  }

  get #backfill(): ResolvedBackfill | false {
    return this.#options.queryEvents === undefined ? false : this.#options.backfill
  }

  async #subscribe(socket: JsonRpcSocket, hooks: AttachHooks): Promise<void> {
    if (!this.#anchored) await this.#anchor()
    let id: unknown
    try {
      id = await socket.call(SUBSCRIBE_METHOD, [this.#options.filter])
    } catch (error) {
      if (this.#socket !== socket || !this.#active) return
      if (error instanceof JsonRpcError && !TRANSIENT_RPC_CODES.has(error.rpcCode)) this.fail(error)
      else if (!(error instanceof SocketClosedError)) socket.terminate(`${SUBSCRIBE_METHOD} failed: ${String(error)}`)
      return
    }
    if (typeof id !== 'number') {
      if (this.#socket === socket) socket.terminate(`${SUBSCRIBE_METHOD} answered ${describeValue(id)}, not a subscription id`)
      return
    }
    if (this.#socket !== socket) return
    this.#serverId = id
    if (!this.#active) return
    hooks.healthy()
    this.#suspect = undefined
    const reattached = this.#acknowledged
    this.#acknowledged = true
    const backfill = this.#backfill
    const canBackfill = backfill !== false && this.#cursor.known
    // A fresh buffer: what an earlier socket held back is after the position, so the backfill
    // reads it again, and the stream it must stop at is the one of this socket.
    if (canBackfill) this.#buffer = new LiveBuffer(backfill.maxBufferedEvents)
    hooks.route(id)
    this.report({ state: 'open' })
    this.#settleReady?.resolve()
    this.#settleReady = undefined
    if (canBackfill) void this.#runBackfill()
    else if (reattached) this.#reportGap(Date.now(), this.#gapReason())
  }

  async #anchor(): Promise<void> {
    this.#anchored = true
    const backfill = this.#backfill
    if (backfill === false || !backfill.onSubscribe) return
    try {
      const page = await this.#query({ cursor: null, limit: 1, descending: true })
      this.#cursor = { known: true, id: page.data[0]?.id ?? null }
    } catch (error) {
      this.#error(error)
    }
  }

  async #runBackfill(): Promise<void> {
    if (this.#backfilling) {
      this.#backfillAgain = true
      return
    }
    this.#backfilling = true
    try {
      do {
        this.#backfillAgain = false
        await this.#backfillOnce()
      } while (this.#backfillAgain && this.#active)
    } finally {
      this.#backfilling = false
      this.#releaseBuffer()
    }
  }

  async #backfillOnce(): Promise<void> {
    const backfill = this.#backfill
    if (backfill === false || !this.#cursor.known) return
    const after = this.#cursor.id
    const check = !this.#options.plan.exact
    let delivered = 0
    try {
      const { read, stop } = await readMissedEvents({
        queryEvents: this.#options.queryEvents as QueryEventsFn,
        query: this.#options.plan.query,
        after,
        pageSize: backfill.pageSize,
        maxEvents: backfill.maxEvents,
        // The live stream is complete from the acknowledgement on: the rest is in the buffer.
        isLive: (event) => this.#buffer?.has(eventKey(event)) === true,
        onEvent: (event) => {
          if (this.#accept(event, check)) delivered++
        },
        cancelled: () => !this.#active,
      })
      if (stop === 'cancelled') return
      if (stop === 'limit') await this.#skipGap(`backfill stopped after ${read} events (maxEvents ${backfill.maxEvents})`)
      this.report({ state: 'backfilled', delivered, scanned: read, after })
    } catch (error) {
      if (!this.#active) return
      this.#error(error)
      this.#cursor = { known: false }
      this.#reportGap(Date.now(), 'backfill failed; events before the next live event may be missing')
    }
  }

  /** Gives up on the rest of the gap: up to the first live event held back, or else up to the newest event. */
  async #skipGap(reason: string): Promise<void> {
    const firstLive = this.#buffer?.first
    if (firstLive !== undefined) return this.#reportGap(timestampOf(firstLive) ?? Date.now(), reason)
    const page = await this.#query({ cursor: null, limit: 1, descending: true })
    const newest = page.data[0]
    this.#reportGap(timestampOf(newest) ?? Date.now(), reason)
    if (newest !== undefined) this.#cursor = { known: true, id: newest.id }
  }

  #releaseBuffer(): void {
    const buffered = this.#buffer?.drain() ?? []
    this.#buffer = undefined
    for (const event of buffered) {
      if (!this.#active) return
      this.#accept(event, false)
    }
  }

  #query(page: { cursor: EventId | null; limit: number; descending?: boolean }) {
    const queryEvents = this.#options.queryEvents as QueryEventsFn
    return queryEvents({ filter: this.#options.plan.query, ...page })
  }

  /** Handles an event once: remembers it as the position; delivers it when it passes (`check`) the filter. */
  #accept(event: ChainxEvent, check: boolean): boolean {
    const key = eventKey(event)
    if (this.#seen.has(key)) return false
    this.#seen.add(key)
    if (this.#suspect?.key === key) this.#suspect.handled = true
    this.#cursor = { known: true, id: event.id }
    this.#lastTimestampMs = timestampOf(event) ?? this.#lastTimestampMs
    if (check && !matchSubscriptionFilter(this.#options.filter, event)) return false
    this.#deliver(event)
    return true
  }

  #deliver(event: ChainxEvent): void {
    const { parse } = this.#options.parameters
    if (parse) {
      try {
        event = parseEventContent([event], parse)[0] as ChainxEvent
      } catch (error) {
        this.#error(error)
        return
      }
    }
    try {
      const returned: unknown = this.#options.parameters.onEvent(event as never)
      if (returned instanceof Promise) returned.catch((error: unknown) => this.#error(error))
    } catch (error) {
      this.#error(error)
    }
  }

  #reportGap(endMs: number, reason: string): void {
    this.report({ state: 'gap', startMs: this.#lastTimestampMs, endMs: Math.max(endMs, this.#lastTimestampMs), reason })
  }

  #gapReason(): string {
    if (this.#options.queryEvents === undefined) return 'reconnected without queryEvents to fetch missed events'
    if (this.#options.backfill === false) return 'reconnected with backfill disabled'
    return 'reconnected without a known position to fetch missed events from'
  }

  #error(error: unknown): void {
    try {
      const onError = this.#options.parameters.onError ?? defaultOnError
      onError(error)
    } catch {
      // an onError that throws must not break the stream either
    }
  }
}

function defaultOnError(error: unknown): void {
  console.error('[chainx-sdk] event subscription error:', error)
}

function timestampOf(event: ChainxEvent | undefined): number | undefined {
  const text = event?.timestampMs
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined
}
