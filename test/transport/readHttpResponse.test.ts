import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ResponseTooLargeError } from '../../src/errors/request.js'
import { HttpProtocolError, HttpResponseReader, MAX_HEAD_BYTES } from '../../src/transport/readHttpResponse.js'
import type { HttpResponse } from '../../src/transport/types.js'

const URL = 'http://127.0.0.1:1/graphql'

/** Feeds `bytes` to a reader in pieces cut at `cuts`, then the close when `close` says so. */
function read(bytes: Buffer, { cuts = [], close = false, max = 1 << 20 }: { cuts?: number[]; close?: boolean; max?: number } = {}) {
  const reader = new HttpResponseReader(max, URL)
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b)
  let from = 0
  let response: HttpResponse | undefined
  for (const to of [...points, bytes.length]) {
    if (to > from && response === undefined) response = reader.push(bytes.subarray(from, to))
    from = Math.max(from, to)
  }
  if (response === undefined && close) response = reader.end()
  return { reader, response }
}

const text = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1')
const utf8 = (head: string, body: string) => Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')])

type Framing = 'length' | 'chunked' | 'close'
interface Spec {
  status: number
  headers: [string, string][]
  body: string
  framing: Framing
  chunkSizes: number[]
  interim: number[]
  trailers: [string, string][]
  extension: boolean
}

const token = fc.stringMatching(/^x-[a-z0-9-]{1,12}$/)
const headerValue = fc.stringMatching(/^[!-~]([ !-~]{0,30}[!-~])?$/)
const spec: fc.Arbitrary<Spec> = fc.record({
  status: fc.constantFrom(200, 201, 400, 404, 429, 500, 502, 503),
  headers: fc.uniqueArray(fc.tuple(token, headerValue), { maxLength: 6, selector: ([name]) => name }),
  body: fc.string({ unit: 'binary', maxLength: 300 }),
  framing: fc.constantFrom<Framing>('length', 'chunked', 'close'),
  chunkSizes: fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
  interim: fc.array(fc.constantFrom(100, 102, 103), { maxLength: 2 }),
  trailers: fc.array(fc.tuple(token, headerValue), { maxLength: 2 }),
  extension: fc.boolean(),
})

function serialise(s: Spec): Buffer {
  const body = Buffer.from(s.body, 'utf8')
  const head = [
    ...s.interim.map((code) => `HTTP/1.1 ${code} Interim\r\nlink: </a>\r\n\r\n`),
    `HTTP/1.1 ${s.status} Reason Phrase\r\n`,
    ...s.headers.map(([name, value]) => `${name.toUpperCase()}:  ${value}\r\n`),
    s.framing === 'length' ? `Content-Length: ${body.length}\r\n` : '',
    s.framing === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : '',
    s.framing === 'close' ? 'Connection: close\r\n' : '',
    '\r\n',
  ].join('')
  if (s.framing !== 'chunked') return Buffer.concat([Buffer.from(head, 'latin1'), body])
  const parts: Buffer[] = [Buffer.from(head, 'latin1')]
  let at = 0
  for (let i = 0; at < body.length; i++) {
    const size = Math.min(s.chunkSizes[i % s.chunkSizes.length] as number, body.length - at)
    parts.push(Buffer.from(`${size.toString(16)}${s.extension ? ';name="v"' : ''}\r\n`), body.subarray(at, at + size), Buffer.from('\r\n'))
    at += size
  }
  parts.push(Buffer.from(`0\r\n${s.trailers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`))
  return Buffer.concat(parts)
}

