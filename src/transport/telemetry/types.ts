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
}

/** What an attempt records as it goes: its response's status, duration and service version. */
export interface AttemptRecord {
  status?: number | undefined
  durationMs?: number | undefined
  version?: string | undefined
}

/** The span of one SDK call, parent of its attempts. */
export interface CallTrace {
  /**
   * Runs one attempt in a CLIENT span of its own: `run` gets the headers carrying the span's
   * context (`traceparent`) and a record to fill (`record`, when given).
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
   * Runs one SDK call (`send`, given the call's trace for its attempts) in its span, named from
   * the request `body` (the GraphQL operation or the JSON-RPC method; nothing else of it is read).
   */
  call<T>(body: string, send: (call: CallTrace) => Promise<T>): Promise<T>
  /**
   * Starts the span of a walk, named from its first call (`paginate <OperationName>`, or
   * `<method> walk` for JSON-RPC).
   */
  walk(): WalkTrace
  /** Starts the `chainx subscription` span of a subscription connection (reconnects included). */
  connection(startTime: number): ConnectionTrace
}
