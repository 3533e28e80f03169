import { ResponseTooLargeError } from '../errors/request.js'
import type { HttpResponse } from './types.js'

/** Largest status line plus header block accepted (node:http's default `maxHeaderSize`). */
export const MAX_HEAD_BYTES = 16 * 1024
/** Largest chunk-size line (size and extensions) of a chunked body. */
const MAX_CHUNK_LINE_BYTES = 1024

const CRLF = Buffer.from('\r\n')
const HEAD_END = Buffer.from('\r\n\r\n')
const HTTP_PREFIX = 'HTTP/'
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\0\r\n]*)?$/
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([^\0\r\n]*?)[ \t]*$/
const DIGITS = /^\d{1,15}$/
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;[^\0\r\n]*)?$/

/**
 * A response the server sent that is not HTTP/1.1 as RFC 9112 frames it. The transport turns
 * it into a `NETWORK` error (retryable, as the connection is closed and a new one may do).
 *
 * @example
 * try { reader.push(chunk) } catch (error) { if (error instanceof HttpProtocolError) socket.destroy() }
 */
export class HttpProtocolError extends Error {
  override name = 'HttpProtocolError'
  readonly code = 'ERR_HTTP_RESPONSE'
}

type Phase = 'head' | 'length' | 'chunkSize' | 'chunkData' | 'chunkEnd' | 'trailers' | 'close' | 'done'

/**
 * Reads one HTTP/1.x response from the bytes of a connection, as they arrive in any split:
 * `push` returns the response once it is whole, `end` when the connection closed. Strict where
 * a lenient reading would let a hostile server smuggle a second response (both `Content-Length`
 * and `Transfer-Encoding`, two lengths, folded or malformed header lines), bounded everywhere
 * (head, chunk lines and trailers, body against `maxResponseBytes`). Interim 1xx responses are
 * skipped. `reusable` says whether the connection may carry the next request: keep-alive, a
 * self-delimited body, and not a byte beyond it.
 *
 * @example
 * const reader = new HttpResponseReader(1 << 20, url)
 * socket.on('data', (chunk) => { const response = reader.push(chunk); if (response) done(response) })
 */
export class HttpResponseReader {
  /** Whether the connection may carry another request once the response is whole. */
  reusable = false
  /** Whether any byte of the response arrived (a reused connection that closes before one did may be retried). */
  started = false
  /** Seconds the server keeps an idle connection (its `Keep-Alive: timeout=`), when it said. */
  keepAliveSeconds: number | undefined

  private phase: Phase = 'head'
  private pending: Buffer | undefined
  private status = 0
  private headers: Record<string, string> = {}
  private keepAlive = false
  private remaining = 0
  private size = 0
  private readonly parts: Buffer[] = []

  constructor(
    private readonly maxResponseBytes: number,
    private readonly url: string,
  ) {}

  /** Takes the next bytes; returns the response when it is whole. Throws `HttpProtocolError` or `ResponseTooLargeError`. */
  push(chunk: Buffer): HttpResponse | undefined {
    this.started = true
    const data = this.pending === undefined ? chunk : Buffer.concat([this.pending, chunk])
    this.pending = undefined
    let at = 0
    while (at < data.length) {
      switch (this.phase) {
        case 'head': {
          const end = data.indexOf(HEAD_END, at)
          if (end === -1) {
            // A server speaking something else (an SSH banner) fails now, not at the time limit.
            const lineEnd = data.indexOf(CRLF, at)
            const start = data.toString('latin1', at, lineEnd === -1 ? Math.min(data.length, at + 5) : lineEnd)
            if (lineEnd === -1 ? !HTTP_PREFIX.startsWith(start) : !STATUS_LINE.test(start))
              throw new HttpProtocolError('invalid status line')
            return this.keep(data, at, MAX_HEAD_BYTES, 'response head')
          }
          if (end - at > MAX_HEAD_BYTES) throw new HttpProtocolError(`response head over ${MAX_HEAD_BYTES} bytes`)
          this.readHead(data.toString('latin1', at, end))
          at = end + 4
          break
        }
        case 'length':
          at = this.takeBody(data, at, 'done')
          break
        case 'chunkSize': {
          const end = data.indexOf(CRLF, at)
          if (end === -1) return this.keep(data, at, MAX_CHUNK_LINE_BYTES, 'chunk size line')
          const match = CHUNK_SIZE.exec(data.toString('latin1', at, end))
          if (match === null) throw new HttpProtocolError('invalid chunk size line')
          const size = Number.parseInt(match[1] as string, 16)
          if (this.size + size > this.maxResponseBytes) throw this.tooLarge(this.size + size)
          this.remaining = size
          this.phase = size === 0 ? 'trailers' : 'chunkData'
          at = end + 2
          break
        }
        case 'chunkData':
          at = this.takeBody(data, at, 'chunkEnd')
          break
        case 'chunkEnd': {
          if (data.length - at < 2) return this.keep(data, at, 2, 'chunk end')
          if (data[at] !== 13 || data[at + 1] !== 10) throw new HttpProtocolError('chunk data not followed by CRLF')
          at += 2
          this.phase = 'chunkSize'
          break
        }
        case 'trailers': {
          const end = data.indexOf(CRLF, at)
          if (end === -1) return this.keep(data, at, MAX_HEAD_BYTES, 'trailers')
          this.remaining += end - at + 2
          if (this.remaining > MAX_HEAD_BYTES) throw new HttpProtocolError(`trailers over ${MAX_HEAD_BYTES} bytes`)
          if (end > at && !HEADER_LINE.test(data.toString('latin1', at, end))) throw new HttpProtocolError('invalid trailer line')
          if (end === at) this.phase = 'done'
          at = end + 2
          break
        }
        case 'close': {
          const rest = at === 0 ? data : data.subarray(at)
          this.size += rest.length
          if (this.size > this.maxResponseBytes) throw this.tooLarge(this.size)
          this.parts.push(rest)
          at = data.length
          break
        }
        case 'done':
          // Bytes past the end of the response: the connection is out of step, never reused.
          this.keepAlive = false
          at = data.length
          break
      }
      if (this.phase === 'done') break
    }
    if (this.phase !== 'done') return undefined
    if (at < data.length) this.keepAlive = false
    return this.finish()
  }

