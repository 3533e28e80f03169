import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { inspect } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import NodeWebSocket, { WebSocketServer, type WebSocket } from 'ws'
import {
  ChainxError,
  InvalidArgumentError,
  InvalidFilterError,
  JsonRpcError,
  SocketClosedError,
  UnexpectedError,
} from '../../src/errors/index.js'
import { createSubscriptionClient, type SubscriptionClient, type SubscriptionClientOptions } from './eventSubscriptions.js'
import type { WebSocketConstructor } from '../../src/jsonRpc/webSocketTypes.js'
import { loadWebSocket } from '../../src/subscription/loadWebSocket.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../../src/events/types.js'
import type { QueryEventsLike } from './eventSubscriptions.js'
import { MAX_TIMER_MS } from '../../src/utils/maxTimerMs.js'
import { recorder, waitOptions } from './subscriptionRecorder.js'

// A tiny chainx WebSocket server on 127.0.0.1 speaking the reference wire format
// (jsonrpc-anchor 2.8), with an in-memory chain behind `queryEvents`. It understands the
// filters `{ All: [] }` and `{ Sender }` only: filter semantics are tested against the
// mock network in subscribe.test.ts.

interface Received {
  connection: number
  message: { id?: unknown; method?: string; params?: unknown }
}

interface TinyServer {
  url: string
  /** Connections accepted so far. */
  accepted: number
  /** Connections open now. */
  readonly openCount: number
  received: Received[]
  chain: ChainxEvent[]
  /** Replaces the default answer to a call: return a frame, `null` for no answer, undefined for the default. */
  respond: ((message: Received['message'], socket: WebSocket) => string | null | undefined) | undefined
  /** Appends an event to the chain and pushes it to every matching subscription of a socket that is not silenced. */
  emit(event: ChainxEvent): void
  /** From now on the sockets open now ignore every frame and get no events, but stay connected (a black hole). */
  silence(): void
  /** Cuts every connection without a close frame. */
  dropAll(): void
  /** Forgets every subscription while the sockets stay open (the service removing slow subscribers, jsonrpc-anchor 2.8). */
  dropSubscriptionsSilently(): void
  /** Sends a raw frame on every open connection. */
  sendRaw(text: string): void
  /** Subscriptions alive on the server, with their filters. */
  subscriptionFilters(): EventSubscriptionFilter[]
  queryEvents: QueryEventsLike
  close(): Promise<void>
}

const SUBSCRIBE_ENTRY = fileURLToPath(new URL('./eventSubscriptions.ts', import.meta.url))
const servers: { close(): Promise<void> }[] = []
const clients: SubscriptionClient[] = []

afterEach(async () => {
  vi.restoreAllMocks() // first: the timer spies wrap the fake timers
  vi.useRealTimers()
  for (const client of clients.splice(0)) await client.close()
  for (const server of servers.splice(0)) await server.close()
})

async function startTinyServer(): Promise<TinyServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()))
  const address = wss.address() as { port: number }
  const subscriptions = new Map<number, { socket: WebSocket; filter: EventSubscriptionFilter }>()
  const silenced = new Set<WebSocket>()
  const open = new Set<WebSocket>()
  let nextSubscriptionId = 1000

  const matches = (filter: EventSubscriptionFilter, event: ChainxEvent) =>
    'Sender' in filter ? filter.Sender === event.sender : 'All' in filter && filter.All.length === 0

  const server: TinyServer = {
    url: `ws://127.0.0.1:${address.port}`,
    accepted: 0,
    get openCount() {
      return open.size
    },
    received: [],
    chain: [],
    respond: undefined,
    emit(event) {
      server.chain.push(event)
      for (const [id, { socket, filter }] of subscriptions) {
        if (silenced.has(socket) || !matches(filter, event)) continue
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'chainx_subscribeEvent', params: { subscription: id, result: event } }))
      }
    },
    silence() {
      for (const socket of open) silenced.add(socket)
    },
    dropAll() {
      for (const socket of open) socket.terminate()
    },
    dropSubscriptionsSilently() {
      subscriptions.clear()
    },
    sendRaw(text) {
      for (const socket of open) socket.send(text)
    },
    subscriptionFilters: () => [...subscriptions.values()].map((entry) => entry.filter),
    queryEvents: (async ({ filter, cursor, pageSize, direction }) => {
      const selected = server.chain.filter((event) =>
        'All' in filter ? true : 'Sender' in filter ? event.sender === filter.Sender : false,
      )
      const ordered = direction === 'backward' ? [...selected].reverse() : selected
      const start = cursor
        ? ordered.findIndex((event) => event.id.txDigest === cursor.txDigest && event.id.eventSeq === cursor.eventSeq) + 1
        : 0
      const size = pageSize ?? 50
      const data = ordered.slice(start, start + size)
      return { items: data, cursor: data.at(-1)?.id ?? cursor ?? null, hasMore: start + size < ordered.length }
    }) as QueryEventsLike,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.terminate()
        wss.close(() => resolve())
      }),
  }

  wss.on('connection', (socket) => {
    const connection = ++server.accepted
    open.add(socket)
    socket.on('close', () => {
      open.delete(socket)
      for (const [id, entry] of subscriptions) if (entry.socket === socket) subscriptions.delete(id)
    })
    socket.on('message', (data) => {
      if (silenced.has(socket)) return
      const message = JSON.parse(data.toString()) as Received['message']
      server.received.push({ connection, message })
      const custom = server.respond?.(message, socket)
      if (custom !== undefined) {
        if (custom !== null) socket.send(custom)
        return
      }
      const reply = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }))
      if (message.method === 'chainx_subscribeEvent') {
        const id = nextSubscriptionId++
        subscriptions.set(id, { socket, filter: (message.params as EventSubscriptionFilter[])[0] as EventSubscriptionFilter })
        reply(id)
      } else if (message.method === 'chainx_unsubscribeEvent') {
        const id = (message.params as unknown[])[0] as number
        const owned = subscriptions.get(id)?.socket === socket
        if (owned) subscriptions.delete(id)
        reply(owned)
      } else {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }))
      }
    })
  })
  servers.push(server)
  return server
}

