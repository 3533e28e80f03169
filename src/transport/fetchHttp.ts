import { abortError } from '../errors/request.js'
import { ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import { moveUserInfo } from './moveUserInfo.js'
import type { FetchFn, HttpFn } from './types.js'

// Stateless without `stream: true`, so one serves every response.
const decoder = new TextDecoder()

/**
 * An HttpFn over a `fetch` implementation: the global one in browsers, or one the caller
 * injects. Redirects are never followed: a 3xx comes back as it is (a browser answers an
 * opaque redirect, status 0). Over Node's own fetch, requests to an endpoint that answered without
 * a redirect go with `redirect: 'error'`, which spares undici a copy of the request and its body
 * (about a tenth of its time); a redirect met so is asked again with `redirect: 'manual'`. Credentials
 * written in the URL (which fetch refuses) are sent as Basic authorization. The body is
 * counted as it streams and cut off past `maxResponseBytes`. The time limit and the caller's
 * signal abort the fetch (which closes its connection) and reject with `TIMEOUT` or `ABORTED`.
 */
export function createFetchHttp(fetchFn: FetchFn, undici = false): HttpFn {
  // Endpoints whose last answer was no redirect (a client has a few); only Node's own fetch
  // (`undici`) gains by it and tells a redirect met in 'error' mode from a network error.
  const direct = new Set<string>()
  const http: HttpFn = async ({ url, headers, body, signal, timeoutMs, maxResponseBytes }) => {
    if (signal?.aborted) throw abortError(signal.reason)
    // A signal costs fetch a good part of its work: none without a time limit or a caller's
    // signal. The caller's feeds the request's own controller through its one shared listener.
    const controller = timeoutMs > 0 || signal ? new AbortController() : undefined
    const timer = controller && timeoutMs > 0 ? setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs) : undefined
    const stopListening = controller && signal && onAbort(signal, () => controller.abort(abortError(signal.reason)))
    const sent = controller?.signal
    const endpoint = url
    const known = direct.has(endpoint)
    try {
      if (url.includes('@')) ({ url, headers } = moveUserInfo(url, headers))
      const init: RequestInit = { method: 'POST', headers, body, signal: sent, redirect: 'manual' }
      // `window: null` and `redirect: 'error'` together spare fetch its copy of the request.
      const first = known ? fetchFn(url, { ...init, redirect: 'error', window: null }) : fetchFn(url, init)
      const response = await first.catch((error: unknown) => {
        // A redirect in 'error' mode (undici says which): asked again in 'manual' mode, to come back as it is.
        if (!known || (error as { cause?: { message?: unknown } } | null)?.cause?.message !== 'unexpected redirect') throw error
        return fetchFn(url, init)
      })
      if (response.status >= 300 && response.status < 400) direct.delete(endpoint)
      else if (undici && direct.size < 64) direct.add(endpoint)
      const responseHeaders: Record<string, string> = {}
      // Names come lower case (WHATWG Headers).
      response.headers.forEach((value, name) => (responseHeaders[name] = value))
      const declared = Number(responseHeaders['content-length'])
      // Not compressed, and a declared length within the limit: HTTP's framing bounds the body, read whole.
      if (declared <= maxResponseBytes && responseHeaders['content-encoding'] === undefined) {
        return { status: response.status, headers: responseHeaders, body: await response.text() }
      }
      // Else counted as it streams (fetch inflates a compressed body), chunks decoded once at the end.
      const reader = response.body?.getReader()
      const chunks: Uint8Array[] = []
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
      direct.delete(endpoint)
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
