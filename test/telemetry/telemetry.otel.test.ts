// OpenTelemetry through the real SDK: an in-memory span exporter, a metric reader, the
// AsyncLocalStorage context manager and the W3C propagator, registered globally as an app does.
// Requests go to a recording HTTP server (to see the traceparent that arrived, over each
// transport) and to the mock network (a walk, JSON-RPC, failover).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainxClient, type TransportKind } from '../../src/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const exporter = new InMemorySpanExporter()
const reader = new TestReader()
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
const meterProvider = new MeterProvider({ readers: [reader] })

let server: Server
let serverUrl: string
/** What the recording server received: the traceparent of each request, and its answers to come. */
const received: { traceparent: string | undefined; authorization: string | undefined }[] = []
const statuses: number[] = []
let mock: RunningMockNetwork
let replica: RunningMockNetwork

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received.push({ traceparent: request.headers.traceparent as string | undefined, authorization: request.headers.authorization })
      const status = statuses.shift() ?? 200
      response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain', 'x-chain-rpc-version': '2025.3.0' })
      response.end(status === 200 ? '{"data":{"chainIdentifier":"4c78adac"}}' : 'Service Unavailable')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
  mock = await startMockNetwork({ events: 300, seed: 5 })
  replica = await startMockNetwork({ network: mock.network })
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await Promise.all([mock?.close(), replica?.close()])
  trace.disable()
  metrics.disable()
  propagation.disable()
  context.disable()
})

beforeEach(() => {
  exporter.reset()
  received.length = 0
  statuses.length = 0
})

const FAST_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }
const spans = () => exporter.getFinishedSpans()
const named = (name: string) => spans().filter((span) => span.name === name)
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId

async function histogramPoints(): Promise<DataPoint<Histogram>[]> {
  const { resourceMetrics } = await reader.collect()
  const metric = resourceMetrics.scopeMetrics
    .flatMap((scope) => scope.metrics)
    .find((m) => m.descriptor.name === 'http.client.request.duration')
  return (metric?.dataPoints ?? []) as DataPoint<Histogram>[]
}

async function retryCount(reason: string): Promise<number> {
  const { resourceMetrics } = await reader.collect()
  const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === 'chainx.client.retries')
  return (metric?.dataPoints ?? [])
    .filter((point) => point.attributes['chainx.retry.reason'] === reason)
    .reduce((sum, point) => sum + (point.value as number), 0)
}

describe('OpenTelemetry', () => {
  it.each<TransportKind>(['node-http', 'fetch'])(
    'G1: a query is a span named for its operation with a CLIENT span per attempt, and its traceparent reaches the service (%s)',
    async (transport) => {
      const client = new ChainxClient({
        graphqlUrl: serverUrl,
        transport,
        limits: false,
        headers: { authorization: 'Bearer s3cret-token' },
      })
      await client.graphql.query('query Chain { chainIdentifier }')
      const [call] = named('query Chain')
      const [attempt] = named('POST')
      expect(call?.attributes).toEqual({ 'graphql.operation.name': 'Chain', 'graphql.operation.type': 'query' })
      expect(attempt?.kind).toBe(2) // SpanKind.CLIENT
      expect(parentOf(attempt!)).toBe(call?.spanContext().spanId)
      const port = Number(new URL(serverUrl).port)
      expect(attempt?.attributes).toEqual({
        'http.request.method': 'POST',
        'server.address': '127.0.0.1',
        'server.port': port,
        'url.full': serverUrl,
        'http.response.status_code': 200,
      })
      const { traceId, spanId } = attempt!.spanContext()
      expect(received).toEqual([{ traceparent: `00-${traceId}-${spanId}-01`, authorization: 'Bearer s3cret-token' }])
    },
  )

  it('a retried attempt has http.request.resend_count, a failed one status ERROR with error.type the ChainxError code; metrics count both', async () => {
    const before = (await histogramPoints()).reduce((sum, point) => sum + point.value.count, 0)
    const retriesBefore = await retryCount('retry')
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, retry: FAST_RETRY })
    statuses.push(503)
    await client.graphql.query('query Chain { chainIdentifier }')
    const [failed, succeeded] = named('POST').sort((a, b) => a.startTime[1] - b.startTime[1] + (a.startTime[0] - b.startTime[0]) * 1e9)
    expect(failed?.status).toMatchObject({ code: 2 })
    expect(failed?.attributes).toMatchObject({ 'error.type': 'HTTP', 'http.response.status_code': 503 })
    expect(failed?.attributes['http.request.resend_count']).toBeUndefined()
    expect(succeeded?.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 })
    expect(named('query Chain')[0]?.status.code).toBe(0) // the call succeeded
    const points = await histogramPoints()
    expect(points.reduce((sum, point) => sum + point.value.count, 0) - before).toBe(2)
    expect(points.some((point) => point.attributes['error.type'] === 'HTTP' && point.attributes['http.response.status_code'] === 503)).toBe(
      true,
    )
    expect(await retryCount('retry')).toBe(retriesBefore + 1)
  })

  it('a failed call has status ERROR and error.type set to its code', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, retry: { retries: 1, baseDelayMs: 1 } })
    statuses.push(503, 503)
    await expect(client.graphql.query('query Chain { chainIdentifier }')).rejects.toMatchObject({ code: 'HTTP' })
    const [call] = named('query Chain')
    expect(call?.status.code).toBe(2)
    expect(call?.attributes['error.type']).toBe('HTTP')
    expect(named('POST')).toHaveLength(2)
  })

  it('J1: a JSON-RPC call is a span named for its method with rpc.* attributes', async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl })
    await client.events.query({ filter: { All: [] }, limit: 5 })
    const [call] = named('chainx_queryEvents')
    expect(call?.attributes).toEqual({ 'rpc.system': 'jsonrpc', 'rpc.method': 'chainx_queryEvents', 'rpc.jsonrpc.version': '2.0' })
    expect(named('POST').map(parentOf)).toEqual([call?.spanContext().spanId])
  })

  it('a failover attempt counts as a failover, and no attribute holds a credential, a header value or a body', async () => {
    const failoversBefore = await retryCount('failover')
    const secretUrl = (url: string) => url.replace('http://', 'http://alice:pa55word@') + '?apiKey=k3y'
    const client = new ChainxClient({
      graphqlUrl: [secretUrl(mock.graphqlUrl), secretUrl(replica.graphqlUrl)],
      limits: false,
      retry: FAST_RETRY,
      headers: { authorization: 'Bearer s3cret-token', 'x-api-key': 'k3y-header' },
    })
    mock.faults.unavailableNext(1)
    try {
      await client.graphql.query('query Chain { chainIdentifier }')
    } finally {
      mock.faults.clear()
    }
    expect(await retryCount('failover')).toBe(failoversBefore + 1)
    const text = JSON.stringify(spans().map((span) => [span.name, span.attributes, span.events]))
    for (const secret of ['pa55word', 'k3y', 's3cret', 'chainIdentifier }']) expect(text).not.toContain(secret)
    expect(named('POST').map((span) => span.attributes['url.full'])).toEqual([
      expect.stringContaining('redacted'),
      expect.stringContaining('redacted'),
    ])
  })

  it('telemetry: false sends no span and no traceparent', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, telemetry: false })
    await client.graphql.query('query Chain { chainIdentifier }')
    expect(spans()).toEqual([])
    expect(received).toEqual([{ traceparent: undefined, authorization: undefined }])
  })
})