/** A TCP server that accepts connections and never answers: a WebSocket handshake to it never completes. */
async function startBlackHole(): Promise<{ url: string; readonly accepted: number }> {
  const sockets = new Set<import('node:net').Socket>()
  const blackHole: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        blackHole.close(() => resolve())
      }),
  })
  const { port } = blackHole.address() as { port: number }
  return {
    url: `ws://127.0.0.1:${port}`,
    get accepted() {
      return sockets.size
    },
  }
}

/**
 * Records the delays asked of `setTimeout` and `setInterval` (the real timers still run);
 * `oversized()` lists those the runtime would cut to 1 ms.
 */
function recordTimerDelays(): { oversized: () => unknown[] } {
  const timeouts = vi.spyOn(globalThis, 'setTimeout')
  const intervals = vi.spyOn(globalThis, 'setInterval')
  return {
    oversized: () =>
      [...timeouts.mock.calls, ...intervals.mock.calls]
        .map((call) => call[1])
        .filter((delay) => typeof delay === 'number' && !(delay <= MAX_TIMER_MS)),
  }
}

/**
 * Fakes the timers (the sockets stay real) and records the delays asked: a minute of fake time
 * then fires any timer shorter than that, a delay the runtime cut to 1 ms included.
 */
function fakeTimers(): { oversized: () => unknown[] } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
  return recordTimerDelays()
}
const A_MINUTE = 60_000

function creationError(options: Partial<SubscriptionClientOptions>): unknown {
  try {
    createSubscriptionClient({ wsUrl: 'ws://127.0.0.1:1', ...options })
  } catch (caught) {
    return caught
  }
}

let eventCounter = 0
function makeEvent(sender = '0xa'): ChainxEvent {
  const n = ++eventCounter
  return {
    id: { txDigest: `tx${n}`, eventSeq: '0' },
    packageId: '0x2',
    transactionModule: 'market',
    sender,
    type: '0x2::market::Listed',
    parsedJson: { n: String(n) },
    bcs: 'AA==',
    bcsEncoding: 'base64',
    timestampMs: String(1_700_000_000_000 + n),
  }
}

function newClient(server: TinyServer, options: Partial<SubscriptionClientOptions> = {}): SubscriptionClient {
  const client = createSubscriptionClient({
    wsUrl: server.url,
    queryEvents: server.queryEvents,
    heartbeatMs: 0,
    reconnect: { baseDelayMs: 5, maxDelayMs: 20, retries: 5 },
    ...options,
  })
  clients.push(client)
  return client
}

const subscribeCalls = (server: TinyServer) => server.received.filter((entry) => entry.message.method === 'chainx_subscribeEvent')