  /** The connection closed: the response if its body runs to the close, else `HttpProtocolError`. */
  end(): HttpResponse {
    if (this.phase === 'close') return this.finish()
    throw new HttpProtocolError(this.started ? 'connection closed before the response ended' : 'connection closed before any response')
  }

  private keep(data: Buffer, at: number, limit: number, what: string): undefined {
    if (data.length - at > limit) throw new HttpProtocolError(`${what} over ${limit} bytes`)
    this.pending = at === 0 ? data : Buffer.from(data.subarray(at))
    return undefined
  }

  /** Takes up to `remaining` body bytes from `at`; `then` is the phase once none remain. Returns where it stopped. */
  private takeBody(data: Buffer, at: number, then: Phase): number {
    const take = Math.min(this.remaining, data.length - at)
    this.size += take
    this.parts.push(data.subarray(at, at + take))
    this.remaining -= take
    if (this.remaining === 0) this.phase = then
    return at + take
  }

  private readHead(head: string) {
    const lines = head.split('\r\n')
    const status = STATUS_LINE.exec(lines[0] as string)
    if (status === null) throw new HttpProtocolError('invalid status line')
    const code = Number(status[2])
    const headers: Record<string, string> = {}
    const lengths: string[] = []
    for (let i = 1; i < lines.length; i++) {
      const line = HEADER_LINE.exec(lines[i] as string)
      if (line === null) throw new HttpProtocolError('invalid header line')
      const name = (line[1] as string).toLowerCase()
      const value = line[2] as string
      if (name === 'content-length') lengths.push(...value.split(',').map((part) => part.trim()))
      if (name === '__proto__') continue
      const before = Object.hasOwn(headers, name) ? headers[name] : undefined
      headers[name] = before === undefined ? value : `${before}, ${value}`
    }
    if (code < 200) {
      if (code === 101) throw new HttpProtocolError('unexpected 101 Switching Protocols')
      return // an interim response: the real one follows
    }
    this.status = code
    this.headers = headers
    const connection = headers['connection']?.toLowerCase() ?? ''
    this.keepAlive = status[1] === '1' ? !/(?:^|,)\s*close\s*(?:,|$)/.test(connection) : /(?:^|,)\s*keep-alive\s*(?:,|$)/.test(connection)
    const timeout = /(?:^|[,\s])timeout=(\d+)/i.exec(headers['keep-alive'] ?? '')
    this.keepAliveSeconds = timeout ? Number(timeout[1]) : undefined
    const encoding = headers['transfer-encoding']
    if (encoding !== undefined && lengths.length > 0) throw new HttpProtocolError('both Content-Length and Transfer-Encoding')
    if (code === 204 || code === 304) {
      this.phase = 'done'
    } else if (encoding !== undefined) {
      // Chunked only as the final coding; any other is read to the close (RFC 9112 §6.3).
      const chunked = /(?:^|,)\s*chunked\s*$/i.test(encoding)
      this.phase = chunked ? 'chunkSize' : 'close'
      if (!chunked) this.keepAlive = false
    } else if (lengths.length > 0) {
      const length = lengths[0] as string
      if (!DIGITS.test(length) || lengths.some((other) => other !== length)) throw new HttpProtocolError('invalid Content-Length')
      this.remaining = Number(length)
      if (this.remaining > this.maxResponseBytes) throw this.tooLarge(this.remaining)
      this.phase = this.remaining === 0 ? 'done' : 'length'
    } else {
      this.phase = 'close'
      this.keepAlive = false
    }
  }

  private finish(): HttpResponse {
    this.phase = 'done'
    this.reusable = this.keepAlive
    let body: string
    try {
      body = this.parts.length === 1 ? (this.parts[0] as Buffer).toString('utf8') : Buffer.concat(this.parts, this.size).toString('utf8')
    } catch (cause) {
      // Past V8's longest string (when the limit was lifted): a typed error, never a crash.
      throw this.tooLarge(this.size, cause)
    }
    this.parts.length = 0
    return { status: this.status, headers: this.headers, body }
  }

  private tooLarge(received: number, cause?: unknown) {
    this.reusable = false
    return new ResponseTooLargeError({ limit: this.maxResponseBytes, received, url: this.url, cause })
  }
}
