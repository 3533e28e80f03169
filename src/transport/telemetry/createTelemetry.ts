import type * as Otel from '@opentelemetry/api'
import { ChainxError } from '../../errors/ChainxError.js'
import { redactUrl } from '../../utils/redactUrl.js'
import type { AttemptRecord, CallTrace, ConnectionTrace, Telemetry, WalkTrace } from './types.js'

type Api = typeof Otel

const SPAN_KIND_CLIENT = 2
const SPAN_KIND_INTERNAL = 0
const STATUS_OK = 1
const STATUS_ERROR = 2
/** The head of a GraphQL body: `{"query":"<operation type> <name>`, whitespace JSON-escaped or not. */
const GRAPHQL_HEAD = /^\{"query":"(?:\s|\\[nrt])*(query|mutation|subscription)\b(?:\s|\\[nrt])*([_A-Za-z][_0-9A-Za-z]*)?/
/** The `operationName` the SDK puts last in a GraphQL body. */
const OPERATION_NAME = /,"operationName":"([_A-Za-z][_0-9A-Za-z]*)"\}$/
/** The head of a JSON-RPC body as the SDK writes it. */
const RPC_HEAD = /^\{"jsonrpc":"2\.0","id":\d+,"method":"([^"\\]{1,100})"/

/**
 * The telemetry chunk: spans and metrics through the app's `@opentelemetry/api`, following the
 * semantic conventions for HTTP, RPC and GraphQL clients. A span per SDK call (`query
 * <OperationName>` or the JSON-RPC method) with a CLIENT span per HTTP attempt under it, the
 * attempt's context injected into the request headers by the registered propagator; the
 * `http.client.request.duration` histogram (seconds) and the `chainx.client.retries` counter.
 * Attributes hold URLs redacted as errors redact them, never a header value or a body.
 *
 * @example
 * const telemetry = createTelemetry(await import('@opentelemetry/api'), 'chainx-sdk')
 */