describe('subscribe over a WebSocket (tiny wire-format server)', () => {
  it('S1: subscribeEvent with [filter] over ws_url returns a stream of events and an unsubscribe function', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const seen = recorder()
    const unsubscribe = await client.subscribe({ filter: { All: [] }, ...seen })
    expect(subscribeCalls(server).map((entry) => entry.message.params)).toEqual([[{ All: [] }]])
    const emitted = [makeEvent(), makeEvent(), makeEvent()]
    for (const event of emitted) server.emit(event)
    await vi.waitFor(() => expect(seen.events).toHaveLength(3), waitOptions)
    expect(seen.events).toEqual(emitted)
    expect(seen.states.map((change) => change.state)).toContain('open')

    await expect(unsubscribe()).resolves.toBe(true)
    const unsubscribeCall = server.received.find((entry) => entry.message.method === 'chainx_unsubscribeEvent')
    expect(unsubscribeCall?.message.params).toEqual([1000])
    expect(seen.states.at(-1)).toEqual({ state: 'closed' })
    server.emit(makeEvent())
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
    expect(seen.events).toHaveLength(3)
    expect(seen.errors).toEqual([])
  })

  it('S1: after the last unsubscribe nothing of the client is left open: a Node process exits by itself', async () => {
    const server = await startTinyServer()
    const script = [
      `const { createSubscriptionClient } = await import(${JSON.stringify(SUBSCRIBE_ENTRY)})`,
      `const client = createSubscriptionClient({ wsUrl: ${JSON.stringify(server.url)}, heartbeatMs: 20, heartbeatTimeoutMs: 1000 })`,
      'const unsubscribe = await client.subscribe({ filter: { All: [] }, onEvent: () => {} })',
      'await new Promise((resolve) => setTimeout(resolve, 60))', // a few heartbeats
      "console.log('unsubscribed', await unsubscribe())",
    ].join('\n')
    const { code, signal, output } = await runNodeScript(script)
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(output).toContain('unsubscribed true')
    expect(server.accepted).toBe(1)
  })

  it.each(['unsubscribe', 'close'])(
    'S1: with verifyIntervalMs on, nothing is left open after %s either: a Node process exits by itself',
    async (ending) => {
      const server = await startTinyServer()
      const script = [
        `const { createSubscriptionClient } = await import(${JSON.stringify(SUBSCRIBE_ENTRY)})`,
        'let checks = 0',
        'const queryEvents = async () => { checks++; return { items: [], cursor: null, hasMore: false } }',
        `const client = createSubscriptionClient({ wsUrl: ${JSON.stringify(server.url)}, queryEvents, heartbeatMs: 0, verifyIntervalMs: 5 })`,
        'const unsubscribe = await client.subscribe({ filter: { All: [] }, onEvent: () => {} })',
        'for (let i = 0; i < 1000 && checks < 8; i++) await new Promise((resolve) => setTimeout(resolve, 5))', // a few checks
        "console.log('checked', checks >= 8)",
        ending === 'unsubscribe' ? "console.log('ended', await unsubscribe())" : "await client.close(); console.log('ended', true)",
      ].join('\n')
      const { code, signal, output } = await runNodeScript(script)
      expect({ code, signal }).toEqual({ code: 0, signal: null })
      expect(output).toContain('checked true')
      expect(output).toContain('ended true')
    },
  )

  it('S1: a negative or NaN time option (heartbeatMs, heartbeatTimeoutMs, connectTimeoutMs, callTimeoutMs, verifyIntervalMs) is rejected with INVALID_ARGUMENT naming it when the client is created', () => {
    const names = ['heartbeatMs', 'heartbeatTimeoutMs', 'connectTimeoutMs', 'callTimeoutMs', 'verifyIntervalMs'] as const
    for (const name of names) {
      for (const value of [-1, Number.NaN, -Infinity]) {
        const error = creationError({ [name]: value })
        expect(error).toBeInstanceOf(InvalidArgumentError)
        expect((error as InvalidArgumentError).code).toBe('INVALID_ARGUMENT')
        expect((error as InvalidArgumentError).message).toContain(name)
      }
    }
  })

  it('S1: reconnect settings a backoff cannot use (NaN or negative delays, maxAttempts not a whole number >= 0) are rejected with INVALID_ARGUMENT when the client is created', () => {
    const bad = [
      { retries: Number.NaN },
      { retries: -1 },
      { retries: 1.5 },
      { baseDelayMs: -1 },
      { baseDelayMs: Number.NaN },
      { maxDelayMs: -5 },
      { maxDelayMs: Number.NaN },
    ]
    for (const reconnect of bad) {
      const error = creationError({ reconnect })
      expect(error, JSON.stringify(reconnect)).toBeInstanceOf(InvalidArgumentError)
      expect((error as InvalidArgumentError).message).toContain(`reconnect.${Object.keys(reconnect)[0] as string}`)
    }
    for (const reconnect of [{ retries: Infinity }, { retries: 0 }, { baseDelayMs: 0, maxDelayMs: Infinity }]) {
      expect(creationError({ reconnect }), JSON.stringify(reconnect)).toBeUndefined()
    }
  })

  it('S1: a connectTimeoutMs above 2^31-1 ms (or Infinity) sets no time limit (no early failure, no timer cut to 1 ms)', async () => {
    for (const connectTimeoutMs of [2 ** 31, Infinity]) {
      const blackHole = await startBlackHole()
      const timers = fakeTimers()
      const client = createSubscriptionClient({ wsUrl: blackHole.url, heartbeatMs: 0, connectTimeoutMs, reconnect: false })
      clients.push(client)
      let settled = false
      const subscribed = client.subscribe({ filter: { All: [] }, onEvent: () => {} }).finally(() => {
        settled = true
      })
      await vi.waitFor(() => expect(blackHole.accepted).toBe(1), waitOptions)
      await vi.advanceTimersByTimeAsync(A_MINUTE)
      expect(settled).toBe(false)
      expect(timers.oversized()).toEqual([])
      await client.close()
      const error = await subscribed.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(SocketClosedError)
      expect((error as SocketClosedError).message).not.toContain('within')
      vi.restoreAllMocks()
      vi.useRealTimers()
    }
  })

  it('S1: a callTimeoutMs above 2^31-1 ms sets no time limit: an unanswered subscribe waits (no early TimeoutError)', async () => {
    const server = await startTinyServer()
    server.respond = (message) => (message.method === 'chainx_subscribeEvent' ? null : undefined)
    const timers = fakeTimers()
    const client = newClient(server, { callTimeoutMs: 2 ** 31, reconnect: false })
    let settled = false
    const subscribed = client.subscribe({ filter: { All: [] }, onEvent: () => {} }).finally(() => {
      settled = true
    })
    await vi.waitFor(() => expect(subscribeCalls(server)).toHaveLength(1), waitOptions)
    await vi.advanceTimersByTimeAsync(A_MINUTE)
    expect(settled).toBe(false)
    expect(timers.oversized()).toEqual([])
    await client.close()
    expect(await subscribed.catch((caught: unknown) => caught)).toBeInstanceOf(SocketClosedError)
  })

  it('S1: a heartbeatMs above 2^31-1 ms (or Infinity) sends no heartbeat (no probe every 1 ms)', async () => {
    for (const heartbeatMs of [2 ** 31, Infinity]) {
      const server = await startTinyServer()
      const timers = fakeTimers()
      const client = newClient(server, { heartbeatMs })
      const seen = recorder()
      await client.subscribe({ filter: { All: [] }, ...seen })
      server.emit(makeEvent())
      await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
      await vi.advanceTimersByTimeAsync(A_MINUTE)
      expect(server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent')).toEqual([])
      expect(timers.oversized()).toEqual([])
      vi.restoreAllMocks()
      vi.useRealTimers()
    }
  })

  it('S1: a heartbeatTimeoutMs above 2^31-1 ms sets no deadline: an unanswered probe does not drop the socket', async () => {
    const server = await startTinyServer()
    const isProbe = (message: Received['message']) =>
      message.method === 'chainx_unsubscribeEvent' && JSON.stringify(message.params) === '[-1]'
    server.respond = (message) => (isProbe(message) ? null : undefined)
    const timers = fakeTimers()
    const client = newClient(server, { heartbeatMs: 5, heartbeatTimeoutMs: 2 ** 31 })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    await vi.waitFor(() => expect(server.received.some((entry) => isProbe(entry.message))).toBe(true), waitOptions)
    await vi.advanceTimersByTimeAsync(A_MINUTE)
    expect(server.received.filter((entry) => isProbe(entry.message))).toHaveLength(1) // the first probe still waits
    expect(server.accepted).toBe(1)
    expect(seen.states.map((change) => change.state)).not.toContain('reconnecting')
    expect(timers.oversized()).toEqual([])
  })

  it('S1: a reconnect delay above 2^31-1 ms is waited in full (no reconnect storm), not cut to 1 ms', async () => {
    const server = await startTinyServer()
    const timers = fakeTimers()
    const client = newClient(server, { reconnect: { baseDelayMs: 2 ** 32, maxDelayMs: Infinity, retries: 3 } })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    server.dropAll()
    await vi.waitFor(() => expect(seen.states.map((change) => change.state)).toContain('reconnecting'), waitOptions)
    await vi.advanceTimersByTimeAsync(A_MINUTE)
    const reconnecting = seen.states.filter((change) => change.state === 'reconnecting') as { delayMs: number }[]
    expect(reconnecting).toHaveLength(1)
    expect(reconnecting[0]?.delayMs).toBeGreaterThan(MAX_TIMER_MS)
    expect(server.accepted).toBe(1)
    expect(timers.oversized()).toEqual([])
  })

  it('S1: all subscriptions of a client share one socket, closed only after the last unsubscribes', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const first = recorder()
    const second = recorder()
    const unsubscribeFirst = await client.subscribe({ filter: { All: [] }, ...first })
    const unsubscribeSecond = await client.subscribe({ filter: { Sender: '0xb' }, ...second })
    expect(server.accepted).toBe(1)
    server.emit(makeEvent('0xa'))
    server.emit(makeEvent('0xb'))
    await vi.waitFor(() => expect(second.events).toHaveLength(1), waitOptions)
    await vi.waitFor(() => expect(first.events).toHaveLength(2), waitOptions)

    await unsubscribeFirst()
    expect(server.openCount).toBe(1)
    await unsubscribeSecond()
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
    expect(server.accepted).toBe(1)
  })

  it('S1: unsubscribe is idempotent and answers false when the server had already dropped the subscription', async () => {
    const server = await startTinyServer()
    server.respond = (message) =>
      message.method === 'chainx_unsubscribeEvent' ? JSON.stringify({ jsonrpc: '2.0', id: message.id, result: false }) : undefined
    const client = newClient(server)
    const unsubscribe = await client.subscribe({ filter: { All: [] }, onEvent: () => {} })
    const first = unsubscribe()
    expect(unsubscribe()).toBe(first)
    await expect(first).resolves.toBe(false)
    expect(server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent')).toHaveLength(1)
  })

  it('S13: an invalid filter is rejected with INVALID_FILTER and its path before anything is sent', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const filter = { All: [{ Sender: '0xa' }, { MoveModule: { package: 'not-an-address', module: 'market' } }] }
    const error = await client.subscribe({ filter, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidFilterError)
    expect((error as InvalidFilterError).code).toBe('INVALID_FILTER')
    expect((error as InvalidFilterError).path).toBe('All[1].MoveModule.package')
    expect(server.accepted).toBe(0)
  })

  it('S1: a filter the server rejects (-32602) rejects subscribe with the JSON-RPC error and leaves no socket open', async () => {
    const server = await startTinyServer()
    server.respond = (message) =>
      message.method === 'chainx_subscribeEvent'
        ? JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 'Invalid params', data: 'unknown variant' } })
        : undefined
    const client = newClient(server)
    const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).rpcCode).toBe(-32602)
    expect((error as JsonRpcError).data).toBe('unknown variant')
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
  })

  it('S1: an error frame with id null answers the one pending call instead of leaving it to time out', async () => {
    const server = await startTinyServer()
    server.respond = (message) =>
      message.method === 'chainx_subscribeEvent'
        ? JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid params' } })
        : undefined
    const client = newClient(server, { callTimeoutMs: 60_000 })
    const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).rpcCode).toBe(-32602)
  })

  it('S1: a rate-limit error frame with id null (-32009) is transient: the client reconnects and subscribes again', async () => {
    const server = await startTinyServer()
    let refused = 0
    server.respond = (message) => {
      if (message.method !== 'chainx_subscribeEvent' || refused > 0) return undefined
      refused++
      return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32009, message: 'Too many requests' } })
    }
    const client = newClient(server, { callTimeoutMs: 60_000 })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    expect(server.accepted).toBe(2)
    expect(seen.states.map((change) => change.state)).toContain('reconnecting')
    server.emit(makeEvent())
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
  })

  it('S1: pending calls are rejected as soon as the socket closes (no wait for the call time-out)', async () => {
    const server = await startTinyServer()
    server.respond = (message, socket) => {
      if (message.method === 'chainx_subscribeEvent') setTimeout(() => socket.close(1011, 'going away'), 10)
      return null
    }
    const client = newClient(server, { callTimeoutMs: 60_000, reconnect: false })
    const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SocketClosedError)
    expect((error as SocketClosedError).code).toBe('SOCKET_CLOSED')
  })

  it('S1: a failing first connect rejects after the bounded attempts instead of hanging', async () => {
    const server = await startTinyServer()
    const url = server.url
    await server.close()
    servers.length = 0
    const seen = recorder()
    const client = createSubscriptionClient({ wsUrl: url, heartbeatMs: 0, reconnect: { baseDelayMs: 1, maxDelayMs: 5, retries: 3 } })
    clients.push(client)
    const error = await client.subscribe({ filter: { All: [] }, ...seen }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SocketClosedError)
    expect(seen.states.map((change) => change.state)).toEqual(['connecting', 'reconnecting', 'reconnecting', 'reconnecting'])
    expect(
      seen.states.filter((change) => change.state === 'reconnecting').map((change) => (change as { attempt: number }).attempt),
    ).toEqual([1, 2, 3])
  })

  it('S1: a failed connect names the endpoint without its credentials (no apiKey or password in any message or cause)', async () => {
    const server = await startTinyServer()
    const url = server.url
    await server.close()
    servers.length = 0
    const client = createSubscriptionClient({
      wsUrl: `${url.replace('://', '://alice:pw-SECRET@')}?apiKey=key-SECRET`,
      heartbeatMs: 0,
      reconnect: false,
    })
    clients.push(client)
    const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SocketClosedError)
    const shown = inspect(error, { depth: 10 })
    expect(shown).toContain('apiKey=%5Bredacted%5D')
    expect(shown).not.toContain('SECRET')
  })

  it('S1: a URL the WebSocket refuses is SOCKET_CLOSED naming it without its credentials, in the message and in the cause', async () => {
    for (const wsUrl of ['ws://alice:pw-SECRET@127.0.0.1:99999/?apiKey=key-SECRET', 'ws://alice:pw-SECRET@[::1/x?apiKey=key-SECRET']) {
      const client = createSubscriptionClient({ wsUrl, heartbeatMs: 0, reconnect: false })
      clients.push(client)
      const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(SocketClosedError)
      expect((error as SocketClosedError).cause).toBeInstanceOf(Error)
      expect(inspect(error, { depth: 10 })).not.toContain('SECRET')
    }
  })

  it('S1: a connect that never completes its handshake fails after connectTimeoutMs', async () => {
    const blackHole = await startBlackHole()
    const client = createSubscriptionClient({ wsUrl: blackHole.url, heartbeatMs: 0, connectTimeoutMs: 50, reconnect: false })
    clients.push(client)
    const error = await client.subscribe({ filter: { All: [] }, onEvent: () => {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SocketClosedError)
    expect((error as SocketClosedError).message).toContain('within 50 ms')
  })

  it('S1: a throwing or rejecting onEvent goes to onError as a ChainxError (UNEXPECTED, the thrown value as cause) and the stream goes on', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const delivered: string[] = []
    const errors: ChainxError[] = []
    await client.subscribe({
      filter: { All: [] },
      onEvent: (event) => {
        delivered.push(event.id.txDigest)
        if (delivered.length === 1) throw new Error('consumer bug')
        if (delivered.length === 2) return Promise.reject(new Error('async consumer bug'))
      },
      onError: (error) => errors.push(error),
    })
    const emitted = [makeEvent(), makeEvent(), makeEvent()]
    for (const event of emitted) server.emit(event)
    await vi.waitFor(() => expect(delivered).toHaveLength(3), waitOptions)
    await vi.waitFor(() => expect(errors).toHaveLength(2), waitOptions)
    expect(errors.map((error) => [error.code, error.message, (error.cause as Error).message])).toEqual([
      ['UNEXPECTED', 'onEvent threw: consumer bug', 'consumer bug'],
      ['UNEXPECTED', 'onEvent threw: async consumer bug', 'async consumer bug'],
    ])
    expect(errors.every((error) => error instanceof UnexpectedError && error.source === 'onEvent')).toBe(true)
    expect(delivered).toEqual(emitted.map((event) => event.id.txDigest))
  })

  it('S1: a throwing onStateChange goes to onError as UNEXPECTED with source onStateChange', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const errors: ChainxError[] = []
    const thrown = new RangeError('listener bug')
    await client.subscribe({
      filter: { All: [] },
      onEvent: () => {},
      onStateChange: () => {
        throw thrown
      },
      onError: (error) => errors.push(error),
    })
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), waitOptions)
    expect(errors[0]).toBeInstanceOf(UnexpectedError)
    expect([errors[0]?.code, (errors[0] as UnexpectedError).source, errors[0]?.cause]).toEqual(['UNEXPECTED', 'onStateChange', thrown])
  })

  it('S1: a malformed frame or event goes to onError without ending the stream', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const seen = recorder()
    let socketOfClient: WebSocket | undefined
    server.respond = (message, socket) => {
      socketOfClient = socket
      return undefined
    }
    await client.subscribe({ filter: { All: [] }, ...seen })
    socketOfClient?.send('{not json')
    socketOfClient?.send(
      JSON.stringify({ jsonrpc: '2.0', method: 'chainx_subscribeEvent', params: { subscription: 1000, result: { id: 'bad' } } }),
    )
    const event = makeEvent()
    server.emit(event)
    await vi.waitFor(() => expect(seen.events).toEqual([event]), waitOptions)
    // The event may come by the backfill before the bad frames arrive: wait for their errors too.
    await vi.waitFor(() => expect(seen.errors).toHaveLength(2), waitOptions)
    expect(seen.errors.map((error) => (error as { code?: string }).code)).toEqual(['INVALID_RESPONSE', 'INVALID_RESPONSE'])
  })

  it('S1: events emitted between subscribe and the server acknowledgement are backfilled from the subscribe time', async () => {
    const server = await startTinyServer()
    const before = makeEvent()
    server.chain.push(before)
    const early = makeEvent()
    server.respond = (message, socket) => {
      if (message.method !== 'chainx_subscribeEvent') return undefined
      server.respond = undefined
      server.emit(early) // on the chain before the subscription exists: never pushed live
      const reply = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: 7 })
      setTimeout(() => socket.send(reply), 5)
      return null
    }
    const client = newClient(server)
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    await vi.waitFor(() => expect(seen.states.map((change) => change.state)).toContain('backfilled'), waitOptions)
    expect(seen.keys()).toEqual([early.id.txDigest])
  })

  it('S1: a heartbeat with a deadline finds a silent socket, reconnects, and backfills what the silence hid', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { heartbeatMs: 40, heartbeatTimeoutMs: 80 })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const emitted = [makeEvent()]
    server.emit(emitted[0] as ChainxEvent)
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    server.silence()
    for (let index = 0; index < 3; index++) {
      const event = makeEvent()
      emitted.push(event)
      server.emit(event)
    }
    await vi.waitFor(() => expect(server.accepted).toBe(2), waitOptions)
    await vi.waitFor(() => expect(seen.events).toHaveLength(4), waitOptions)
    const live = makeEvent()
    emitted.push(live)
    server.emit(live)
    await vi.waitFor(() => expect(seen.events).toHaveLength(5), waitOptions)
    expect(seen.keys()).toEqual(emitted.map((event) => event.id.txDigest))
    const reconnecting = seen.states.find((change) => change.state === 'reconnecting') as { error: SocketClosedError }
    expect(reconnecting.error.message).toContain('heartbeat')
  })

  it('S1: resubscribes after a dropped connection only what is still subscribed (no zombie subscriptions)', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const kept = recorder()
    const unsubscribeGone = await client.subscribe({ filter: { Sender: '0xdead' }, onEvent: () => {} })
    await client.subscribe({ filter: { Sender: '0xa' }, ...kept })
    await unsubscribeGone()
    for (let drop = 0; drop < 3; drop++) {
      const acceptedBefore = server.accepted
      server.dropAll()
      await vi.waitFor(() => expect(server.accepted).toBe(acceptedBefore + 1), waitOptions)
      await vi.waitFor(() => expect(server.subscriptionFilters()).toEqual([{ Sender: '0xa' }]), waitOptions)
    }
    const resubscribed = subscribeCalls(server).filter((entry) => entry.connection > 1)
    expect(resubscribed.map((entry) => entry.message.params)).toEqual([[{ Sender: '0xa' }], [{ Sender: '0xa' }], [{ Sender: '0xa' }]])
    const event = makeEvent('0xa')
    server.emit(event)
    await vi.waitFor(() => expect(kept.events).toEqual([event]), waitOptions)
  })

  it('S1: events missed while disconnected are backfilled in order, live events during the backfill are held back and de-duplicated', async () => {
    const server = await startTinyServer()
    const seen = recorder()
    let duringBackfill: ChainxEvent | undefined
    const queryEvents: QueryEventsLike = async (parameters) => {
      if (parameters.cursor && parameters.direction !== 'backward' && duringBackfill === undefined && server.accepted === 2) {
        duringBackfill = makeEvent()
        server.emit(duringBackfill) // pushed live on the new socket and on the chain the page is read from
      }
      return server.queryEvents(parameters)
    }
    const client = newClient(server, { queryEvents })
    await client.subscribe({ filter: { All: [] }, ...seen })
    const emitted = [makeEvent(), makeEvent()]
    for (const event of emitted) server.emit(event)
    await vi.waitFor(() => expect(seen.events).toHaveLength(2), waitOptions)
    server.dropAll()
    for (let index = 0; index < 3; index++) {
      const missed = makeEvent()
      emitted.push(missed)
      server.chain.push(missed)
    }
    await vi.waitFor(() => expect(duringBackfill).toBeDefined(), waitOptions)
    emitted.push(duringBackfill as ChainxEvent)
    const after = makeEvent()
    emitted.push(after)
    server.emit(after)
    await vi.waitFor(() => expect(seen.events).toHaveLength(emitted.length), waitOptions)
    expect(seen.keys()).toEqual(emitted.map((event) => event.id.txDigest))
    const backfilled = seen.states.filter((change) => change.state === 'backfilled').at(-1)
    expect(backfilled).toMatchObject({ state: 'backfilled', after: emitted[1]?.id })
    expect((backfilled as { delivered: number }).delivered).toBeGreaterThanOrEqual(3)
  })

  it("S1: a second drop while the backfill of the first runs loses nothing (the backfill stops at the newest socket's stream)", async () => {
    const server = await startTinyServer()
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let blocked = false
    const queryEvents: QueryEventsLike = async (parameters) => {
      if (parameters.cursor && server.accepted >= 2) {
        blocked = true
        await gate
      }
      return server.queryEvents(parameters)
    }
    const client = newClient(server, { queryEvents })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const order: ChainxEvent[] = [makeEvent()]
    server.emit(order[0] as ChainxEvent)
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    /** Emits live, then a malformed frame: its onError proves the event before it was handled. */
    const emitLiveAndSync = async (event: ChainxEvent) => {
      const errorsBefore = seen.errors.length
      server.emit(event)
      server.sendRaw('{not json')
      await vi.waitFor(() => expect(seen.errors.length).toBe(errorsBefore + 1), waitOptions)
    }
    server.dropAll()
    const missedFirst = [makeEvent(), makeEvent()]
    server.chain.push(...missedFirst)
    await vi.waitFor(() => expect(blocked).toBe(true), waitOptions)
    const liveOnSecondSocket = makeEvent()
    await emitLiveAndSync(liveOnSecondSocket)
    server.dropAll()
    const missedSecond = makeEvent()
    server.chain.push(missedSecond)
    await vi.waitFor(() => expect(seen.states.filter((change) => change.state === 'open')).toHaveLength(3), waitOptions)
    const liveOnThirdSocket = makeEvent()
    await emitLiveAndSync(liveOnThirdSocket)
    release()
    order.push(...missedFirst, liveOnSecondSocket, missedSecond, liveOnThirdSocket)
    await vi.waitFor(() => expect(seen.events.length).toBeGreaterThanOrEqual(order.length), waitOptions)
    expect(seen.keys()).toEqual(order.map((event) => event.id.txDigest))
  })

  it('S1: the WebSocket class is ws in Node (loaded on first use) and the global WebSocket in other runtimes', async () => {
    expect(await loadWebSocket()).toBe(NodeWebSocket)
    class BrowserWebSocket {}
    const processDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'process') as PropertyDescriptor
    vi.stubGlobal('WebSocket', BrowserWebSocket)
    let resolved: Promise<unknown>
    try {
      Object.defineProperty(globalThis, 'process', { configurable: true, value: undefined })
      resolved = loadWebSocket() // reads the runtime before its first await
    } finally {
      Object.defineProperty(globalThis, 'process', processDescriptor)
      vi.unstubAllGlobals()
    }
    expect(await resolved).toBe(BrowserWebSocket)
  })

  it('S1: an injected WebSocket class is used instead of the default one', async () => {
    const server = await startTinyServer()
    const urls: string[] = []
    class CountingWebSocket extends NodeWebSocket {
      constructor(url: string) {
        super(url)
        urls.push(url)
      }
    }
    const client = newClient(server, { WebSocket: CountingWebSocket as unknown as WebSocketConstructor })
    const unsubscribe = await client.subscribe({ filter: { All: [] }, onEvent: () => {} })
    expect(urls).toEqual([server.url])
    await unsubscribe()
  })

  it('S1: an unsubscribe racing a resubscribe waits for its acknowledgement and unsubscribes the new id (no leaked server subscription)', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const seen = recorder()
    const unsubscribe = await client.subscribe({ filter: { All: [] }, ...seen })
    const held = holdNextSubscribeAcknowledgement(server, 4242)
    server.dropAll()
    await vi.waitFor(() => expect(held.acknowledge).toBeDefined(), waitOptions)
    const result = unsubscribe()
    held.acknowledge?.()
    await expect(result).resolves.toBe(false) // the tiny server never registered 4242: it answers false, but the call was made
    const unsubscribeCalls = server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent')
    expect(unsubscribeCalls.map((entry) => entry.message.params)).toEqual([[4242]])
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
    expect(seen.states.at(-1)).toEqual({ state: 'closed' })
  })

  it('S1: an unsubscribe racing the resubscribe of a stalled subscription waits for it and unsubscribes the new id too', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { verifyIntervalMs: 10 })
    const seen = recorder()
    const unsubscribe = await client.subscribe({ filter: { All: [] }, ...seen })
    server.emit(makeEvent())
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    const held = holdNextSubscribeAcknowledgement(server, 4242)
    server.dropSubscriptionsSilently()
    server.emit(makeEvent()) // on the chain, pushed to nobody
    await vi.waitFor(() => expect(held.acknowledge).toBeDefined(), waitOptions)
    const result = unsubscribe()
    held.acknowledge?.()
    await expect(result).resolves.toBe(false) // the tiny server never registered 4242, but the call was made
    const unsubscribeCalls = server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent')
    expect(unsubscribeCalls.map((entry) => entry.message.params)).toEqual([[1000], [4242]])
    expect(seen.states.map((change) => change.state)).toContain('stalled')
    expect(seen.states.at(-1)).toEqual({ state: 'closed' })
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
  })

  it('S1: an unsubscribe from the stalled state listener ends it with one unsubscribe call and no new server subscription', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { verifyIntervalMs: 10 })
    const seen = recorder()
    let ended: Promise<boolean> | undefined
    const unsubscribe = await client.subscribe({
      filter: { All: [] },
      ...seen,
      onStateChange: (change) => {
        seen.onStateChange(change)
        if (change.state === 'stalled') ended = unsubscribe()
      },
    })
    server.emit(makeEvent())
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    server.dropSubscriptionsSilently()
    server.emit(makeEvent())
    await vi.waitFor(() => expect(ended).toBeDefined(), waitOptions)
    await ended
    expect(
      server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent').map((entry) => entry.message.params),
    ).toEqual([[1000]])
    expect(subscribeCalls(server)).toHaveLength(1)
    expect(seen.states.map((change) => change.state).slice(-2)).toEqual(['stalled', 'closed'])
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
  })

  it('S1: when unsubscribing a stalled subscription fails, the socket is dropped and the reconnect backfills what it missed', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { verifyIntervalMs: 10 })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const emitted = [makeEvent()]
    server.emit(emitted[0] as ChainxEvent)
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    server.respond = (message) => {
      if (message.method !== 'chainx_unsubscribeEvent') return undefined
      server.respond = undefined
      return JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32009, message: 'Too many requests' } })
    }
    server.dropSubscriptionsSilently()
    const missed = makeEvent()
    emitted.push(missed)
    server.emit(missed)
    await vi.waitFor(() => expect(seen.states.filter((change) => change.state === 'open')).toHaveLength(2), waitOptions)
    const live = makeEvent()
    emitted.push(live)
    server.emit(live)
    await vi.waitFor(() => expect(seen.events).toHaveLength(3), waitOptions)
    expect(seen.keys()).toEqual(emitted.map((event) => event.id.txDigest))
    expect(server.accepted).toBe(2)
    const states = seen.states.map((change) => change.state)
    expect(states.indexOf('stalled')).toBeLessThan(states.indexOf('reconnecting'))
    const reconnecting = seen.states.find((change) => change.state === 'reconnecting') as { error: SocketClosedError }
    expect(reconnecting.error.message).toContain('stalled')
  })

  it('S1: the heartbeat sends a cheap probe (unsubscribe of id -1) and keeps a healthy idle socket', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { heartbeatMs: 10, heartbeatTimeoutMs: 1_000 })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const probes = () => server.received.filter((entry) => entry.message.method === 'chainx_unsubscribeEvent')
    await vi.waitFor(() => expect(probes().length).toBeGreaterThanOrEqual(5), waitOptions)
    expect(probes().every((entry) => JSON.stringify(entry.message.params) === '[-1]')).toBe(true)
    expect(server.accepted).toBe(1)
    expect(seen.states.map((change) => change.state)).not.toContain('reconnecting')
  })

  it('S1: when reconnect attempts run out, each subscription gets the error on onError and a closed state', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { reconnect: { baseDelayMs: 1, maxDelayMs: 5, retries: 2 } })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    await server.close()
    await vi.waitFor(() => expect(seen.states.at(-1)?.state).toBe('closed'), waitOptions)
    const closed = seen.states.at(-1) as { error?: unknown }
    expect(closed.error).toBeInstanceOf(SocketClosedError)
    expect(seen.errors).toEqual([closed.error])
    expect(seen.states.filter((change) => change.state === 'reconnecting')).toHaveLength(2)
  })

  it('S1: with reconnect disabled a dropped socket ends the subscription with an error', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { reconnect: false })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    server.dropAll()
    await vi.waitFor(() => expect(seen.states.at(-1)?.state).toBe('closed'), waitOptions)
    expect(seen.errors).toHaveLength(1)
    expect((seen.errors[0] as SocketClosedError).code).toBe('SOCKET_CLOSED')
    expect(server.accepted).toBe(1)
  })

  it('S1: without queryEvents a reconnect is reported as a gap with its time bounds', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { queryEvents: undefined })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const delivered = makeEvent()
    server.emit(delivered)
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    server.dropAll()
    await vi.waitFor(() => expect(seen.states.map((change) => change.state)).toContain('gap'), waitOptions)
    const gap = seen.states.find((change) => change.state === 'gap') as { startMs: number; endMs: number; reason: string }
    expect(gap.startMs).toBe(Number(delivered.timestampMs))
    expect(gap.endMs).toBeGreaterThanOrEqual(gap.startMs)
    expect(gap.reason).toContain('queryEvents')
  })

  it('S1: a backfill over maxItems stops, reports the gap, and resumes at the newest event without repeats', async () => {
    const server = await startTinyServer()
    const client = newClient(server, { backfill: { maxItems: 2, pageSize: 1 } })
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    const first = makeEvent()
    server.emit(first)
    await vi.waitFor(() => expect(seen.events).toHaveLength(1), waitOptions)
    server.dropAll()
    for (let index = 0; index < 6; index++) server.chain.push(makeEvent())
    await vi.waitFor(() => expect(seen.states.map((change) => change.state)).toContain('gap'), waitOptions)
    const live = makeEvent()
    server.emit(live)
    await vi.waitFor(() => expect(seen.events.at(-1)).toEqual(live), waitOptions)
    const keys = seen.keys()
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys).toEqual(server.chain.map((event) => event.id.txDigest).filter((key) => keys.includes(key)))
    expect(keys.length).toBeLessThan(server.chain.length)
  })

  it('S1: close() ends every subscription with a closed state, rejects a pending subscribe, and closes the socket', async () => {
    const server = await startTinyServer()
    const client = newClient(server)
    const seen = recorder()
    await client.subscribe({ filter: { All: [] }, ...seen })
    server.respond = (message) => (message.method === 'chainx_subscribeEvent' ? null : undefined)
    const pending = client.subscribe({ filter: { Sender: '0xa' }, onEvent: () => {} }).catch((caught: unknown) => caught)
    await vi.waitFor(() => expect(subscribeCalls(server)).toHaveLength(2), waitOptions)
    await client.close()
    await expect(pending).resolves.toBeInstanceOf(SocketClosedError)
    expect(seen.states.at(-1)).toEqual({ state: 'closed' })
    await vi.waitFor(() => expect(server.openCount).toBe(0), waitOptions)
  })
})

/** Runs an ES module script in a child Node process (with tsx), killed after 10 s if it hangs. */
async function runNodeScript(script: string): Promise<{ code: number | null; signal: string | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
  clearTimeout(killer)
  return { code, signal, output }
}

/** Makes the tiny server hold back its answer to the next subscribe, acknowledging it with `id` only when `acknowledge` is called. */
function holdNextSubscribeAcknowledgement(server: Awaited<ReturnType<typeof startTinyServer>>, id: number): { acknowledge?: () => void } {
  const held: { acknowledge?: () => void } = {}
  server.respond = (message, socket) => {
    if (message.method !== 'chainx_subscribeEvent') return undefined
    server.respond = undefined
    const frame = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: id })
    held.acknowledge = () => socket.send(frame)
    return null
  }
  return held
}
