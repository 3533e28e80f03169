import { abortError } from '../errors/abortError.js'
import { ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import type { FetchFn, HttpFn } from './types.js'

// Stateless without `stream: true`, so one serves every response.
const decoder = new TextDecoder()

/**
 * An HttpFn over a `fetch` implementation: the global one in browsers, or one the caller
 * injects. Redirects are not followed (`redirect: 'manual'`: a browser answers an opaque
 * redirect, status 0, whose `Location` it hides). Credentials written in the URL
 * (`https://user:pass@host/`, which fetch refuses) are sent as Basic authorization, as the
 * node:http transport sends them, unless an `authorization` header is set. The body is
 * counted as it streams and cut off past `maxResponseBytes`. The time limit and the caller's
 * signal abort the fetch (which closes its connection) and reject with `TIMEOUT` or `ABORTED`.
 *
 * @example
 * const http = createFetchHttp(globalThis.fetch)
 */
export function createFetchHttp(fetchFn: FetchFn): HttpFn {
  return async ({ url, headers, body, signal, timeoutMs, maxResponseBytes }) => {
    if (signal?.aborted) throw abortError(signal.reason)
    // A signal costs fetch a good part of its own work: a controller only for a time limit,
    // which the caller's signal (if any) feeds; the caller's alone goes to fetch as it is.
    const controller = timeoutMs > 0 ? new AbortController() : undefined
    const timer = controller && setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs)
    const stopListening = controller && signal && onAbort(signal, () => controller.abort(abortError(signal.reason)))
    const sent = controller?.signal ?? signal
    try {
      // Rare, so a chunk of its own, loaded only by a URL that may carry user info.
      if (url.includes('@')) ({ url, headers } = (await import('./moveUserInfo.js')).moveUserInfo(url, headers))
      const response = await fetchFn(url, { method: 'POST', headers, body, signal: sent, redirect: 'manual' })
      const responseHeaders: Record<string, string> = {}
      // Names come lower case (WHATWG Headers).
      response.headers.forEach((value, name) => (responseHeaders[name] = value))
      const tooLarge = (received: number) => new ResponseTooLargeError({ limit: maxResponseBytes, received, url })
      const declared = Number(responseHeaders['content-length'])
      if (declared > maxResponseBytes) {
        // Cancelling the body aborts the fetch and closes its connection.
        await response.body?.cancel().catch(() => undefined)
        throw tooLarge(declared)
      }
      // Chunks kept as they arrive and decoded once at the end (a page usually comes in one):
      // cheaper than `response.text()` and than decoding as it streams.
      const reader = response.body?.getReader()
      const chunks: Uint8Array[] = []
      let size = 0
      for (let chunk; reader && !(chunk = await reader.read()).done; chunks.push(chunk.value)) {
        size += chunk.value.byteLength
        if (size > maxResponseBytes) {
          await reader.cancel().catch(() => undefined)
          throw tooLarge(size)
        }
      }
      let text: string
      try {
        text = decoder.decode(chunks.length === 1 ? chunks[0] : concat(chunks, size))
      } catch {
        // Past the longest buffer or string the engine makes (when the limit was lifted): still typed.
        throw tooLarge(size)
      }
      return { status: response.status, headers: responseHeaders, body: text }
    } catch (error) {
      if (sent?.aborted) throw sent === signal ? abortError(signal.reason) : sent.reason
      throw error
    } finally {
      clearTimeout(timer)
      stopListening?.()
    }
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks.splice(0)) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}
