/** The logger methods the indexer calls (the client's `logger` option, when it has one). */
export interface IndexerLogger {
  debug?: ((message: string, fields?: Record<string, unknown>) => void) | undefined
  info?: ((message: string, fields?: Record<string, unknown>) => void) | undefined
  warn?: ((message: string, fields?: Record<string, unknown>) => void) | undefined
  error?: ((message: string, fields?: Record<string, unknown>) => void) | undefined
}

/** A span per batch and a counter of items indexed, through the app's `@opentelemetry/api`. */
export interface Observer {
  log(level: keyof IndexerLogger, message: string, fields?: Record<string, unknown>): void
  /** Runs one batch's commit in a span `chainx.indexer.batch`; counts its items when it commits. */
  batch<T>(pipeline: string, items: number, commit: () => Promise<T>): Promise<T>
}

interface OtelApi {
  trace: { getTracer(name: string): { startActiveSpan<T>(name: string, options: object, run: (span: OtelSpan) => T): T } }
  metrics: { getMeter(name: string): { createCounter(name: string, options: object): { add(value: number, attributes: object): void } } }
  SpanStatusCode: { ERROR: number }
}
interface OtelSpan {
  setStatus(status: { code: number; message?: string }): void
  recordException(error: Error): void
  end(): void
}

/**
 * The indexer's logger and telemetry, from the client: its `logger` option when it has one
 * (silent otherwise), and OpenTelemetry unless its `telemetry` option is `false` (the app's
 * `@opentelemetry/api`, an optional peer, or the `telemetry.api` it passed; off when neither).
 */
export async function createObserver(clientOptions: object): Promise<Observer> {
  const { logger, telemetry } = clientOptions as { logger?: IndexerLogger; telemetry?: false | { api?: object } }
  const log: Observer['log'] = (level, message, fields) => {
    const method = typeof logger === 'object' && logger !== null ? logger[level] : undefined
    if (typeof method === 'function') method.call(logger, message, fields)
  }
  const api = telemetry === false ? undefined : ((telemetry?.api as OtelApi | undefined) ?? (await importOtel()))
  if (!api?.trace || !api.metrics) return { log, batch: (_pipeline, _items, commit) => commit() }
  const tracer = api.trace.getTracer('chainx-sdk/indexer')
  const counter = api.metrics.getMeter('chainx-sdk/indexer').createCounter('chainx.indexer.items', {
    description: 'Items committed by the indexer',
    unit: '{item}',
  })
  return {
    log,
    batch: (pipeline, items, commit) =>
      tracer.startActiveSpan(
        'chainx.indexer.batch',
        { attributes: { 'chainx.indexer.pipeline': pipeline, 'chainx.indexer.items': items } },
        async (span) => {
          try {
            const result = await commit()
            counter.add(items, { 'chainx.indexer.pipeline': pipeline })
            return result
          } catch (error) {
            span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined })
            if (error instanceof Error) span.recordException(error)
            throw error
          } finally {
            span.end()
          }
        },
      ),
  }
}

async function importOtel(): Promise<OtelApi | undefined> {
  const name = '@opentelemetry/api' // a variable: bundlers leave the import alone
  try {
    return (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as OtelApi
  } catch {
    return undefined
  }
}
