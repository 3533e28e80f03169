import type { RawData, WebSocket } from 'ws'
import type { LedgerEvent, LedgerReader, LedgerTransaction } from '../ledger/types.js'
import type { EventFilter } from './EventFilter.js'
import { JSON_RPC_CODES, JsonRpcFault } from './JsonRpcFault.js'
import { jsonRpcErrorResponse, jsonRpcResultResponse, parseJsonRpcEnvelope, type JsonRpcCall } from './jsonRpcEnvelope.js'
import { stringifyJson } from './jsonValue.js'
import { matchEventFilter } from './matchEventFilter.js'
import { parseEventFilter } from './parseEventFilter.js'
import { respondToJsonRpcCall, type JsonRpcEndpointOptions } from './respondToJsonRpcCall.js'
import { toRpcEvent } from './toRpcEvent.js'
import { parseTransactionFilter, type TransactionMatcher } from './parseTransactionFilter.js'
import { rpcEffects } from './toRpcTransaction.js'

/** Subscriptions one connection may hold, as jsonrpsee's default. */
const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1024

const SUBSCRIBE_METHOD = 'chainx_subscribeEvent'
const UNSUBSCRIBE_METHOD = 'chainx_unsubscribeEvent'
const SUBSCRIBE_TRANSACTION_METHOD = 'chainx_subscribeTransaction'
const UNSUBSCRIBE_TRANSACTION_METHOD = 'chainx_unsubscribeTransaction'
const OPEN = 1

type Subscription =
  | { id: number; socket: WebSocket; kind: 'event'; filter: EventFilter }
  | { id: number; socket: WebSocket; kind: 'transaction'; matches: TransactionMatcher }

/**
 * The mock service's WebSocket JSON-RPC side, wire-compatible with the reference service:
 *
 * - `chainx_subscribeEvent` with `[filter]` (a spec 6.4 filter, plus `Any`, `And`, `Or`)
 *   answers a random numeric subscription id (below 2^53); each new ledger event that
 *   matches is then pushed as
 *   `{"jsonrpc":"2.0","method":"chainx_subscribeEvent","params":{"subscription":<id>,"result":<Event>}}`,
 *   in ledger order. A bad filter is -32602; more than 1024 subscriptions on a connection is -32006.
 * - `chainx_unsubscribeEvent` with `[id]` answers `true`, or `false` for an id this
 *   connection does not hold (or of the other kind).
 * - `chainx_subscribeTransaction` with `[filter]` (a `TransactionFilter`) works the same way
 *   for transactions: each new matching transaction's effects (`TransactionBlockEffects`, as
 *   `chainx_queryTransactionBlocks` shows them) are pushed with method
 *   `chainx_subscribeTransaction`; `chainx_unsubscribeTransaction` ends it.
 * - Any other call is answered as over HTTP (`chainx_queryEvents` works; unknown methods
 *   are -32601), so a client can use a cheap call as a heartbeat. WebSocket pings are
 *   answered by `ws` itself.
 *
 * Like the real service it never replays past events and sends no close frame for a
 * dropped subscription (see `dropSubscriptionsSilently`).
 *
 * @example
 * const hub = new SubscriptionHub(ledger)
 * webSocketServer.on('connection', (socket) => hub.handleConnection(socket))
 * // later: hub.dropAllConnections() to simulate a network fault,
 * // hub.dropSubscriptionsSilently() to simulate slow subscribers removed; hub.close() on shutdown
 */
export class SubscriptionHub {
  readonly #ledger: LedgerReader
  readonly #options: JsonRpcEndpointOptions
  readonly #subscriptions = new Map<number, Subscription>()
  readonly #connections = new Map<WebSocket, Set<number>>()
  readonly #stopListening: () => void
  readonly #stopListeningTransactions: () => void
  #closed = false

  constructor(ledger: LedgerReader, options: JsonRpcEndpointOptions = {}) {
    this.#ledger = ledger
    this.#options = options
    this.#stopListening = ledger.onEvents((events) => this.#publish(events))
    this.#stopListeningTransactions = ledger.onTransactions((transactions) => this.#publishTransactions(transactions))
  }

  /** Number of live subscriptions over all connections. */
  get subscriptionCount(): number {
    return this.#subscriptions.size
  }

  /** Number of open connections. */
  get connectionCount(): number {
    return this.#connections.size
  }

