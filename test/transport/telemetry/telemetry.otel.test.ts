// OpenTelemetry through the real SDK: an in-memory span exporter, a metric reader, the
// AsyncLocalStorage context manager and the W3C propagator, registered globally as an app does.
// Requests go to a recording HTTP server (which extracts the parent each request carries, as a
// service does, over each transport) and to the mock network (JSON-RPC, failover). The
// semantic-conventions test lists each span's name, kind and attributes.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { context, metrics, propagation, ROOT_CONTEXT, trace, type SpanContext } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainxClient, EventsDocument, type TransportKind } from '../../../src/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../../src/testing/index.js'

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
const exporter = new InMemorySpanExporter()
const reader = new TestReader()
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
const meterProvider = new MeterProvider({ readers: [reader] })

interface Received {
  traceparent: string | undefined
  /** The parent the server extracted from the request (W3C), undefined when none. */
  parent: Pick<SpanContext, 'traceId' | 'spanId'> | undefined
  authorization: string | undefined
}
let server: Server
let serverUrl: string
const received: Received[] = []
/** The recording server's answers to come: a status and a body (given the request's body). */
const answers: { status: number; body?: (request: string) => string }[] = []
let mock: RunningMockNetwork
let replica: RunningMockNetwork

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  metrics.setGlobalMeterProvider(meterProvider)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const parent = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, request.headers))
      received.push({
        traceparent: request.headers.traceparent as string | undefined,
        parent: parent && { traceId: parent.traceId, spanId: parent.spanId },
        authorization: request.headers.authorization,
      })
      const { status, body: answer } = answers.shift() ?? { status: 200 }
      response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain', 'x-chain-rpc-version': '2025.3.0' })
      response.end(answer ? answer(body) : status === 200 ? '{"data":{"chainIdentifier":"4c78adac"}}' : 'Service Unavailable')
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
  answers.length = 0
})

