/**
 * Tracing and metrics through the app's `@opentelemetry/api` (an optional peer dependency,
 * imported with the first request when installed) and the providers and propagator it registered.
 *
 * @example
 * import * as otel from '@opentelemetry/api'
 * new ChainxClient({ graphqlUrl, telemetry: { api: otel } }) // a bundle that cannot import it by name
 */
export interface TelemetryOptions {
  /**
   * The `@opentelemetry/api` module itself, where the SDK cannot import it by name (a browser bundle).
   * @default imported by name with the first request
   */
  api?: object | undefined
  /**
   * Name of the tracer and meter.
   * @default 'chainx-sdk'
   */
  name?: string | undefined
  /**
   * Whether the SDK makes the HTTP client span of each attempt and sends its `traceparent`.
   * Unset, it does unless it sees an HTTP instrumentation of its transport (instrumentation-http,
   * instrumentation-undici), whose span is then the one. `false`: never (an instrumentation the
   * SDK cannot see, such as a browser's instrumentation-fetch); `true`: always.
   * @default undefined (detected)
   */
  httpSpans?: boolean | undefined
}

/** What an HttpFn sends through, for telemetry to tell whether an HTTP instrumentation sees it. */
export type HttpVia = 'node:http' | 'fetch'

/** What an attempt records as it goes: its response's status, duration and service version. */
export interface AttemptRecord {
  status?: number | undefined
  durationMs?: number | undefined
  version?: string | undefined
}

/** The span of one SDK call, parent of its attempts. */
export interface CallTrace {
  /** Runs one attempt in its HTTP span's context: `run` gets the headers carrying it (`traceparent`) and the record to fill. */
  attempt<T>(
    url: string,
    attemptNumber: number,
    failover: boolean,
    run: (traceHeaders: Record<string, string>, record: AttemptRecord) => Promise<T>,
    record?: AttemptRecord,
  ): Promise<T>
}

/** One walk's span: `run` runs a page's request with it current; `end` closes it (the first call counts). */
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

/** One subscription connection's span: `event` records a step; `end` closes it (status ERROR with `error`). */
export interface ConnectionTrace {
  event(name: 'connecting' | 'reconnecting' | 'open' | 'lost' | 'end', detail?: ConnectionDetail, time?: number): void
}

/** What the transport uses, once OpenTelemetry was found. */
export interface Telemetry {
  /** Whether a tracer provider, a meter provider or a propagator is registered: else every span would be a no-op. */
  live(): boolean
  /** Runs one SDK call to `url` in its span, named from the request `body` (nothing else of it is read). */
  call<T>(body: string, url: string, send: (call: CallTrace) => Promise<T>): Promise<T>
  /** Starts the span of a walk, named from its first call (`paginate <OperationName>`, `<method> walk`). */
  walk(): WalkTrace
  /** Starts the `chainx subscription` span of a subscription connection (reconnects included). */
  connection(startTime: number): ConnectionTrace
}