  /**
   * Serves JSON-RPC on a newly accepted socket until it closes (its subscriptions end then).
   *
   * @example
   * webSocketServer.on('connection', (socket) => hub.handleConnection(socket))
   */
  handleConnection(socket: WebSocket): void {
    if (this.#closed) {
      socket.close(1001, 'server closing')
      return
    }
    this.#connections.set(socket, new Set())
    socket.on('message', (data: RawData) => this.#onMessage(socket, rawDataToText(data)))
    socket.on('error', () => this.#forget(socket))
    socket.once('close', () => this.#forget(socket))
  }

  /**
   * Cuts every connection at once with `terminate()`: no close frame, so clients see code
   * 1006, as after a network fault. Later connections are still served.
   *
   * @example
   * hub.dropAllConnections()
   */
  dropAllConnections(): void {
    for (const socket of [...this.#connections.keys()]) {
      this.#forget(socket)
      socket.terminate()
    }
  }

  /**
   * Forgets every subscription on the server side while keeping the connections open, as
   * the reference service does with a subscriber whose channel is full (jsonrpc-anchor 2.8):
   * no close frame and no error; the socket keeps answering calls, no event is pushed for
   * those ids any more, and unsubscribing one answers `false`. New subscriptions are served.
   * Returns how many subscriptions were dropped.
   *
   * @example
   * hub.dropSubscriptionsSilently() // 3
   */
  dropSubscriptionsSilently(): number {
    const dropped = this.#subscriptions.size
    this.#subscriptions.clear()
    for (const owned of this.#connections.values()) owned.clear()
    return dropped
  }

  /**
   * Stops listening to the ledger and closes every connection with code 1001 (going away).
   * Idempotent; later connections are closed at once.
   *
   * @example
   * hub.close()
   */
  close(): void {
    if (this.#closed) return
    this.#closed = true
    this.#stopListening()
    this.#stopListeningTransactions()
    for (const socket of [...this.#connections.keys()]) {
      this.#forget(socket)
      socket.close(1001, 'server closing')
    }
  }

  #onMessage(socket: WebSocket, text: string): void {
    const envelope = parseJsonRpcEnvelope(text)
    if ('response' in envelope) {
      send(socket, envelope.response)
      return
    }
    const { call } = envelope
    if (call.method === SUBSCRIBE_METHOD || call.method === SUBSCRIBE_TRANSACTION_METHOD) send(socket, this.#subscribe(socket, call))
    else if (call.method === UNSUBSCRIBE_METHOD)
      send(socket, jsonRpcResultResponse(call.id, this.#unsubscribe(socket, call.params, 'event')))
    else if (call.method === UNSUBSCRIBE_TRANSACTION_METHOD) {
      send(socket, jsonRpcResultResponse(call.id, this.#unsubscribe(socket, call.params, 'transaction')))
    } else send(socket, respondToJsonRpcCall(this.#ledger, call, this.#options))
  }

  #subscribe(socket: WebSocket, call: JsonRpcCall): string {
    const owned = this.#connections.get(socket)
    if (owned === undefined) return jsonRpcErrorResponse(call.id, new JsonRpcFault(JSON_RPC_CODES.internalError, 'Internal error'))
    let subscription: Subscription
    try {
      const param = subscribeFilterParam(call.params)
      const id = 0
      subscription =
        call.method === SUBSCRIBE_METHOD
          ? { id, socket, kind: 'event', filter: parseEventFilter(param, 'subscription') }
          : { id, socket, kind: 'transaction', matches: parseTransactionFilter(param, 'filter') }
    } catch (error) {
      const fault = error instanceof JsonRpcFault ? error : new JsonRpcFault(JSON_RPC_CODES.internalError, 'Internal error', String(error))
      return jsonRpcErrorResponse(call.id, fault)
    }
    if (owned.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      const fault = new JsonRpcFault(JSON_RPC_CODES.tooManySubscriptions, 'Too many subscriptions on the connection')
      return jsonRpcErrorResponse(call.id, fault)
    }
    const id = this.#newSubscriptionId()
    this.#subscriptions.set(id, { ...subscription, id })
    owned.add(id)
    return jsonRpcResultResponse(call.id, id)
  }

  #unsubscribe(socket: WebSocket, params: unknown, kind: Subscription['kind']): boolean {
    const id = Array.isArray(params) ? params[0] : (params as Record<string, unknown> | null | undefined)?.subscription
    if (typeof id !== 'number') return false
    const subscription = this.#subscriptions.get(id)
    if (subscription === undefined || subscription.socket !== socket || subscription.kind !== kind) return false
    this.#subscriptions.delete(id)
    this.#connections.get(socket)?.delete(id)
    return true
  }

  #publish(events: readonly LedgerEvent[]): void {
    if (this.#subscriptions.size === 0) return
    for (const event of events) {
      let eventJson: string | undefined
      for (const subscription of this.#subscriptions.values()) {
        if (subscription.kind !== 'event' || subscription.socket.readyState !== OPEN || !matchEventFilter(subscription.filter, event))
          continue
        eventJson ??= stringifyJson(toRpcEvent(event))
        send(
          subscription.socket,
          `{"jsonrpc":"2.0","method":"${SUBSCRIBE_METHOD}","params":{"subscription":${subscription.id},"result":${eventJson}}}`,
        )
      }
    }
  }

  #publishTransactions(transactions: readonly LedgerTransaction[]): void {
    if (this.#subscriptions.size === 0) return
    for (const tx of transactions) {
      let effectsJson: string | undefined
      for (const subscription of this.#subscriptions.values()) {
        if (subscription.kind !== 'transaction' || subscription.socket.readyState !== OPEN || !subscription.matches(tx)) continue
        effectsJson ??= stringifyJson(rpcEffects(tx))
        send(
          subscription.socket,
          `{"jsonrpc":"2.0","method":"${SUBSCRIBE_TRANSACTION_METHOD}","params":{"subscription":${subscription.id},"result":${effectsJson}}}`,
        )
      }
    }
  }

  #forget(socket: WebSocket): void {
    const owned = this.#connections.get(socket)
    if (owned === undefined) return
    for (const id of owned) this.#subscriptions.delete(id)
    this.#connections.delete(socket)
  }

  #newSubscriptionId(): number {
    let id = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER) + 1
    for (let attempt = 0; attempt < 64 && this.#subscriptions.has(id); attempt++) {
      id = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER) + 1
    }
    return id
  }
}

function subscribeFilterParam(params: unknown): unknown {
  if (Array.isArray(params)) {
    if (params.length !== 1) throw JsonRpcFault.invalidParams(`invalid length ${params.length}, expected 1 parameter \`filter\``)
    return params[0]
  }
  if (params !== null && typeof params === 'object') {
    const { filter } = params as Record<string, unknown>
    if (filter !== undefined) return filter
  }
  throw JsonRpcFault.invalidParams('missing required parameter `filter`')
}

function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}

function send(socket: WebSocket, text: string): void {
  if (socket.readyState === OPEN) socket.send(text)
}
