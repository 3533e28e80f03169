/**
 * One HTTP POST as the transport sends it.
 *
 * @example
 * const request: HttpRequest = { url, headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(5_000), maxResponseBytes: 1 << 20 }
 */
export interface HttpRequest {
  url: string
  headers: Record<string, string>
  body: string
  signal: AbortSignal
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
 * Sends one HTTP POST and never follows a redirect (a 3xx comes back as it is). Rejects only
 * for network failures, aborts and bodies over `maxResponseBytes`.
 *
 * @example
 * const http: HttpFn = createFetchHttp(globalThis.fetch)
 */
export type HttpFn = (request: HttpRequest) => Promise<HttpResponse>

/**
 * The `fetch` signature the SDK accepts for injection (the global one fits).
 *
 * @example
 * const logged: FetchFn = (input, init) => (console.warn('POST', input), fetch(input, init))
 * new ChainxClient({ graphqlUrl, fetch: logged })
 */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>
