import type * as Otel from '@opentelemetry/api'
import { ChainxError } from '../../errors/ChainxError.js'
import { PACKAGE_VERSION } from '../../utils/packageVersion.js'
import { redactUrl } from '../../utils/redactUrl.js'
import type { AttemptRecord, CallTrace, ConnectionTrace, HttpVia, Telemetry, TelemetryOptions, WalkTrace } from './types.js'

type Api = typeof Otel

const SPAN_KIND_CLIENT = 2
const SPAN_KIND_INTERNAL = 0
const STATUS_OK = 1
const STATUS_ERROR = 2
/** The head of a GraphQL body: `{"query":"<operation type> <name>`, whitespace JSON-escaped or not. */
const GRAPHQL_HEAD = /^\{"query":"(?:\s|\\[nrt])*(query|mutation|subscription)\b(?:\s|\\[nrt])*([_A-Za-z][_0-9A-Za-z]*)?/
/** The `operationName` the SDK puts last in a GraphQL body. */
const OPERATION_NAME = /,"operationName":"([_A-Za-z][_0-9A-Za-z]*)"\}$/
/** The head of a JSON-RPC body as the SDK writes it: its id and method. */
const RPC_HEAD = /^\{"jsonrpc":"2\.0","id":(\d+),"method":"([^"\\]{1,100})"/

/**
 * The telemetry chunk: spans and metrics through the app's `@opentelemetry/api`, following the
 * semantic conventions for HTTP, RPC (JSON-RPC) and GraphQL clients (docs/backends.md): a
 * CLIENT span per SDK call and under it one HTTP client span per attempt (the SDK's own, or an
 * HTTP instrumentation's), the `http.client.request.duration` histogram and the
 * `chainx.client.retries` counter. Attributes hold redacted URLs, never a header value or a body.
 */
export function createTelemetry(module: object, options: TelemetryOptions = {}, via?: HttpVia): Telemetry {
  const api = ('trace' in module ? module : (module as { default: object }).default) as Api
  const name = options.name ?? 'chainx-sdk'
  const tracer = api.trace.getTracer(name, PACKAGE_VERSION)
  const meter = api.metrics.getMeter(name, PACKAGE_VERSION)
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
  // Meters are not proxies: one got before a meter provider was registered stays a no-op. The
  // tracer is: it records once a tracer provider is registered (a delegate other than the no-op one).
  const metered = meter !== (api.createNoopMeter as (() => unknown) | undefined)?.()
  const noTracing = api.ProxyTracerProvider ? new api.ProxyTracerProvider().getDelegate() : undefined

  /**
   * The CLIENT span of a call, named from its body's head: a GraphQL operation or a JSON-RPC
   * method. A walk span current and not named yet takes its name from this call.
   */
  function callSpan(body: string, url: string): { span: Otel.Span; rpc: boolean } {
    const walk = api.trace.getSpan(api.context.active())
    const naming = walk !== undefined && unnamedWalks.delete(walk)
    const attributes: Otel.Attributes = serverOf(url)
    const rpc = RPC_HEAD.exec(body)
    if (rpc) {
      const method = rpc[2] as string
      if (naming) walk.updateName(`${method} walk`)
      attributes['rpc.system.name'] = 'jsonrpc'
      attributes['rpc.method'] = method
      attributes['jsonrpc.protocol.version'] = '2.0'
      attributes['jsonrpc.request.id'] = rpc[1]
      return { span: tracer.startSpan(method, { kind: SPAN_KIND_CLIENT, attributes }), rpc: true }
    }
    const head = GRAPHQL_HEAD.exec(body.slice(0, 300))
    const type = head?.[1] ?? 'query'
    const operationName = OPERATION_NAME.exec(body.slice(-200))?.[1] ?? head?.[2]
    attributes['graphql.operation.type'] = type
    if (operationName) attributes['graphql.operation.name'] = operationName
    if (naming) walk.updateName(operationName ? `paginate ${operationName}` : 'paginate')
    const spanName = operationName ? `${type} ${operationName}` : type
    return { span: tracer.startSpan(spanName, { kind: SPAN_KIND_CLIENT, attributes }), rpc: false }
  }

  /** Ends a span: status ERROR with `error.type` when an error ended it, else `ok` when given. */
  function endSpan(span: Otel.Span, error: unknown, ok?: boolean, time?: number, type = errorType(error)): void {
    if (error !== undefined) {
      span.setAttribute('error.type', type)
      span.setStatus({ code: STATUS_ERROR, message: error instanceof ChainxError ? error.shortMessage : undefined })
    } else if (ok) span.setStatus({ code: STATUS_OK })
    span.end(time)
  }

  return {
    live() {
      const provider = api.trace.getTracerProvider() as Partial<Otel.ProxyTracerProvider>
      return metered || provider.getDelegate?.() !== noTracing || api.propagation.fields().length > 0
    },
    async call(body, firstUrl, send) {
      const { span, rpc } = callSpan(body, firstUrl)
      const parent = api.trace.setSpan(api.context.active(), span)
      const call: CallTrace = {
        attempt<T>(
          url: string,
          attemptNumber: number,
          failover: boolean,
          run: (traceHeaders: Record<string, string>, record: AttemptRecord) => Promise<T>,
          given?: AttemptRecord,
        ): Promise<T> {
          const server = serverOf(url)
          const common = { 'http.request.method': 'POST', ...server }
          // The call's server is the one its last attempt went to.
          if (url !== firstUrl) span.setAttributes(server)
          if (attemptNumber > 0) retries.add(1, { ...common, 'chainx.retry.reason': failover ? 'failover' : 'retry' })
          const record = given ?? {}
          const headers: Record<string, string> = {}
          const instrumented = via !== undefined && httpInstrumented(via, url)
          // The instrumentation's HTTP span (or none, httpSpans: false) is the call span's child
          // and sends its own context: the SDK adds neither a span nor a traceparent.
          if (options.httpSpans === false || (instrumented && options.httpSpans !== true)) {
            return api.context.with(parent, () => run(headers, record))
          }
          const attributes: Otel.Attributes = { ...common, 'url.full': redactUrl(url) }
          if (attemptNumber > 0) attributes['http.request.resend_count'] = attemptNumber
          const attempt = tracer.startSpan('POST', { kind: SPAN_KIND_CLIENT, attributes }, parent)
          const current = api.trace.setSpan(parent, attempt)
          // An instrumentation forced beside the SDK's spans (httpSpans: true) injects its own
          // span's context, a child of this one: one traceparent.
          if (!instrumented) api.propagation.inject(current, headers)
          const started = performance.now()
          const end = (error?: unknown) => {
            const metric: Otel.Attributes = { ...common }
            const status = record.status
            if (status !== undefined) {
              attempt.setAttribute('http.response.status_code', status)
              metric['http.response.status_code'] = status
            }
            // A response outside 2xx is the HTTP error (`error.type` its status); a 2xx whose
            // body carries a GraphQL or JSON-RPC error is not: that error is the call span's.
            const failed = status === undefined ? error !== undefined : status < 200 || status > 299
            const type = status === undefined ? errorType(error) : String(status)
            if (failed) metric['error.type'] = type
            duration.record((performance.now() - started) / 1_000, metric)
            endSpan(attempt, failed ? (error ?? status) : undefined, false, undefined, type)
          }
          return api.context.with(current, () =>
            run(headers, record).then(
              (value) => (end(), value),
              (error: unknown) => {
                end(error)
                throw error
              },
            ),
          )
        },
      }
      try {
        const value = await send(call)
        span.end()
        return value
      } catch (error) {
        // JSON-RPC: the error object's code, as `rpc.status_code` and `error.type`.
        const rpcError = rpc && error instanceof ChainxError ? error.walk((cause) => typeof rpcCodeOf(cause) === 'number') : undefined
        const status = rpcError === undefined ? undefined : String(rpcCodeOf(rpcError))
        if (status !== undefined) span.setAttribute('rpc.status_code', status)
        endSpan(span, error, false, undefined, status)
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
          const attributes: Otel.Attributes = detail.url === undefined ? {} : { ...serverOf(detail.url), 'url.full': redactUrl(detail.url) }
          if (detail.attempt !== undefined) attributes['chainx.reconnect.attempt'] = detail.attempt
          if (detail.delayMs !== undefined) attributes['chainx.reconnect.delay_ms'] = Math.round(detail.delayMs)
          if (detail.error !== undefined) attributes['error.type'] = errorType(detail.error)
          span.addEvent(name, attributes, time)
        },
      }
    },
  }
}