export function createTelemetry(module: object, name: string): Telemetry {
  const api = ('trace' in module ? module : (module as { default: object }).default) as Api
  const tracer = api.trace.getTracer(name)
  const meter = api.metrics.getMeter(name)
  const duration = meter.createHistogram('http.client.request.duration', {
    unit: 's',
    description: 'Duration of HTTP client requests.',
    advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] },
  })
  const retries = meter.createCounter('chainx.client.retries', {
    unit: '{attempt}',
    description: 'Attempts after the first of an SDK call: retries at the same endpoint and failovers to another.',
  })

  /** Walk spans not named yet: their first call names them. */
  const unnamedWalks = new WeakSet<Otel.Span>()

  /**
   * The span of a call, named from its body's head: a GraphQL operation or a JSON-RPC method.
   * A walk span current and not named yet takes its name from this call.
   */
  function callSpan(body: string): Otel.Span {
    const walk = api.trace.getSpan(api.context.active())
    const naming = walk !== undefined && unnamedWalks.delete(walk)
    const method = RPC_HEAD.exec(body)?.[1]
    if (method !== undefined) {
      if (naming) walk.updateName(`${method} walk`)
      return tracer.startSpan(method, {
        kind: SPAN_KIND_INTERNAL,
        attributes: { 'rpc.system': 'jsonrpc', 'rpc.method': method, 'rpc.jsonrpc.version': '2.0' },
      })
    }
    const head = GRAPHQL_HEAD.exec(body.slice(0, 300))
    const type = head?.[1] ?? 'query'
    const operationName = OPERATION_NAME.exec(body.slice(-200))?.[1] ?? head?.[2]
    const attributes: Otel.Attributes = { 'graphql.operation.type': type }
    if (operationName) attributes['graphql.operation.name'] = operationName
    if (naming) walk.updateName(operationName ? `paginate ${operationName}` : 'paginate')
    return tracer.startSpan(operationName ? `${type} ${operationName}` : type, { kind: SPAN_KIND_INTERNAL, attributes })
  }

  /** Ends a span: status ERROR with `error.type` when an error ended it, else `ok` when given. */
  function endSpan(span: Otel.Span, error: unknown, ok?: boolean, time?: number): void {
    if (error !== undefined) {
      span.setAttribute('error.type', errorType(error))
      span.setStatus({ code: STATUS_ERROR, message: error instanceof ChainxError ? error.shortMessage : undefined })
    } else if (ok) span.setStatus({ code: STATUS_OK })
    span.end(time)
  }

  return {
    async call(body, send) {
      const span = callSpan(body)
      const parent = api.trace.setSpan(api.context.active(), span)
      const call: CallTrace = {
        async attempt<T>(
          url: string,
          attemptNumber: number,
          failover: boolean,
          run: (traceHeaders: Record<string, string>, record: AttemptRecord) => Promise<T>,
          given?: AttemptRecord,
        ): Promise<T> {
          const target = new URL(url)
          const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80)
          const common: Otel.Attributes = { 'http.request.method': 'POST', 'server.address': target.hostname, 'server.port': port }
          const attributes: Otel.Attributes = { ...common, 'url.full': redactUrl(url) }
          if (attemptNumber > 0) {
            attributes['http.request.resend_count'] = attemptNumber
            retries.add(1, { ...common, 'chainx.retry.reason': failover ? 'failover' : 'retry' })
          }
          const attempt = tracer.startSpan('POST', { kind: SPAN_KIND_CLIENT, attributes }, parent)
          const headers: Record<string, string> = {}
          api.propagation.inject(api.trace.setSpan(parent, attempt), headers)
          const record = given ?? {}
          const started = performance.now()
          const end = (error?: unknown) => {
            const metric: Otel.Attributes = { ...common }
            if (record.status !== undefined) {
              attempt.setAttribute('http.response.status_code', record.status)
              metric['http.response.status_code'] = record.status
            }
            if (error !== undefined) {
              const type = errorType(error)
              attempt.setAttribute('error.type', type)
              attempt.setStatus({ code: STATUS_ERROR, message: error instanceof ChainxError ? error.shortMessage : undefined })
              metric['error.type'] = type
            }
            duration.record((performance.now() - started) / 1_000, metric)
            attempt.end()
          }
          try {
            const value = await run(headers, record)
            end()
            return value
          } catch (error) {
            end(error)
            throw error
          }
        },
      }
      try {
        const value = await send(call)
        span.end()
        return value
      } catch (error) {
        endSpan(span, error)
        throw error
      }
    },
    walk(): WalkTrace {
      const span = tracer.startSpan('walk', { kind: SPAN_KIND_INTERNAL })
      unnamedWalks.add(span)
      const current = api.trace.setSpan(api.context.active(), span)
      let ended = false
      return {
        run: (fetch) => api.context.with(current, fetch),
        end(error) {
          if (ended) return
          ended = true
          endSpan(span, error, true)
        },
      }
    },
    connection(startTime): ConnectionTrace {
      const span = tracer.startSpan('chainx subscription', { kind: SPAN_KIND_CLIENT, startTime })
      let ended = false
      return {
        event(name, detail = {}, time) {
          if (ended) return
          if (name === 'end') {
            ended = true
            return endSpan(span, detail.error, true, time)
          }
          const attributes: Otel.Attributes = {}
          if (detail.url !== undefined) {
            const target = new URL(detail.url)
            attributes['server.address'] = target.hostname
            attributes['server.port'] = Number(target.port) || (target.protocol === 'wss:' ? 443 : 80)
            attributes['url.full'] = redactUrl(detail.url)
          }
          if (detail.attempt !== undefined) attributes['chainx.reconnect.attempt'] = detail.attempt
          if (detail.delayMs !== undefined) attributes['chainx.reconnect.delay_ms'] = Math.round(detail.delayMs)
          if (detail.error !== undefined) attributes['error.type'] = errorType(detail.error)
          span.addEvent(name, attributes, time)
        },
      }
    },
  }
}

/** `error.type`: the ChainxError code, else the error's class name. */
function errorType(error: unknown): string {
  if (error instanceof ChainxError) return error.code
  return error instanceof Error ? error.name : '_OTHER'
}