const FAST_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }
const spans = () => exporter.getFinishedSpans()
const named = (name: string) => spans().filter((span) => span.name === name)
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId
const byStart = (a: ReadableSpan, b: ReadableSpan) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]
const port = () => Number(new URL(serverUrl).port)
const SERVER = () => ({ 'server.address': '127.0.0.1', 'server.port': port() })

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
  it.each<TransportKind>(['auto', 'fetch'])(
    'G1: a query is a CLIENT span named for its operation with an HTTP CLIENT span per attempt, whose context the service extracts (%s)',
    async (transport) => {
      const client = new ChainxClient({
        graphqlUrl: serverUrl,
        transport,
        limits: false,
        headers: { authorization: 'Bearer s3cret-token' },
      })
      await client.graphql.query('query Chain { chainIdentifier }')
      const [call] = named('query Chain')
      const [attempt, ...others] = named('POST')
      expect(others).toEqual([])
      expect(call?.kind).toBe(2) // SpanKind.CLIENT
      expect(attempt?.kind).toBe(2)
      expect(parentOf(attempt!)).toBe(call?.spanContext().spanId)
      const { traceId, spanId } = attempt!.spanContext()
      expect(received).toEqual([
        { traceparent: `00-${traceId}-${spanId}-01`, parent: { traceId, spanId }, authorization: 'Bearer s3cret-token' },
      ])
    },
  )

  it('semantic conventions: the name, kind and attributes of each span of a GraphQL call, a JSON-RPC call and a walk', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, rpcUrl: mock.rpcUrl, limits: false })
    await client.graphql.query('query Chain { chainIdentifier }')
    await client.events.query({ filter: { All: [] }, pageSize: 2 })
    const mockClient = new ChainxClient({ graphqlUrl: mock.graphqlUrl, limits: false })
    await mockClient.paginate(EventsDocument, {}, { pageSize: 2, maxItems: 2 }).toArray({ maxItems: 2 })
    const rpcPort = Number(new URL(mock.rpcUrl).port)
    // In the order they ended: each HTTP span before its call span.
    const listed = spans().map((span) => ({
      name: span.name,
      kind: span.kind,
      attributes: span.attributes,
      scope: span.instrumentationScope,
    }))
    const scope = { name: 'chainx-sdk', version }
    const rpcServer = { 'server.address': '127.0.0.1', 'server.port': rpcPort }
    expect(listed.slice(0, 4)).toEqual([
      {
        name: 'POST',
        kind: 2,
        attributes: { 'http.request.method': 'POST', ...SERVER(), 'url.full': serverUrl, 'http.response.status_code': 200 },
        scope,
      },
      {
        name: 'query Chain',
        kind: 2,
        attributes: { 'graphql.operation.type': 'query', 'graphql.operation.name': 'Chain', ...SERVER() },
        scope,
      },
      {
        name: 'POST',
        kind: 2,
        attributes: { 'http.request.method': 'POST', ...rpcServer, 'url.full': mock.rpcUrl, 'http.response.status_code': 200 },
        scope,
      },
      {
        name: 'chainx_queryEvents',
        kind: 2,
        attributes: {
          'rpc.system.name': 'jsonrpc',
          'rpc.method': 'chainx_queryEvents',
          'jsonrpc.protocol.version': '2.0',
          'jsonrpc.request.id': expect.stringMatching(/^\d+$/),
          ...rpcServer,
        },
        scope,
      },
    ])
    // A walk: an INTERNAL span, parent of its pages' call spans.
    expect(listed.slice(4).map(({ name, kind }) => [name, kind])).toEqual([
      ['POST', 2],
      ['query Events', 2],
      ['paginate Events', 0],
    ])
    expect(listed[6]?.attributes).toEqual({})
  })

  it('a retried attempt has http.request.resend_count, a 503 status ERROR with error.type "503"; metrics count both', async () => {
    const before = (await histogramPoints()).reduce((sum, point) => sum + point.value.count, 0)
    const retriesBefore = await retryCount('retry')
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, retry: FAST_RETRY })
    answers.push({ status: 503 })
    await client.graphql.query('query Chain { chainIdentifier }')
    const [failed, succeeded] = named('POST').sort(byStart)
    expect(failed?.status).toMatchObject({ code: 2 })
    expect(failed?.attributes).toMatchObject({ 'error.type': '503', 'http.response.status_code': 503 })
    expect(failed?.attributes['http.request.resend_count']).toBeUndefined()
    expect(succeeded?.attributes).toMatchObject({ 'http.request.resend_count': 1, 'http.response.status_code': 200 })
    expect(named('query Chain')[0]?.status.code).toBe(0) // the call succeeded
    const points = await histogramPoints()
    expect(points.reduce((sum, point) => sum + point.value.count, 0) - before).toBe(2)
    expect(points.some((point) => point.attributes['error.type'] === '503' && point.attributes['http.response.status_code'] === 503)).toBe(
      true,
    )
    expect(await retryCount('retry')).toBe(retriesBefore + 1)
    // Each attempt's context reached the service.
    expect(received.map((request) => request.parent?.spanId)).toEqual([failed, succeeded].map((span) => span?.spanContext().spanId))
  })

  it('a failed call has status ERROR and error.type set to its code', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, retry: { retries: 1, baseDelayMs: 1 } })
    answers.push({ status: 503 }, { status: 503 })
    await expect(client.graphql.query('query Chain { chainIdentifier }')).rejects.toMatchObject({ code: 'HTTP' })
    const [call] = named('query Chain')
    expect(call?.status.code).toBe(2)
    expect(call?.attributes['error.type']).toBe('HTTP')
    expect(named('POST')).toHaveLength(2)
  })

  it('a 200 carrying GraphQL errors fails the call span, not the HTTP span nor its duration point', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, retry: false })
    answers.push({ status: 200, body: () => '{"errors":[{"message":"no such field"}]}' })
    await expect(client.graphql.query('query Broken { chainIdentifier }')).rejects.toMatchObject({ code: 'GRAPHQL' })
    const [call] = named('query Broken')
    const [attempt] = named('POST')
    expect(call?.status.code).toBe(2)
    expect(call?.attributes['error.type']).toBe('GRAPHQL')
    expect(attempt?.status.code).toBe(0) // unset
    expect(attempt?.attributes['error.type']).toBeUndefined()
    expect(attempt?.attributes['http.response.status_code']).toBe(200)
    const points = await histogramPoints()
    expect(points.filter((point) => point.attributes['http.response.status_code'] === 200 && point.attributes['error.type'])).toEqual([])
  })

  it('J1: a JSON-RPC error response sets rpc.status_code and error.type to its code on the call span; the 200 is no HTTP error', async () => {
    const client = new ChainxClient({ rpcUrl: serverUrl, retry: false })
    answers.push({
      status: 200,
      body: (request) =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: (JSON.parse(request) as { id: number }).id,
          error: { code: -32602, message: 'Invalid params' },
        }),
    })
    await expect(client.events.query({ filter: { All: [] }, pageSize: 5 })).rejects.toMatchObject({ code: 'JSON_RPC' })
    const [call] = named('chainx_queryEvents')
    const [attempt] = named('POST')
    expect(call?.kind).toBe(2)
    expect(call?.status.code).toBe(2)
    expect(call?.attributes).toMatchObject({ 'rpc.status_code': '-32602', 'error.type': '-32602', ...SERVER() })
    expect(attempt?.status.code).toBe(0)
    expect(parentOf(attempt!)).toBe(call?.spanContext().spanId)
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
    // The call span names the server its last attempt went to.
    expect(named('query Chain')[0]?.attributes['server.port']).toBe(Number(new URL(replica.graphqlUrl).port))
  })

  it('httpSpans: false makes no HTTP span and sends no traceparent (the HTTP instrumentation does both)', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, telemetry: { httpSpans: false } })
    await client.graphql.query('query Chain { chainIdentifier }')
    expect(spans().map((span) => span.name)).toEqual(['query Chain'])
    expect(received).toEqual([{ traceparent: undefined, parent: undefined, authorization: undefined }])
  })

  it('telemetry: false sends no span and no traceparent', async () => {
    const client = new ChainxClient({ graphqlUrl: serverUrl, limits: false, telemetry: false })
    await client.graphql.query('query Chain { chainIdentifier }')
    expect(spans()).toEqual([])
    expect(received).toEqual([{ traceparent: undefined, parent: undefined, authorization: undefined }])
  })

  it('telemetry.httpSpans must be a boolean', () => {
    expect(() => new ChainxClient({ graphqlUrl: serverUrl, telemetry: { httpSpans: 'no' as never } })).toThrow(/telemetry\.httpSpans/)
  })
})
