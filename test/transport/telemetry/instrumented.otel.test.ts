// The SDK beside OpenTelemetry's HTTP instrumentations, as an auto-instrumented app runs it:
// instrumentation-http (node:http, node:https) and instrumentation-undici (Node's fetch)
// registered, with the real SDK's tracer provider and the W3C propagator. Each attempt is one
// HTTP client span, the instrumentation's, parented under the SDK's call span, and the service
// extracts it as the request's parent, with one traceparent value, over every transport.
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { context, propagation, ROOT_CONTEXT, trace, type SpanContext } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChainxClient, type TransportKind } from '../../../src/index.js'

// Enabled on construction: patches node:http and node:https as they are next required (below,
// as an app's first `require('http')` does), and subscribes to undici's diagnostics channels.
const instrumentations = [new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }), new UndiciInstrumentation()]
const require = createRequire(import.meta.url)
const http = require('node:http') as typeof import('node:http')
require('node:https')

const exporter = new InMemorySpanExporter()
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })

interface Received {
  /** Every traceparent header line, and the parent the server extracted from them (W3C). */
  traceparents: string[]
  parent: Pick<SpanContext, 'traceId' | 'spanId'> | undefined
}
let server: import('node:http').Server
let serverUrl: string
const received: Received[] = []
const statuses: number[] = []

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  trace.setGlobalTracerProvider(tracerProvider)
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  for (const instrumentation of instrumentations) instrumentation.setTracerProvider(tracerProvider)
  server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const parent = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, request.headers))
      received.push({
        traceparents: request.headersDistinct.traceparent ?? [],
        parent: parent && { traceId: parent.traceId, spanId: parent.spanId },
      })
      const status = statuses.shift() ?? 200
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(status === 200 ? '{"data":{"chainIdentifier":"4c78adac"}}' : '{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  for (const instrumentation of instrumentations) instrumentation.disable()
  trace.disable()
  propagation.disable()
  context.disable()
})

beforeEach(() => {
  exporter.reset()
  received.length = 0
  statuses.length = 0
})

const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId
const clientSpans = () => exporter.getFinishedSpans().filter((span) => span.kind === 2 && span.attributes['http.request.method'] === 'POST')
const byStart = (a: ReadableSpan, b: ReadableSpan) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]

describe('OpenTelemetry beside instrumentation-http and instrumentation-undici', () => {
  it('node:http is patched by instrumentation-http (the detection the SDK relies on)', () => {
    expect((http.request as { __wrapped?: boolean }).__wrapped).toBe(true)
  })

  it.each<[TransportKind, string]>([
    ['auto', '@opentelemetry/instrumentation-http'],
    ['fetch', '@opentelemetry/instrumentation-undici'],
  ])(
    'transport %s: one HTTP client span per attempt (%s), a child of the call span, and the service extracts it with one traceparent',
    async (transport, instrumentationName) => {
      const client = new ChainxClient({ graphqlUrl: serverUrl, transport, limits: false, retry: { retries: 1, baseDelayMs: 1 } })
      statuses.push(503)
      await client.graphql.query('query Chain { chainIdentifier }')
      await client.close()
      const [call, ...otherCalls] = exporter.getFinishedSpans().filter((span) => span.name === 'query Chain')
      expect(otherCalls).toEqual([])
      const attempts = clientSpans().sort(byStart)
      // Two attempts (a 503, then a 200), one HTTP span each, all the instrumentation's.
      expect(attempts.map((span) => span.instrumentationScope.name)).toEqual([instrumentationName, instrumentationName])
      expect(attempts.map(parentOf)).toEqual([call?.spanContext().spanId, call?.spanContext().spanId])
      expect(attempts.map((span) => span.spanContext().traceId)).toEqual([call?.spanContext().traceId, call?.spanContext().traceId])
      expect(received).toEqual(
        attempts.map((span) => ({
          traceparents: [`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`],
          parent: { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId },
        })),
      )
    },
  )

  it.each<TransportKind>(['auto', 'fetch'])(
    'transport %s, httpSpans: true: the SDK spans its attempt, the instrumentation spans under it and sends the one traceparent',
    async (transport) => {
      const client = new ChainxClient({ graphqlUrl: serverUrl, transport, limits: false, telemetry: { httpSpans: true } })
      await client.graphql.query('query Chain { chainIdentifier }')
      await client.close()
      const ours = clientSpans().find((span) => span.instrumentationScope.name === 'chainx-sdk')
      const theirs = clientSpans().find((span) => span.instrumentationScope.name !== 'chainx-sdk')
      expect(parentOf(theirs)).toBe(ours?.spanContext().spanId)
      expect(received).toEqual([
        {
          traceparents: [`00-${theirs?.spanContext().traceId}-${theirs?.spanContext().spanId}-01`],
          parent: { traceId: theirs?.spanContext().traceId, spanId: theirs?.spanContext().spanId },
        },
      ])
    },
  )
})
