import type { HttpVia } from './telemetry/types.js'

/** One HTTP POST as the transport sends it. */
export interface HttpRequest {
  url: string
  headers: Record<string, string>
  body: string
  /** The caller's signal, if any: on abort the HttpFn rejects with `abortError(signal.reason)` and closes the connection. */
  signal?: AbortSignal | undefined
  /** Time limit in ms, `0` for none: on expiry the HttpFn rejects with `TimeoutError` and closes the connection. */
  timeoutMs: number
  /** Largest body accepted, in bytes; a larger one rejects with `ResponseTooLargeError` and the connection is closed. */
  maxResponseBytes: number
}

/**
 * The parts of an HTTP response the SDK reads. Header names are lower case.
 *
 * @example
 * const response: HttpResponse = { status: 200, headers: { 'x-chain-rpc-version': '2025.3.1' }, body: '{"data":{}}' }
 */
export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends one HTTP POST and never follows a redirect. Rejects only for network failures, the
 * time limit, the caller's abort and bodies over `maxResponseBytes` (the last three with
 * `TIMEOUT`, `ABORTED`, `RESPONSE_TOO_LARGE`).
 */
export interface HttpFn {
  (request: HttpRequest): Promise<HttpResponse>
  /** Releases the connections the HttpFn owns (idle ones at once, busy ones after their response). */
  close?: (() => void) | undefined
  /** What it sends through, for telemetry to see an HTTP instrumentation of it. */
  via?: HttpVia | undefined
}

/**
 * The `fetch` signature the SDK accepts for injection (the global one fits).
 *
 * @example
 * const logged: FetchFn = (input, init) => (console.warn('POST', input), fetch(input, init))
 * new ChainxClient({ graphqlUrl, fetch: logged })
 */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>
