import { abortError } from '../errors/abortError.js'
import { ChainxError } from '../errors/ChainxError.js'
import { ResponseTooLargeError, TimeoutError } from '../errors/request.js'
import { onAbort } from '../utils/onAbort.js'
import type { FetchFn, HttpFn, HttpRequest, HttpResponse } from './types.js'

/**
 * An HttpFn over a `fetch` implementation: the global one in browsers, or one the caller
 * injects. Redirects are not followed (`redirect: 'manual'`: a browser answers an opaque
 * redirect, status 0, whose `Location` it hides). Credentials written in the URL
 * (`https://user:pass@host/`, which fetch refuses) are sent as Basic authorization, as the
 * node:http transport sends them, unless an `authorization` header is set. The body is counted as it streams and cut
 * off past `maxResponseBytes`. The time limit and the caller's signal abort the fetch (which
 * closes its connection) and reject with `TIMEOUT` or `ABORTED`.
 *
 * @example
 * const http = createFetchHttp(globalThis.fetch)
 */
export function createFetchHttp(fetchFn: FetchFn): HttpFn {
  return async (request) => {
    const { signal, timeoutMs } = request
    if (signal?.aborted) throw abortError(signal.reason)
    if (!(timeoutMs > 0) && signal === undefined) return post(fetchFn, request, undefined)
    const controller = new AbortController()
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new TimeoutError({ timeoutMs })), timeoutMs) : undefined
    const stopListening = signal ? onAbort(signal, () => controller.abort(abortError(signal.reason))) : undefined
    try {
      return await post(fetchFn, request, controller.signal)
    } catch (error) {
      // fetch rejects with the abort reason, or (a body stream cut) with an error of its own.
      const reason: unknown = controller.signal.reason
      throw controller.signal.aborted && reason instanceof ChainxError ? reason : error
    } finally {
      clearTimeout(timer)
      stopListening?.()
    }
  }
}

async function post(fetchFn: FetchFn, { url, headers, body, maxResponseBytes }: HttpRequest, signal: AbortSignal | undefined): Promise<HttpResponse> {
  // Rare, so a chunk of its own, loaded only by a URL that may carry user info.
  const target = url.includes('@') ? (await import('./moveUserInfo.js')).moveUserInfo(url, headers) : { url, headers }
  const response = await fetchFn(target.url, { method: 'POST', headers: target.headers, body, signal, redirect: 'manual' })
  const responseHeaders: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = value
  })
  const tooLarge = async (received: number) => {
    // Cancelling the body aborts the fetch and closes its connection.
    await response.body?.cancel().catch(() => undefined)
    return new ResponseTooLargeError({ limit: maxResponseBytes, received, url })
  }
  const declared = Number(responseHeaders['content-length'])
  if (declared > maxResponseBytes) throw await tooLarge(declared)
  const result: HttpResponse = { status: response.status, headers: responseHeaders, body: '' }
  // A declared length without content coding bounds the body already (fetch enforces it).
  if (Number.isFinite(declared) && responseHeaders['content-encoding'] === undefined) {
    result.body = await response.text()
    return result
  }
  const reader = response.body?.getReader()
  if (!reader) {
    result.body = await response.text()
    return result
  }
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  try {
    for (;;) {
      const chunk = await reader.read()
      if (chunk.done) break
      size += chunk.value.byteLength
      if (size > maxResponseBytes) throw await tooLarge(size)
      text += decoder.decode(chunk.value, { stream: true })
    }
    result.body = text + decoder.decode()
  } catch (error) {
    // Past V8's longest string (when the limit was lifted): still a typed error, never a crash.
    if (error instanceof RangeError) throw await tooLarge(size)
    throw error
  }
  return result
}
