// Walk spans through the real OpenTelemetry SDK (in-memory exporter, AsyncLocalStorage context
// manager), against the mock network over real sockets: a walk is one span whose pages' call
// spans are its children, ended OK at the end or on break and ERROR with the code on a failure.
import { context, trace } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainxClient, EventsDocument } from '../../../src/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../../src/testing/index.js'
import { useInMemoryTracing } from './useInMemoryTracing.js'

const exporter = useInMemoryTracing()
let mock: RunningMockNetwork

beforeAll(async () => {
  mock = await startMockNetwork({ events: 60, seed: 7 })
}, 60_000)

afterAll(async () => {
  await mock?.close()
})

beforeEach(() => {
  exporter.reset()
  mock.faults.clear()
})

const spans = () => exporter.getFinishedSpans()
const named = (name: string) => spans().filter((span) => span.name === name)
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId
const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId

describe('OpenTelemetry walk spans', () => {
  it('P1: client.paginate is one span `paginate <OperationName>` with each page query as its child, status OK at the end', async () => {
    const client = new ChainxClient({ graphqlUrl: mock.graphqlUrl })
    const walk = client.paginate(EventsDocument, {}, { pageSize: 10, maxItems: 35, prefetch: true })
    const items = await walk.toArray({ maxItems: 100 })
    expect(items).toHaveLength(35)
    const [walkSpan, ...others] = named('paginate Events')
    expect(others).toEqual([])
    expect(walkSpan?.status.code).toBe(1) // OK
    const pages = named('query Events')
    expect(pages).toHaveLength(4)
    expect(pages.map(parentOf)).toEqual(pages.map(() => idOf(walkSpan)))
  })

  it('J1: events.iterate is one span `chainx_queryEvents walk` parent of its N page calls, under the span current when it started', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl })
    const outer = trace.getTracer('test').startSpan('job')
    await context.with(trace.setSpan(context.active(), outer), async () => {
      let count = 0
      for await (const event of client.events.iterate({ filter: { All: [] }, pageSize: 8, maxItems: 24 })) {
        expect(event.id).toBeDefined()
        count++
      }
      expect(count).toBe(24)
    })
    outer.end()
    const [walkSpan] = named('chainx_queryEvents walk')
    expect(parentOf(walkSpan!)).toBe(outer.spanContext().spanId)
    expect(walkSpan?.status.code).toBe(1)
    const pages = named('chainx_queryEvents')
    expect(pages).toHaveLength(3)
    for (const page of pages) expect(parentOf(page)).toBe(idOf(walkSpan))
  })

  it('a walk left by break ends its span with status OK', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl })
    for await (const event of client.events.iterate({ filter: { All: [] }, pageSize: 5 })) {
      if (event) break
    }
    const [walkSpan] = named('chainx_queryEvents walk')
    expect(walkSpan?.status.code).toBe(1)
    expect(walkSpan?.attributes['error.type']).toBeUndefined()
  })

  it('a walk that fails ends its span with status ERROR and error.type the ChainxError code', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, retry: { retries: 0 } })
    const walk = client.events.iterate({ filter: { All: [] }, pageSize: 5, maxItems: 20 })
    const seen: unknown[] = []
    mock.faults.unavailableNext(1, { endpoint: 'rpc' })
    await expect(
      (async () => {
        for await (const event of walk) seen.push(event)
      })(),
    ).rejects.toMatchObject({ code: 'HTTP' })
    const [walkSpan] = named('chainx_queryEvents walk')
    expect(walkSpan?.status.code).toBe(2)
    expect(walkSpan?.attributes['error.type']).toBe('HTTP')
    expect(named('chainx_queryEvents').map(parentOf)).toEqual([idOf(walkSpan)])
  })

  it('transactions.iterate is one span `chainx_queryTransactionBlocks walk` over its pages', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl })
    const items = await client.transactions
      .iterate({ filter: { FromAddress: '0x1' }, pageSize: 4, maxItems: 8 } as never)
      .toArray({ maxItems: 8 })
    expect(items.length).toBeLessThanOrEqual(8)
    const [walkSpan] = named('chainx_queryTransactionBlocks walk')
    expect(walkSpan?.status.code).toBe(1)
    const pages = named('chainx_queryTransactionBlocks')
    expect(pages.length).toBeGreaterThan(0)
    for (const page of pages) expect(parentOf(page)).toBe(idOf(walkSpan))
  })

  it('telemetry: false starts no walk span', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, telemetry: false })
    await client.events.iterate({ filter: { All: [] }, pageSize: 5, maxItems: 10 }).toArray({ maxItems: 10 })
    expect(spans()).toEqual([])
  })
})