describe('HttpResponseReader', () => {
  it('reads any valid response, in any split, to its status, lower-case headers and body (property)', () => {
    fc.assert(
      fc.property(spec, fc.array(fc.nat(), { maxLength: 12 }), (s, cuts) => {
        const { reader, response } = read(serialise(s), { cuts, close: s.framing === 'close' })
        expect(response?.status).toBe(s.status)
        expect(response?.body).toBe(s.body)
        for (const [name, value] of s.headers) expect(response?.headers[name]).toBe(value)
        // Only a self-delimited body leaves the connection usable.
        expect(reader.reusable).toBe(s.framing !== 'close')
      }),
      { numRuns: 500 },
    )
  })

  it('decodes a multi-byte character split across pieces', () => {
    const bytes = utf8('HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n', '€')
    const { response } = read(Buffer.concat([bytes, Buffer.from('!')]).subarray(0, bytes.length + 1), { cuts: [bytes.length - 2] })
    expect(response?.body).toBe('€!')
  })

  it('joins repeated headers, skips 1xx, reads 204 and HTTP/1.0 responses', () => {
    const { response } = read(
      text('HTTP/1.1 103 Early Hints', 'link: </x>', '', 'HTTP/1.1 200 OK', 'Vary: a', 'vary: b', 'content-length: 0', '', ''),
    )
    expect(response).toEqual({ status: 200, headers: { vary: 'a, b', 'content-length': '0' }, body: '' })
    expect(read(text('HTTP/1.1 204 No Content', '', '')).response?.status).toBe(204)
    const old = read(text('HTTP/1.0 200 OK', 'content-length: 2', '', 'ok'))
    expect(old.response?.body).toBe('ok')
    expect(old.reader.reusable).toBe(false)
    expect(read(text('HTTP/1.0 200 OK', 'connection: keep-alive', 'content-length: 2', '', 'ok')).reader.reusable).toBe(true)
  })

  it('honours Connection: close and reads the Keep-Alive timeout', () => {
    expect(read(text('HTTP/1.1 200 OK', 'connection: close', 'content-length: 0', '', '')).reader.reusable).toBe(false)
    expect(read(text('HTTP/1.1 200 OK', 'keep-alive: timeout=5, max=100', 'content-length: 0', '', '')).reader.keepAliveSeconds).toBe(5)
  })

  it('does not reuse a connection that sent bytes past the end of its response', () => {
    const { reader, response } = read(text('HTTP/1.1 200 OK', 'content-length: 2', '', 'okHTTP/1.1 200 OK'))
    expect(response?.body).toBe('ok')
    expect(reader.reusable).toBe(false)
  })

  it('ignores a header named __proto__', () => {
    const { response } = read(text('HTTP/1.1 200 OK', '__proto__: x', 'content-length: 0', '', ''))
    expect(Object.getPrototypeOf(response?.headers)).toBe(Object.prototype)
    expect(Object.keys(response?.headers ?? {})).toEqual(['content-length'])
  })

  it('reads a header named like an Object.prototype member as its own value', () => {
    const { response } = read(text('HTTP/1.1 200 OK', 'Constructor: x', 'content-length: 0', '', ''))
    expect(response?.headers).toEqual({ constructor: 'x', 'content-length': '0' })
  })

  it.each([
    ['garbage instead of HTTP', text('hello world', '', '')],
    ['a status line without a code', text('HTTP/1.1 OK', '', '')],
    ['HTTP/2 in a status line', text('HTTP/2 200 OK', '', '')],
    ['a header line without a colon', text('HTTP/1.1 200 OK', 'no colon', '', '')],
    ['a space before the colon', text('HTTP/1.1 200 OK', 'content-length : 0', '', '')],
    ['a folded header line', text('HTTP/1.1 200 OK', 'x-a: 1', ' 2', 'content-length: 0', '', '')],
    ['a NUL in a value', text('HTTP/1.1 200 OK', 'x-a: 1\u00002', 'content-length: 0', '', '')],
    [
      'Content-Length with Transfer-Encoding',
      text('HTTP/1.1 200 OK', 'content-length: 2', 'transfer-encoding: chunked', '', '2', 'ok', '0', '', ''),
    ],
    ['two different Content-Lengths', text('HTTP/1.1 200 OK', 'content-length: 2', 'content-length: 3', '', 'ok')],
    ['a negative Content-Length', text('HTTP/1.1 200 OK', 'content-length: -1', '', '')],
    ['a Content-Length that is not a number', text('HTTP/1.1 200 OK', 'content-length: 0x10', '', '')],
    ['a chunk size that is not hex', text('HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', 'zz', '')],
    ['chunk data not followed by CRLF', text('HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', '2', 'okX', '')],
    ['101 Switching Protocols', text('HTTP/1.1 101 Switching Protocols', 'upgrade: websocket', '', '')],
    ['a malformed trailer', text('HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', '0', 'bad trailer', '', '')],
  ])('refuses %s (HttpProtocolError)', (_, bytes) => {
    expect(() => read(bytes)).toThrow(HttpProtocolError)
  })

  it('refuses a server that speaks something else as soon as its first line or bytes show it', () => {
    expect(() => new HttpResponseReader(100, URL).push(Buffer.from('SSH-2.0-OpenSSH_9.6\r\n'))).toThrow('invalid status line')
    expect(() => new HttpResponseReader(100, URL).push(Buffer.from('<htm'))).toThrow('invalid status line')
    // A status line still arriving byte by byte is no fault.
    const reader = new HttpResponseReader(100, URL)
    for (const byte of Buffer.from('HTTP/1.1 200 O')) expect(reader.push(Buffer.from([byte]))).toBeUndefined()
  })

  it('accepts two equal Content-Lengths, as one value or two lines', () => {
    expect(read(text('HTTP/1.1 200 OK', 'content-length: 2, 2', '', 'ok')).response?.body).toBe('ok')
    expect(read(text('HTTP/1.1 200 OK', 'content-length: 2', 'Content-Length: 2', '', 'ok')).response?.body).toBe('ok')
  })

  it(`refuses a head over ${MAX_HEAD_BYTES} bytes, whether or not it ends, without holding more`, () => {
    const endless = Buffer.from(`HTTP/1.1 200 OK\r\nx-a: ${'a'.repeat(MAX_HEAD_BYTES)}`)
    expect(() => read(endless, { cuts: Array.from({ length: 40 }, (_, i) => i * 500) })).toThrow(/over 16384 bytes/)
    expect(() => read(text('HTTP/1.1 200 OK', `x-a: ${'a'.repeat(MAX_HEAD_BYTES)}`, '', ''))).toThrow(HttpProtocolError)
  })

  it('refuses an endless chunk size line', () => {
    expect(() => read(Buffer.from(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1${';x'.repeat(1000)}`))).toThrow(
      /chunk size line over/,
    )
  })

  it('is RESPONSE_TOO_LARGE by Content-Length, by a chunk size and by a body read to the close', () => {
    const cases = [
      text('HTTP/1.1 200 OK', 'content-length: 11', '', ''),
      text('HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', 'ffffffffff', ''),
      text('HTTP/1.1 200 OK', 'transfer-encoding: chunked', '', '6', 'abcdef', '6', 'ghijkl', ''),
      text('HTTP/1.1 200 OK', '', 'abcdefghijkl'),
    ]
    for (const bytes of cases) {
      const error = (() => {
        try {
          read(bytes, { max: 10, cuts: [bytes.length - 3] })
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(ResponseTooLargeError)
      expect((error as ResponseTooLargeError).limit).toBe(10)
    }
  })

  it('tells a close before any byte from a close mid-response', () => {
    const idle = new HttpResponseReader(100, URL)
    expect(idle.started).toBe(false)
    expect(() => idle.end()).toThrow('connection closed before any response')
    const cut = new HttpResponseReader(100, URL)
    expect(cut.push(text('HTTP/1.1 200 OK', 'content-length: 5', '', 'ab'))).toBeUndefined()
    expect(cut.started).toBe(true)
    expect(() => cut.end()).toThrow('connection closed before the response ended')
  })

  it('turns any bytes into a response, a wait for more, HttpProtocolError or ResponseTooLargeError (fuzz)', () => {
    const outcomes = { response: 0, incomplete: 0, protocol: 0, tooLarge: 0 }
    const mutated = fc
      .tuple(spec, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }))
      .map(([s, edits]) => {
        const bytes = Buffer.from(serialise(s))
        for (const [at, value] of edits) bytes[at % bytes.length] = value
        return bytes
      })
    const soup = fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.concat([Buffer.from('HTTP/1.1 '), Buffer.from(bytes)]))
    fc.assert(
      fc.property(fc.oneof(mutated, soup), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (bytes, cuts, close) => {
        try {
          const { response } = read(bytes, { cuts, close, max: 256 })
          outcomes[response === undefined ? 'incomplete' : 'response']++
          if (response) expect(typeof response.body).toBe('string')
        } catch (error) {
          if (error instanceof HttpProtocolError) outcomes.protocol++
          else if (error instanceof ResponseTooLargeError) outcomes.tooLarge++
          else throw error
        }
      }),
      { numRuns: 3_000 },
    )
    console.log('HttpResponseReader fuzz, 3,000 inputs:', outcomes)
    expect(outcomes.protocol).toBeGreaterThan(0)
    expect(outcomes.response).toBeGreaterThan(0)
  })
})
