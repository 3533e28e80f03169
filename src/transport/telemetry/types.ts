/**
 * Tracing and metrics through OpenTelemetry: `false` turns them off; otherwise the SDK uses
 * the app's `@opentelemetry/api` (an optional peer dependency: imported with the first request
 * when installed; nothing is loaded when it is not) and whatever tracer provider, meter provider
 * and propagator the app registered with it.
 *
 * @example
 * import * as otel from '@opentelemetry/api'
 * new ChainxClient({ graphqlUrl, telemetry: { api: otel } }) // a bundle that cannot import it by name
 */
export interface TelemetryOptions {
  /**
   * The `@opentelemetry/api` module itself, for runtimes where the SDK cannot import it by
   * name (a browser bundle).
   * @default imported by name with the first request
   */
  api?: object | undefined
  /**
   * Name of the tracer and meter.
   * @default 'chainx-sdk'
   */
  name?: string | undefined
  /**
   * Whether the SDK makes the HTTP client span of each attempt and injects its context
   * (`traceparent`) into the request. Unset, it does unless it sees an HTTP instrumentation
   * registered for its transport (instrumentation-http patching `node:http`/`node:https`,
   * instrumentation-undici subscribed to Node's `fetch`): then the instrumentation's span is
   * the one, a child of the SDK's call span, and its `traceparent` the one sent. `false`: never
   * (an app whose HTTP instrumentation the SDK cannot see, such as a browser's
   * instrumentation-fetch: the SDK then sends no `traceparent` of its own and records no
   * `http.client.request.duration`). `true`: always its own span; with an instrumentation
   * registered beside it, the instrumentation's span is a child of it and sends the one
   * `traceparent`.
   * @default undefined (detected)
   */
  httpSpans?: boolean | undefined
}

/**
 * What an HttpFn sends through, for telemetry to tell whether an HTTP instrumentation sees it.
 *
 * @example
 * const via: HttpVia = 'fetch'
 */
export type HttpVia = 'node:http' | 'fetch'

/** What an attempt records as it goes: its response's status, duration and service version. */
export interface AttemptRecord {
  status?: number | undefined
  durationMs?: number | undefined
  version?: string | undefined
}

/** The span of one SDK call, parent of its attempts. */
export interface CallTrace {
  /**
   * Runs one attempt inside its HTTP span's context (the SDK's CLIENT span, or the call's
   * span when an HTTP instrumentation makes it): `run` gets the headers carrying the context
   * to send (`traceparent`; none when the instrumentation sends its own) and a record to fill
   * (`record`, when given).
   */
  attempt<T>(
    url: string,
    attemptNumber: number,
    failover: boolean,
    run: (traceHeaders: Record<string, string>, record: AttemptRecord) => Promise<T>,
    record?: AttemptRecord,
  ): Promise<T>
}

/**
 * One walk's observer (a span with telemetry): `run` runs a page's request with the walk
 * current, so the request's spans are the walk's children; `end` closes it (with the error
 * that ended the walk, if any). `end` may be called more than once: the first call counts.
 */
export interface WalkTrace {
  run<T>(fetch: () => Promise<T>): Promise<T>
  end(error?: unknown): void
}

/** What a subscription connection's event tells: its endpoint, reconnect attempt and delay, or error. */
export interface ConnectionDetail {
  url?: string | undefined
  attempt?: number | undefined
  delayMs?: number | undefined
  error?: unknown
}

/**
 * One subscription connection's observer (a span with telemetry): `event` records `connecting`,
 * `reconnecting`, `open`, `lost`, and `end` closes it (status ERROR when `error` is given).
 * Events after `end` are ignored.
 */
export interface ConnectionTrace {
  event(name: 'connecting' | 'reconnecting' | 'open' | 'lost' | 'end', detail?: ConnectionDetail, time?: number): void
}

/** What the transport uses, once OpenTelemetry was found. */
export interface Telemetry {
  /**
   * Runs one SDK call to `url` (`send`, given the call's trace for its attempts) in its span,
   * named from the request `body` (the GraphQL operation or the JSON-RPC method and id; nothing
   * else of it is read).
   */
  call<T>(body: string, url: string, send: (call: CallTrace) => Promise<T>): Promise<T>
  /**
   * Starts the span of a walk, named from its first call (`paginate <OperationName>`, or
   * `<method> walk` for JSON-RPC).
   */
  walk(): WalkTrace
  /** Starts the `chainx subscription` span of a subscription connection (reconnects included). */
  connection(startTime: number): ConnectionTrace
}
