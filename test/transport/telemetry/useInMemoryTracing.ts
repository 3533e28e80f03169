// Registers the real OpenTelemetry SDK's tracing for one test file, as an app does: the
// AsyncLocalStorage context manager and a tracer provider exporting to memory.
import { context, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll } from 'vitest'

/** Registers tracing before the file's tests and removes it after; returns the exporter. */
export function useInMemoryTracing(): InMemorySpanExporter {
  const exporter = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    trace.setGlobalTracerProvider(tracerProvider)
  })
  afterAll(() => {
    trace.disable()
    context.disable()
  })
  return exporter
}