/** `server.address` and `server.port` of an endpoint (the scheme's port when it names none). */
function serverOf(url: string): { 'server.address': string; 'server.port': number } {
  const { protocol, hostname, port } = new URL(url)
  return { 'server.address': hostname, 'server.port': Number(port) || (protocol === 'https:' || protocol === 'wss:' ? 443 : 80) }
}

function rpcCodeOf(error: unknown): unknown {
  return (error as { rpcCode?: unknown } | undefined)?.rpcCode
}

/** `error.type`: the ChainxError code, else the error's class name. */
function errorType(error: unknown): string {
  if (error instanceof ChainxError) return error.code
  return error instanceof Error ? error.name : '_OTHER'
}

type GetBuiltinModule = (id: string) => unknown

/** A Node built-in as it is now (`process.getBuiltinModule`, Node 20.16+), undefined elsewhere. */
function builtin<T>(id: string): T | undefined {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule
  try {
    return typeof getBuiltinModule === 'function' ? (getBuiltinModule(id) as T | undefined) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether an OpenTelemetry HTTP instrumentation will make the client span of a request to
 * `url` on this transport: `request` of `node:http`/`node:https` wrapped by instrumentation-http
 * (the shimmer marks), or for `fetch` a subscriber on undici's `undici:request:create` channel
 * (instrumentation-undici). False where neither can be told (browsers, Node before 20.16).
 */
function httpInstrumented(via: HttpVia, url: string): boolean {
  if (via === 'fetch') {
    undiciCreate ??= builtin<{ channel(name: string): { hasSubscribers: boolean } }>('node:diagnostics_channel')?.channel(
      'undici:request:create',
    ) ?? { hasSubscribers: false }
    return undiciCreate.hasSubscribers
  }
  const module = url.startsWith('https:') ? (https ??= builtin('node:https') ?? {}) : (http ??= builtin('node:http') ?? {})
  const request = module.request
  return request?.__wrapped === true && typeof request.__original === 'function'
}

type RequestModule = { request?: { __wrapped?: unknown; __original?: unknown } }
// Looked up once: an instrumentation patches these same objects whenever it is enabled.
let undiciCreate: { hasSubscribers: boolean } | undefined
let http: RequestModule | undefined
let https: RequestModule | undefined
