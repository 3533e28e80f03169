// Subscription connection spans through the real OpenTelemetry SDK (in-memory exporter), over
// real sockets to the mock network, which drops every WebSocket without a close frame on cue.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient } from '../../../src/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../../src/testing/index.js'
import { useInMemoryTracing } from './useInMemoryTracing.js'
import { subscribeThroughDrop } from '../../helpers/subscribeThroughDrop.js'

const exporter = useInMemoryTracing()
let mock: RunningMockNetwork

beforeAll(async () => {
  mock = await startMockNetwork({ events: 5, seed: 11 })
}, 60_000)

afterAll(async () => {
  await mock?.close()
})

const waitOptions = { timeout: 10_000, interval: 10 }

describe('OpenTelemetry subscription spans', () => {
  it('S1: a connection is one `chainx subscription` span with connecting, open, lost, reconnecting, open events across a socket drop, ended OK on release', async () => {
    const client = new ChainxClient({
      rpcUrl: mock.rpcUrl,
      wsUrl: mock.wsUrl,
      subscriptions: { heartbeatMs: 0, verifyIntervalMs: 0, reconnect: { baseDelayMs: 5, maxDelayMs: 20, retries: 20 } },
    })
    const unsubscribe = await subscribeThroughDrop(client, mock)
    // The span is open while the connection is wanted.
    expect(exporter.getFinishedSpans().filter((span) => span.name === 'chainx subscription')).toEqual([])
    await unsubscribe()
    await client.close()
    const [span, ...others] = exporter.getFinishedSpans().filter((s) => s.name === 'chainx subscription')
    expect(others).toEqual([])
    expect(span?.kind).toBe(2) // CLIENT
    expect(span?.status.code).toBe(1) // OK
    const names = span!.events.map((event) => event.name)
    expect(names).toEqual(['connecting', 'open', 'lost', 'reconnecting', 'open'])
    const [, open, lost, reconnecting] = span!.events
    const port = Number(new URL(mock.wsUrl).port)
    expect(open?.attributes).toMatchObject({ 'server.address': '127.0.0.1', 'server.port': port })
    expect(lost?.attributes?.['error.type']).toBe('SOCKET_CLOSED')
    expect(reconnecting?.attributes).toMatchObject({ 'chainx.reconnect.attempt': 1, 'error.type': 'SOCKET_CLOSED' })
  })

  it('a connection that gives up ends its span with status ERROR and error.type', async () => {
    const dead = 'ws://127.0.0.1:9/nothing-listens-here'
    const client = new ChainxClient({
      rpcUrl: mock.rpcUrl,
      wsUrl: dead,
      subscriptions: { heartbeatMs: 0, verifyIntervalMs: 0, backfill: false, reconnect: { baseDelayMs: 1, maxDelayMs: 2, retries: 1 } },
    })
    exporter.reset()
    await client.events.subscribe({ filter: { All: [] }, onEvent: () => undefined }).catch((error: unknown) => error)
    await vi.waitFor(() => expect(exporter.getFinishedSpans().filter((s) => s.name === 'chainx subscription')).toHaveLength(1), waitOptions)
    await client.close()
    const [span] = exporter.getFinishedSpans().filter((s) => s.name === 'chainx subscription')
    expect(span?.status.code).toBe(2)
    expect(typeof span?.attributes['error.type']).toBe('string')
    expect(span!.events.map((event) => event.name)).toEqual(['connecting', 'reconnecting'])
  })
})
