/** One HTTP POST as the transport sends it. */
export interface HttpRequest {
  url: string
  headers: Record<string, string>
  body: string
  signal: AbortSignal
}

/** The parts of an HTTP response the SDK reads. Header names are lower case. */
export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Sends one HTTP request. Rejects only for network failures and aborts. */
export type HttpFn = (request: HttpRequest) => Promise<HttpResponse>

/** The `fetch` signature the SDK accepts for injection (the global one fits). */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>
