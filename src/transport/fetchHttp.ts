import type { FetchFn, HttpFn } from './types.js'

/**
 * An HttpFn over a `fetch` implementation: the global one in browsers, or one the
 * caller injects.
 *
 * @example
 * const http = createFetchHttp(globalThis.fetch)
 */
export function createFetchHttp(fetchFn: FetchFn): HttpFn {
  return async ({ url, headers, body, signal }) => {
    const response = await fetchFn(url, { method: 'POST', headers, body, signal })
    const responseHeaders: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value
    })
    return { status: response.status, headers: responseHeaders, body: await response.text() }
  }
}
