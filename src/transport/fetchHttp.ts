import { abortError } from '../errors/request.js'
import { ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import { moveUserInfo } from './moveUserInfo.js'
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
  const http: HttpFn = async ({ url, headers, body, signal, timeoutMs, maxResponseBytes }) => {
    if (signal?.aborted) throw abortError(signal.reason)
    // A signal costs fetch a good part of its own work: none without a time limit or a caller's
    // signal. The caller's feeds a controller of the request's own (through its one shared
    // listener) rather than going to fetch, which would leave a listener on it per request
    // until garbage collection.
    const controller = timeoutMs > 0 || signal ? new AbortController() : undefined
    const timer = controller && timeoutMs > 0 ? setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs) : undefined
    const stopListening = controller && signal && onAbort(signal, () => controller.abort(abortError(signal.reason)))
    const sent = controller?.signal
    try {
      if (url.includes('@')) ({ url, headers } = moveUserInfo(url, headers))
      const response = await fetchFn(url, { method: 'POST', headers, body, signal: sent, redirect: 'manual' })
      const responseHeaders: Record<string, string> = {}
      // Names come lower case (WHATWG Headers).
      response.headers.forEach((value, name) => (responseHeaders[name] = value))
      // Chunks kept as they arrive and decoded once at the end (a page usually comes in one):
      // cheaper than `response.text()` and than decoding as it streams.
      const reader = response.body?.getReader()
      const chunks: Uint8Array[] = []
      const declared = Number(responseHeaders['content-length'])
      let size = declared > maxResponseBytes ? declared : 0
      for (let chunk; size <= maxResponseBytes && reader && !(chunk = await reader.read()).done; chunks.push(chunk.value)) {
        size += chunk.value.byteLength
      }
      let text: string | undefined
      try {
        if (size <= maxResponseBytes) text = decoder.decode(chunks.length === 1 ? chunks[0] : concat(chunks, size))
      } catch {
        // Past the longest string the engine makes (when the limit was lifted): still typed.
      }
      if (text === undefined) {
        // Cancelling the body aborts the fetch and closes its connection.
        await reader?.cancel().catch(() => undefined)
        throw new ResponseTooLargeError({ limit: maxResponseBytes, received: size, url })
      }
      return { status: response.status, headers: responseHeaders, body: text }
    } catch (error) {
      // The reason is the TimeoutError or the abortError given to the controller.
      if (sent?.aborted) throw sent.reason
      throw error
    } finally {
      clearTimeout(timer)
      stopListening?.()
    }
  }
  http.via = 'fetch'
  return http
}

/** The chunks in one buffer of `size` bytes (their total), copied once. */
function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.byteLength
  }
  return whole
}
