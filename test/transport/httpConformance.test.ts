// HTTP/1.1 conformance and hostile-server suite that every transport must pass. Raw TCP (and
// TLS) servers on 127.0.0.1 write the exact bytes of each answer, so the framing, the splits
// across TCP writes and every lie are under the test's control. Each case states the one
// outcome every transport must give; where a transport of today gives another, the table
// TODAY says which, and why, without weakening the case.
//
// Sections: the cases (framing, keep-alive, what goes out, hostile servers), HTTPS against a
// committed self-signed certificate, and two seeded properties per transport (every byte
// boundary of valid responses; a fuzz of hostile ones, whose counts by outcome it prints).
// HTTPCONF_SEED=<n> replays the properties with another seed.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import type { TlsOptions } from 'node:tls'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { createTransport, type Transport } from '../../src/transport/createTransport.js'
import type { TransportKind } from '../../src/transport/selectHttp.js'
import type { HttpResponse } from '../../src/transport/types.js'
import { splitAt, startRawServer, type Answer, type Exchange, type RawServer } from './httpConformanceServer.js'

/**
 * The transports under test, by the kind `createTransport` takes. Adding one here runs every
 * case against it: `'node-http'` is node:http with keep-alive agents (Node.js's default),
 * `'fetch'` undici's fetch.
 */
const TRANSPORTS = ['node-http', 'fetch'] as const satisfies readonly TransportKind[]
type Kind = (typeof TRANSPORTS)[number]

/** What a request gave: the response as the SDK sees it, or the error's code. */
type Outcome = { status: number; body: string; headers?: Record<string, string> } | { error: string }

/** What a case observes; each case compares all of it with its expectation. */
type Observation = Record<string, unknown>

const JSON_BODY = '{"data":{"epoch":{"epochId":"7"}}}'
const UTF8_TEXT = JSON.stringify({ note: 'é€𝄞 日本語 ü'.repeat(20), end: '𝄞' })
const NEXT_BODY = 'next'
const NEXT_ANSWER = `HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: ${NEXT_BODY.length}\r\n\r\n${NEXT_BODY}`
const NEXT_OK: Outcome = { status: 200, body: NEXT_BODY }
/** Upper bound of any one request of a case that is not about time limits. */
const TIMEOUT_MS = 3_000

/** Where a transport of today departs from a case's expectation. */
interface Deviation {
  /** `gap`: a fault of the SDK's own code or one the new transport must not repeat; `accepted`: the runtime's (undici's), out of reach. */
  kind: 'gap' | 'accepted'
  why: string
  /** What this transport gives instead, asserted exactly (so a change either way is seen). */
  observed?: Observation
  /** The case fails in a way too unstable to pin down: the test is `it.fails`. */
  fails?: true
}

// undici resolves a body before it frees its connection, so a request sent right after the
// previous one finds it busy and opens a second; back-to-back requests alternate over two.
const UNDICI_BACK_TO_BACK: Deviation = {
  kind: 'accepted',
  why: 'undici frees a connection only after the body has been handed over: a request sent at once goes out on a second connection',
  observed: { next: { outcome: NEXT_OK, connection: 'new' } },
}

/**
 * TODAY: how today's transports depart from the cases, by case id. A case with no row for a
 * transport must pass as stated. Rows with `observed` assert that transport's own outcome
 * exactly (so a change either way is seen); rows with `fails` make the test `it.fails`.
 */
const TODAY: Record<string, Partial<Record<CaseId, Deviation>>> = {
  'node-http': {
    staleConnectionRace: {
      kind: 'gap',
      why:
        'node:http writes the request on the pooled connection the server is closing and fails with "socket hang up" (NETWORK); it never resends. ' +
        'A transport of its own would resend once on a new connection when a reused one closes before any byte of the answer',
      observed: { first: NEXT_OK, second: { error: 'NETWORK' }, requests: 2, connections: 1 },
    },
    closeRightAfterAnswer: {
      kind: 'gap',
      why:
        'node:http hands the next request the pooled connection before it has read the FIN right behind the answer, and fails it with ' +
        '"socket hang up" (NETWORK) without a byte reaching the server; a transport of its own would resend it on a new connection (see staleConnectionRace)',
      observed: { first: NEXT_OK, second: { error: 'NETWORK' }, connections: 1 },
    },
    staleThenFreshClose: {
      kind: 'gap',
      why: 'node:http never resends (see staleConnectionRace): the server sees 2 requests, not 3',
      observed: { first: NEXT_OK, second: { error: 'NETWORK' }, requests: 2, connections: 1 },
    },
    extraBytesLaterWrite: {
      kind: 'gap',
      why:
        'node:http drops bytes that arrive on an idle pooled connection and goes on reusing it, although the server is out of step with its answers. ' +
        'A transport of its own would close such a connection',
      observed: { outcome: { status: 200, body: 'hello' }, clientClosed: false, next: { outcome: NEXT_OK, connection: 'same' } },
    },
    unsolicited101: {
      kind: 'gap',
      why: 'node:http takes a 101 for an upgrade nobody listens for: the request waits for its time limit (TIMEOUT) instead of failing at once',
      observed: { outcome: { error: 'TIMEOUT' }, clientClosed: true, next: { outcome: NEXT_OK, connection: 'new' } },
    },
  },
  fetch: {
    contentLength: UNDICI_BACK_TO_BACK,
    chunkedExtensionsTrailers: UNDICI_BACK_TO_BACK,
    noContent204: UNDICI_BACK_TO_BACK,
    notModified304: UNDICI_BACK_TO_BACK,
    earlyHints103: UNDICI_BACK_TO_BACK,
    duplicateHeaders: UNDICI_BACK_TO_BACK,
    utf8SplitContentLength: UNDICI_BACK_TO_BACK,
    utf8SplitChunked: UNDICI_BACK_TO_BACK,
    largeContentLength: UNDICI_BACK_TO_BACK,
    obsTextHeader: UNDICI_BACK_TO_BACK,
    largeHeaderBlock: UNDICI_BACK_TO_BACK,
    keepAliveSequential: { ...UNDICI_BACK_TO_BACK, observed: { bodies: ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'], connections: 2 } },
    httpsTrusted: {
      ...UNDICI_BACK_TO_BACK,
      observed: {
        outcomes: [
          { status: 200, body: JSON_BODY },
          { status: 200, body: UTF8_TEXT },
          { status: 200, body: UTF8_TEXT },
        ],
        connections: 2,
      },
    },
    headerNameCase: {
      kind: 'gap',
      why: 'undici keeps the spaces after a header value (RFC 9110 5.5 excludes them); fetchHttp.ts could trim values',
      observed: {
        outcome: {
          status: 200,
          body: JSON_BODY,
          headers: { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0  ', 'x-request-id': 'abc' },
        },
        next: { outcome: NEXT_OK, connection: 'new' },
      },
    },
    continue100: {
      kind: 'accepted',
      why: 'undici fails an unsolicited 100 Continue ("bad response"), though RFC 9110 15.2 says a client must parse 1xx responses it did not expect',
      observed: { outcome: { error: 'NETWORK' }, next: { outcome: NEXT_OK, connection: 'new' } },
    },
    chunkExtensionQuotedPair: {
      kind: 'accepted',
      why: "undici's parser refuses a quoted-pair in a chunk extension's quoted value (RFC 9112 7.1.1 allows it; node:http's parser takes it)",
      observed: { outcome: { error: 'NETWORK' }, next: { outcome: NEXT_OK, connection: 'new' } },
    },
    proxyAuth407: {
      kind: 'accepted',
      why: 'the fetch standard makes a 407 a network error outside a browser window (undici follows it)',
      observed: { outcome: { error: 'NETWORK' }, next: { outcome: NEXT_OK, connection: 'new' } },
    },
    staleConnectionRace: {
      kind: 'accepted',
      why: 'undici fails a request whose reused connection closes before any byte of the answer (NETWORK) and does not resend it',
      observed: { first: NEXT_OK, second: { error: 'NETWORK' }, requests: 2, connections: 1 },
    },
    staleThenFreshClose: {
      kind: 'accepted',
      why: 'undici does not resend (see staleConnectionRace): the server sees 2 requests, not 3',
      observed: { first: NEXT_OK, second: { error: 'NETWORK' }, requests: 2, connections: 1 },
    },
    misdirected421: {
      kind: 'accepted',
      why:
        'undici resends a request answered 421 (as the fetch standard says), cannot replay the body it has sent, and fails with ' +
        'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH when the answer comes in pieces (nodejs/help#4345)',
      observed: { outcome: { error: 'NETWORK' }, next: { outcome: NEXT_OK, connection: 'new' } },
    },
  },
}

function response(statusLine: string, headers: readonly string[], body: string | Uint8Array = ''): Buffer {
  const head = `${statusLine}\r\n${headers.map((header) => `${header}\r\n`).join('')}\r\n`
  return Buffer.concat([Buffer.from(head, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'utf8') : body])
}

const sendNext: Answer = (exchange) => exchange.write([NEXT_ANSWER])

/** The first request gets `answer`, every later one the plain `next` answer. */
const first =
  (answer: (exchange: Exchange, hooks: Hooks) => void | Promise<void>) =>
  (hooks: Hooks): Answer =>
  (exchange) =>
    exchange.index === 0 ? answer(exchange, hooks) : sendNext(exchange)

interface Hooks {
  /** Aborts the signal of the request in flight. */
  abort: () => void
  /** Tells the case the server is done with the first request: the follow-up waits for it (with `waitForServer`). */
  done: () => void
}

interface RequestOptions {
  signal?: AbortSignal
  /** Bounds the wait (default: TIMEOUT_MS + 2 s): past it the outcome says HANG. */
  guardMs?: number
  body?: string
  headers?: Record<string, string>
}

/** One request, its outcome. */
async function request(transport: Transport, url: string, options: RequestOptions = {}): Promise<Outcome> {
  const guardMs = options.guardMs ?? TIMEOUT_MS + 2_000
  let guard: ReturnType<typeof setTimeout> | undefined
  const hang = new Promise<Outcome>((resolve) => {
    guard = setTimeout(() => resolve({ error: `HANG past ${guardMs} ms` }), guardMs)
  })
  const sent = transport
    .request({
      url,
      body: options.body ?? '{"query":"{ epoch { epochId } }"}',
      headers: options.headers,
      signal: options.signal,
      parse: (response: HttpResponse) => response,
    })
    .then(
      (response): Outcome => ({ status: response.status, body: response.body, headers: response.headers }),
      (error: unknown): Outcome => ({ error: isChainxError(error) ? error.code : `not a ChainxError: ${String(error)}` }),
    )
  try {
    return await Promise.race([sent, hang])
  } finally {
    clearTimeout(guard)
  }
}

/** The outcome with only the headers a case looks at (none when `names` is empty or undefined). */
function pick(outcome: Outcome, names: readonly string[] | undefined): Outcome {
  if ('error' in outcome) return outcome
  const { headers = {}, ...rest } = outcome
  if (names === undefined || names.length === 0) return rest
  const picked: Record<string, string> = {}
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name]
  return { ...rest, headers: picked }
}

/** Polls `condition` every 10 ms, at most `ms` long. */
async function eventually(condition: () => boolean, ms = 1_000): Promise<boolean> {
  for (let waited = 0; waited < ms && !condition(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10))
  return condition()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const makeTransport = (kind: Kind, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) =>
  createTransport({
    transport: kind,
    retry: false,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? 1 << 20,
  })

// ---------------------------------------------------------------------------------------------
// One exchange, then a follow-up: the shape of most cases.

interface ExchangeCase {
  title: string
  answer: (hooks: Hooks) => Answer
  expect: Outcome
  /** Headers the outcome is compared on (by default none: status and body only). */
  headers?: readonly string[]
  timeoutMs?: number
  maxResponseBytes?: number
  /** The server must see the client close the connection of the first request (it keeps its own side open). */
  clientCloses?: true
  /** A follow-up request, answered `next`, must arrive on the same connection or a new one. */
  next?: 'same' | 'new'
  /** The follow-up waits for the answer to call `hooks.done()`, then lets the client read for 50 ms. */
  waitForServer?: true
}

interface Case<Id extends string = string> {
  id: Id
  title: string
  expected: Observation
  run: (kind: Kind) => Promise<Observation>
}

function exchangeCase<Id extends string>(id: Id, spec: ExchangeCase): Case<Id> {
  const expected: Observation = { outcome: spec.expect }
  if (spec.clientCloses) expected.clientClosed = true
  if (spec.next) expected.next = { outcome: NEXT_OK, connection: spec.next }
  return {
    id,
    title: spec.title,
    expected,
    run: async (kind) => {
      const controller = new AbortController()
      let serverDone = false
      return withServer(spec.answer({ abort: () => controller.abort(), done: () => (serverDone = true) }), async (server) => {
        const timeoutMs = spec.timeoutMs ?? TIMEOUT_MS
        const transport = makeTransport(kind, { timeoutMs, maxResponseBytes: spec.maxResponseBytes })
        const observed: Observation = {
          outcome: pick(
            await request(transport, server.url, { signal: controller.signal, guardMs: timeoutMs + 2_000 }),
            spec.headers ?? [],
          ),
        }
        const connection = server.exchanges[0]?.connection
        if (spec.clientCloses) observed.clientClosed = connection ? await eventually(() => connection.clientClosed) : 'no connection'
        if (spec.next) {
          if (spec.waitForServer) {
            if (!(await eventually(() => serverDone))) throw new Error('the server never finished its first answer')
            await sleep(50)
          }
          const outcome = pick(await request(transport, server.url), [])
          const last = server.exchanges.at(-1)
          observed.next = { outcome, connection: last?.connection === connection && last !== server.exchanges[0] ? 'same' : 'new' }
        }
        return observed
      })
    },
  }
}

/** A response the transport must refuse at once: NETWORK, the connection closed, the next request on a new one. */
const malformed = <Id extends string>(id: Id, title: string, bytes: string | Uint8Array): Case<Id> =>
  exchangeCase(id, { title, answer: first((x) => x.write([bytes])), expect: { error: 'NETWORK' }, clientCloses: true, next: 'new' })

/** Runs `use` against a raw server that answers with `answer`, and closes the server after. */
async function withServer<T>(answer: Answer, use: (server: RawServer) => Promise<T>, tls?: TlsOptions): Promise<T> {
  const server = await startRawServer(answer, tls)
  try {
    return await use(server)
  } finally {
    await server.close()
  }
}

/** Two requests in turn through one transport, `between` awaited in between: both outcomes, and the requests and connections the server saw. */
function twoRequests(kind: Kind, answer: Answer, between: (server: RawServer) => Promise<unknown>): Promise<Observation> {
  return withServer(answer, async (server) => {
    const transport = makeTransport(kind)
    const firstOutcome = pick(await request(transport, server.url), [])
    await between(server)
    const second = pick(await request(transport, server.url), [])
    return { first: firstOutcome, second, requests: server.exchanges.length, connections: server.connections.length }
  })
}

/** The first request gets `chunks`, `delayMs` apart, then the server closes the connection. */
const writeThenClose = (chunks: readonly (string | Uint8Array)[], delayMs = 0) =>
  first(async (x) => {
    await x.write(chunks, delayMs)
    x.connection.socket.end()
  })

/** Closes the connection of each request `when` says, unanswered; answers the others `next`. */
const closeUnanswered =
  (when: (exchange: Exchange) => boolean): Answer =>
  (exchange) =>
    when(exchange) ? void exchange.connection.socket.end() : sendNext(exchange)

/** A case with a flow of its own (its id kept as a literal type). */
const customCase = <Id extends string>(testCase: Case<Id>): Case<Id> => testCase

/** Cuts inside multi-byte characters: every byte offset that is not a character boundary, spread out. */
function cutsInsideCharacters(bytes: Uint8Array, count: number): number[] {
  const inside: number[] = []
  for (let offset = 1; offset < bytes.length; offset++) if (((bytes[offset] as number) & 0xc0) === 0x80) inside.push(offset)
  const step = Math.max(1, Math.floor(inside.length / count))
  return inside.filter((_, index) => index % step === 0).slice(0, count)
}

function chunked(body: Uint8Array, sizes: readonly number[], extension = ''): Buffer {
  const parts: Buffer[] = []
  let offset = 0
  for (let index = 0; offset < body.length; index++) {
    const size = Math.min(sizes[index % sizes.length] as number, body.length - offset)
    parts.push(
      Buffer.from(`${size.toString(16)}${extension}\r\n`, 'latin1'),
      Buffer.from(body.subarray(offset, offset + size)),
      Buffer.from('\r\n'),
    )
    offset += size
  }
  return Buffer.concat(parts)
}

/** Writes one byte every `everyMs` until the socket closes (at most 20 s). */
async function trickle(exchange: Exchange, bytes: string, everyMs: number) {
  const socket = exchange.connection.socket
  for (let index = 0; index < 20_000 / everyMs && !socket.destroyed && !socket.writableEnded; index++) {
    socket.write(bytes[index % bytes.length] as string)
    await sleep(everyMs)
  }
}

const utf8 = Buffer.from(UTF8_TEXT)
const LARGE_TEXT = 'é€𝄞ab'.repeat(300_000)

// ---------------------------------------------------------------------------------------------
// The cases.

const CASES = [
  // --- Framing ---------------------------------------------------------------------------------
  exchangeCase('contentLength', {
    title: 'a Content-Length body, then the connection is reused',
    answer: first((x) =>
      x.write([response('HTTP/1.1 200 OK', ['Content-Type: application/json', `Content-Length: ${JSON_BODY.length}`], JSON_BODY)]),
    ),
    expect: { status: 200, body: JSON_BODY, headers: { 'content-type': 'application/json' } },
    headers: ['content-type'],
    next: 'same',
  }),
  exchangeCase('chunkedExtensionsTrailers', {
    title: 'a chunked body with chunk extensions and a trailer (kept out of the headers), then the connection is reused',
    answer: first((x) =>
      x.write([
        response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked', 'Trailer: X-Checksum']),
        `4;name=value\r\n{"da\r\n`,
        `${(JSON_BODY.length - 4).toString(16)};a;b="q;x"\r\n${JSON_BODY.slice(4)}\r\n`,
        '0;last\r\nX-Checksum: abc\r\n\r\n',
      ]),
    ),
    expect: { status: 200, body: JSON_BODY, headers: {} },
    headers: ['x-checksum'],
    next: 'same',
  }),
  exchangeCase('chunkExtensionQuotedPair', {
    title: 'a chunk extension whose quoted value holds a quoted-pair (\\") and a semicolon is skipped',
    answer: first((x) => x.write([response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], `2;q="a\\"b;c";n=v\r\nok\r\n0\r\n\r\n`)])),
    expect: { status: 200, body: 'ok' },
    next: 'same',
  }),
  exchangeCase('closeDelimited', {
    title: 'a close-delimited body (no length, Connection: close), the next request on a new connection',
    answer: writeThenClose(
      [response('HTTP/1.1 200 OK', ['Content-Type: application/json', 'Connection: close']), JSON_BODY.slice(0, 9), JSON_BODY.slice(9)],
      5,
    ),
    expect: { status: 200, body: JSON_BODY },
    next: 'new',
  }),
  exchangeCase('noContent204', {
    title: 'a 204 with no body and no length is complete at its head (the server keeps the connection), then reused',
    answer: first((x) => x.write([response('HTTP/1.1 204 No Content', ['X-Request-Id: 204'])])),
    expect: { status: 204, body: '', headers: { 'x-request-id': '204' } },
    headers: ['x-request-id'],
    next: 'same',
  }),
  exchangeCase('notModified304', {
    title: 'a 304 with a Content-Length has no body all the same, then the connection is reused',
    answer: first((x) => x.write([response('HTTP/1.1 304 Not Modified', ['Content-Length: 100'])])),
    expect: { status: 304, body: '' },
    next: 'same',
  }),
  exchangeCase('continue100', {
    title: 'an unsolicited 100 Continue before the real response is skipped',
    answer: first((x) =>
      x.write(
        ['HTTP/1.1 100 Continue\r\n\r\n', response('HTTP/1.1 200 OK', ['X-Final: yes', `Content-Length: ${JSON_BODY.length}`], JSON_BODY)],
        5,
      ),
    ),
    expect: { status: 200, body: JSON_BODY },
    next: 'same',
  }),
  exchangeCase('earlyHints103', {
    title: '103 Early Hints (twice) before the real response are skipped, their headers too',
    answer: first((x) =>
      x.write(
        [
          'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n',
          'HTTP/1.1 103 Early Hints\r\nLink: </app.js>; rel=preload\r\n\r\n',
          response('HTTP/1.1 200 OK', ['X-Final: yes', `Content-Length: ${JSON_BODY.length}`], JSON_BODY),
        ],
        5,
      ),
    ),
    expect: { status: 200, body: JSON_BODY, headers: { 'x-final': 'yes' } },
    headers: ['x-final', 'link'],
    next: 'same',
  }),
  exchangeCase('misdirected421', {
    title: 'a 421 Misdirected Request whose body comes in pieces is returned like any other status (never resent)',
    answer: first((x) =>
      x.write([response('HTTP/1.1 421 Misdirected Request', [`Content-Length: ${utf8.length}`]), ...splitAt(utf8, [10, 40])], 3),
    ),
    expect: { status: 421, body: UTF8_TEXT },
    next: 'same',
  }),
  exchangeCase('proxyAuth407', {
    title: 'a 407 Proxy Authentication Required (no proxy in the way) is returned like any other status',
    answer: first((x) => x.write([response('HTTP/1.1 407 Proxy Authentication Required', ['Content-Length: 6'], 'denied')])),
    expect: { status: 407, body: 'denied' },
    next: 'same',
  }),
  exchangeCase('http10ContentLength', {
    title: 'an HTTP/1.0 response with a length; without keep-alive its connection is not reused (the client closes it)',
    answer: first((x) => x.write([response('HTTP/1.0 200 OK', [`Content-Length: ${JSON_BODY.length}`], JSON_BODY)])),
    expect: { status: 200, body: JSON_BODY },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('http10CloseDelimited', {
    title: 'an HTTP/1.0 response without a length ends when the server closes',
    answer: writeThenClose([response('HTTP/1.0 200 OK', ['Content-Type: application/json'], JSON_BODY)]),
    expect: { status: 200, body: JSON_BODY },
    next: 'new',
  }),
  exchangeCase('headerNameCase', {
    title: 'header names in odd case come out lower case, values without the spaces around them',
    answer: first((x) =>
      x.write([
        response(
          'HTTP/1.1 200 OK',
          [
            'CoNtEnT-TyPe:application/json',
            'X-CHAIN-RPC-VERSION:   2025.3.0  ',
            'x-Request-ID: \tabc',
            `CONTENT-length: ${JSON_BODY.length}`,
          ],
          JSON_BODY,
        ),
      ]),
    ),
    expect: {
      status: 200,
      body: JSON_BODY,
      headers: { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0', 'x-request-id': 'abc' },
    },
    headers: ['content-type', 'x-chain-rpc-version', 'x-request-id'],
    next: 'same',
  }),
  exchangeCase('obsTextHeader', {
    title: 'a header value with bytes past ASCII (obs-text) comes out one character per byte (latin1), never an error',
    answer: first((x) =>
      x.write([
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\nX-Name: caf'),
          Buffer.from([0xe9, 0x20, 0xc3, 0xa9]),
          Buffer.from('\r\nContent-Length: 2\r\n\r\nok'),
        ]),
      ]),
    ),
    expect: { status: 200, body: 'ok', headers: { 'x-name': 'caf\u00e9 \u00c3\u00a9' } },
    headers: ['x-name'],
    next: 'same',
  }),
  exchangeCase('largeHeaderBlock', {
    title: 'a 12 KiB header block (within every limit) is read whole',
    answer: first((x) =>
      x.write([
        response(
          'HTTP/1.1 200 OK',
          [...Array.from({ length: 12 }, (_, index) => `X-Big-${index}: ${'v'.repeat(1_000)}`), 'Content-Length: 2'],
          'ok',
        ),
      ]),
    ),
    expect: { status: 200, body: 'ok', headers: { 'x-big-11': 'v'.repeat(1_000) } },
    headers: ['x-big-11'],
    next: 'same',
  }),
  exchangeCase('duplicateHeaders', {
    title: 'a repeated header comes out as one, its values joined by ", " in order',
    answer: first((x) => x.write([response('HTTP/1.1 200 OK', ['X-Dup: a', 'x-dup: b', 'X-DUP: c', 'Content-Length: 2'], 'ok')])),
    expect: { status: 200, body: 'ok', headers: { 'x-dup': 'a, b, c' } },
    headers: ['x-dup'],
    next: 'same',
  }),
  exchangeCase('utf8SplitContentLength', {
    title: 'a Content-Length body of multi-byte UTF-8 cut inside characters across TCP writes',
    answer: first((x) =>
      x.write([response('HTTP/1.1 200 OK', [`Content-Length: ${utf8.length}`]), ...splitAt(utf8, cutsInsideCharacters(utf8, 12))], 3),
    ),
    expect: { status: 200, body: UTF8_TEXT },
    next: 'same',
  }),
  exchangeCase('utf8SplitChunked', {
    title: 'a chunked body of multi-byte UTF-8 whose chunks and TCP writes both cut inside characters',
    answer: first((x) => {
      const body = Buffer.concat([chunked(utf8, [7, 1, 13, 2, 31]), Buffer.from('0\r\n\r\n')])
      return x.write([response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked']), ...splitAt(body, cutsInsideCharacters(body, 12))], 3)
    }),
    expect: { status: 200, body: UTF8_TEXT },
    next: 'same',
  }),

  exchangeCase('largeContentLength', {
    title: 'a 3 MB Content-Length body of multi-byte UTF-8 in 64 KiB writes arrives whole, then the connection is reused',
    answer: first((x) => {
      const bytes = Buffer.from(LARGE_TEXT)
      const cuts = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) => index * 65_536 + 1)
      return x.write([response('HTTP/1.1 200 OK', [`Content-Length: ${bytes.length}`]), ...splitAt(bytes, cuts)])
    }),
    maxResponseBytes: 4 * 1024 * 1024,
    expect: { status: 200, body: LARGE_TEXT },
    next: 'same',
  }),

  // --- Keep-alive ------------------------------------------------------------------------------
  exchangeCase('connectionCloseHonoured', {
    title: 'Connection: close is honoured: the client closes that connection and sends the next request on a new one',
    answer: first((x) => x.write([response('HTTP/1.1 200 OK', ['Connection: close', 'Content-Length: 2'], 'ok')])),
    expect: { status: 200, body: 'ok' },
    clientCloses: true,
    next: 'new',
  }),
  customCase({
    id: 'keepAliveSequential',
    title: 'eight sequential requests (Content-Length and chunked answers) share one connection',
    expected: { bodies: ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'], connections: 1 },
    run: (kind) =>
      withServer(
        (x) =>
          x.write([
            x.index % 2 === 0
              ? response('HTTP/1.1 200 OK', ['Content-Length: 2'], `r${x.index}`)
              : response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], `1\r\nr\r\n1\r\n${x.index}\r\n0\r\n\r\n`),
          ]),
        async (server) => {
          const transport = makeTransport(kind)
          const bodies: unknown[] = []
          for (let index = 0; index < 8; index++) {
            const outcome = await request(transport, server.url)
            bodies.push('error' in outcome ? outcome : outcome.body)
          }
          return { bodies, connections: server.connections.length }
        },
      ),
  }),
  customCase({
    id: 'idleCloseBetweenRequests',
    title: 'the server closes an idle keep-alive connection between requests: the next request succeeds on a new one',
    expected: { first: NEXT_OK, second: NEXT_OK, requests: 2, connections: 2 },
    run: (kind) =>
      twoRequests(
        kind,
        async (x) => {
          await x.write([NEXT_ANSWER])
          if (x.index === 0) setTimeout(() => x.connection.socket.end(), 20)
        },
        async (server) => {
          if (!(await eventually(() => server.connections[0]?.closed === true)))
            throw new Error('the server could not close its connection')
        },
      ),
  }),
  customCase({
    id: 'staleConnectionRace',
    title:
      'the server closes a reused keep-alive connection as the next request arrives, before any byte of an answer ' +
      '(its idle timer fired as the client sent): every request is a read, so it is sent again on a new connection, retry: false or not',
    expected: { first: NEXT_OK, second: NEXT_OK, requests: 3, connections: 2 },
    // The pause lets undici, too, take the connection back into its pool.
    run: (kind) =>
      twoRequests(
        kind,
        closeUnanswered((x) => x.indexOnConnection > 0),
        () => sleep(10),
      ),
  }),
  customCase({
    id: 'staleThenFreshClose',
    title:
      'a request resent after a reused connection closed is resent once only: when the new connection closes unanswered too, it is NETWORK',
    expected: { first: NEXT_OK, second: { error: 'NETWORK' }, requests: 3, connections: 2 },
    run: (kind) =>
      twoRequests(
        kind,
        closeUnanswered((x) => x.index > 0),
        () => sleep(10),
      ),
  }),
  customCase({
    id: 'freshConnectionClosesUnanswered',
    title: 'a new connection the server closes without answering is NETWORK, and the request is not resent (retry: false)',
    expected: { outcome: { error: 'NETWORK' }, requests: 1 },
    run: (kind) =>
      withServer(
        (x) => void x.connection.socket.end(),
        async (server) => ({ outcome: await request(makeTransport(kind), server.url), requests: server.exchanges.length }),
      ),
  }),

  customCase({
    id: 'closeRightAfterAnswer',
    title:
      'a server that closes right after a complete keep-alive answer (the FIN just behind it): the next request, sent at once, succeeds',
    // Whether the server reads the second request on the closing connection before it is resent
    // depends on timing, so only the connections count.
    expected: { first: NEXT_OK, second: NEXT_OK, connections: 2 },
    run: async (kind) => {
      const { requests: _requests, ...observed } = await twoRequests(
        kind,
        async (x) => {
          await x.write([NEXT_ANSWER])
          x.connection.socket.end()
        },
        async () => {},
      )
      return observed
    },
  }),

  // --- What goes out ---------------------------------------------------------------------------
  customCase({
    id: 'requestShape',
    title: "the request: POST to the path and query, Host, the UTF-8 length of the body, the caller's headers, the body byte for byte",
    expected: {
      requestLine: 'POST /graphql?first=50&after=%2Fx HTTP/1.1',
      host: 'HOST',
      contentLength: String(Buffer.byteLength(UTF8_TEXT)),
      contentType: 'application/json',
      custom: 'abc 123',
      body: UTF8_TEXT,
      outcome: NEXT_OK,
    },
    run: (kind) =>
      withServer(sendNext, async (server) => {
        const outcome = pick(
          await request(makeTransport(kind), `${server.url}graphql?first=50&after=%2Fx`, {
            body: UTF8_TEXT,
            headers: { 'X-Custom': 'abc 123' },
          }),
          [],
        )
        const seen = server.exchanges[0]
        const header = (name: string) => new RegExp(`\\r\\n${name}:[ \\t]*([^\\r]*)`, 'i').exec(seen?.head ?? '')?.[1]
        return {
          requestLine: seen?.head.split('\r\n')[0],
          host: header('host') === `127.0.0.1:${server.port}` ? 'HOST' : header('host'),
          contentLength: header('content-length'),
          contentType: header('content-type'),
          custom: header('x-custom'),
          body: seen?.body,
          outcome,
        }
      }),
  }),
  customCase({
    id: 'largeRequestBody',
    title: 'a 3 MB request body of multi-byte UTF-8 arrives whole',
    expected: { received: 'the whole body', outcome: NEXT_OK },
    run: (kind) =>
      withServer(sendNext, async (server) => {
        const outcome = pick(await request(makeTransport(kind), server.url, { body: LARGE_TEXT }), [])
        const received = server.exchanges[0]?.body
        return { received: received === LARGE_TEXT ? 'the whole body' : `${received?.length} characters`, outcome }
      }),
  }),
  customCase({
    id: 'earlyResponse413',
    title: 'a 413 sent while the request body is still going out, the server no longer reading: the 413 is the outcome, not a hang',
    expected: { outcome: { status: 413, body: 'too big!' } },
    run: async (kind) => {
      // A server of its own: it answers at the first bytes of the request, then stops reading.
      const sockets: Socket[] = []
      const early = createTcpServer((socket) => {
        sockets.push(socket)
        socket.on('error', () => {})
        socket.once('data', () => {
          socket.write('HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\nContent-Length: 8\r\n\r\ntoo big!')
          socket.pause()
        })
      })
      await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(early.address() as AddressInfo).port}/`
        return { outcome: pick(await request(makeTransport(kind), url, { body: 'x'.repeat(8 << 20) }), []) }
      } finally {
        for (const socket of sockets) socket.destroy()
        await new Promise((resolve) => early.close(resolve))
      }
    },
  }),
  customCase({
    id: 'concurrentRequests',
    title: 'twelve concurrent requests answered out of order each get their own answer',
    expected: { matched: 12, outcomes: 12 },
    run: (kind) =>
      withServer(
        // Each answer echoes its request's body, later for earlier requests.
        (x) => {
          setTimeout(
            () => void x.write([response('HTTP/1.1 200 OK', [`Content-Length: ${Buffer.byteLength(x.body)}`], x.body)]),
            5 * (12 - x.index),
          )
        },
        async (server) => {
          const transport = makeTransport(kind)
          const bodies = Array.from({ length: 12 }, (_, index) => JSON.stringify({ id: index, note: 'é€𝄞'.repeat(index) }))
          const outcomes = await Promise.all(bodies.map((body) => request(transport, server.url, { body })))
          return {
            matched: outcomes.filter((outcome, index) => 'body' in outcome && outcome.body === bodies[index]).length,
            outcomes: outcomes.length,
          }
        },
      ),
  }),

  // --- Hostile ---------------------------------------------------------------------------------
  malformed(
    'malformedStatusCode',
    'a status line with a status code that is not three digits (2x0) is NETWORK',
    response('HTTP/1.1 2x0 OK', ['Content-Length: 2'], 'ok'),
  ),
  malformed(
    'malformedStatusLine',
    'a status line without a status code (HTTP/1.1 OK) is NETWORK',
    response('HTTP/1.1 OK', ['Content-Length: 2'], 'ok'),
  ),
  malformed(
    'garbage',
    'a server that speaks something else than HTTP (an SSH banner) is NETWORK at once, not TIMEOUT',
    'SSH-2.0-OpenSSH_9.6\r\n',
  ),
  malformed(
    'binaryGarbage',
    'binary bytes instead of a status line are NETWORK at once',
    Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x00, 0x0d, 0x0a, 0x0d, 0x0a]),
  ),
  exchangeCase('unsolicited101', {
    title: 'a 101 Switching Protocols the client never asked for (no Upgrade sent) is NETWORK',
    answer: first((x) =>
      x.write([
        response('HTTP/1.1 101 Switching Protocols', ['Upgrade: websocket', 'Connection: Upgrade']),
        'raw bytes of another protocol',
      ]),
    ),
    timeoutMs: 1_000,
    expect: { error: 'NETWORK' },
    clientCloses: true,
    next: 'new',
  }),
  malformed(
    'headerWithoutColon',
    'a header line without a colon is NETWORK',
    response('HTTP/1.1 200 OK', ['Content-Length: 2', 'NoColonHere'], 'ok'),
  ),
  exchangeCase('endlessHeaderBlock', {
    title: 'a header block past 64 KiB that never ends is NETWORK once over the limit, long before the time limit',
    answer: first((x) => {
      const line = `X-Filler: ${'a'.repeat(1_000)}\r\n`
      return x.write(['HTTP/1.1 200 OK\r\n', ...Array.from({ length: 100 }, () => line)], 1)
    }),
    timeoutMs: 10_000,
    expect: { error: 'NETWORK' },
    clientCloses: true,
    next: 'new',
  }),
  malformed(
    'contentLengthAndChunked',
    'Content-Length and Transfer-Encoding: chunked together (a request-smuggling shape) are NETWORK',
    response('HTTP/1.1 200 OK', ['Content-Length: 5', 'Transfer-Encoding: chunked'], '5\r\nhello\r\n0\r\n\r\n'),
  ),
  malformed(
    'conflictingContentLengths',
    'two different Content-Lengths are NETWORK',
    response('HTTP/1.1 200 OK', ['Content-Length: 2', 'Content-Length: 3'], 'ok!'),
  ),
  malformed('negativeContentLength', 'a negative Content-Length is NETWORK', response('HTTP/1.1 200 OK', ['Content-Length: -1'], 'ok')),
  malformed(
    'nonNumericContentLength',
    'a Content-Length that is not a number (0x2) is NETWORK',
    response('HTTP/1.1 200 OK', ['Content-Length: 0x2'], 'ok'),
  ),
  malformed(
    'nonHexChunkSize',
    'a chunk size that is not hex is NETWORK',
    response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], 'zz\r\nhello\r\n0\r\n\r\n'),
  ),
  malformed(
    'hugeChunkSize',
    'a chunk size past 64 bits is NETWORK',
    response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], 'fffffffffffffffffffff\r\nhello\r\n'),
  ),
  exchangeCase('chunkedEndsEarly', {
    title: 'a chunked body whose connection closes before the last chunk is NETWORK',
    answer: writeThenClose([response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], '5\r\nhello\r\n')]),
    expect: { error: 'NETWORK' },
    next: 'new',
  }),
  exchangeCase('shortBodyThenClose', {
    title: 'a body shorter than its Content-Length, then the connection closes, is NETWORK',
    answer: writeThenClose([response('HTTP/1.1 200 OK', ['Content-Length: 10'], 'hello')]),
    expect: { error: 'NETWORK' },
    next: 'new',
  }),
  exchangeCase('extraBytesSameWrite', {
    title: 'bytes past the Content-Length (a whole fake response, in the same write) are never read as the next answer',
    answer: first((x) =>
      x.write([response('HTTP/1.1 200 OK', ['Content-Length: 5'], 'hello') + 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nWRONG']),
    ),
    expect: { status: 200, body: 'hello' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('extraBytesLaterWrite', {
    title: 'bytes past the Content-Length that arrive while the connection is idle are never read as the next answer',
    answer: first(async (x, hooks) => {
      await x.write([response('HTTP/1.1 200 OK', ['Content-Length: 5'], 'hello')])
      setTimeout(() => {
        x.connection.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nWRONG')
        hooks.done()
      }, 10)
    }),
    expect: { status: 200, body: 'hello' },
    clientCloses: true,
    next: 'new',
    waitForServer: true,
  }),
  exchangeCase('neverAnswers', {
    title: 'a server that accepts and never answers is TIMEOUT after timeoutMs, and the connection is closed',
    answer: first(() => {}),
    timeoutMs: 150,
    expect: { error: 'TIMEOUT' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('tricklesBody', {
    title: 'a server that trickles a body one byte at a time forever is TIMEOUT (the limit is on the whole attempt)',
    answer: first(async (x) => {
      await x.write([response('HTTP/1.1 200 OK', ['Content-Length: 100000'])])
      await trickle(x, 'a', 20)
    }),
    timeoutMs: 300,
    expect: { error: 'TIMEOUT' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('tricklesHeaders', {
    title: 'a server that trickles header bytes forever is TIMEOUT',
    answer: first(async (x) => {
      await x.write(['HTTP/1.1 200 OK\r\nX-Slow: '])
      await trickle(x, 'abc', 20)
    }),
    timeoutMs: 300,
    expect: { error: 'TIMEOUT' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('tooLargeByContentLength', {
    title: 'a Content-Length over maxResponseBytes is RESPONSE_TOO_LARGE before any body byte arrives, and the connection is closed',
    answer: first((x) => x.write([response('HTTP/1.1 200 OK', ['Content-Length: 5000'])])),
    maxResponseBytes: 1_000,
    expect: { error: 'RESPONSE_TOO_LARGE' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('tooLargeChunked', {
    title: 'a chunked body that streams past maxResponseBytes is RESPONSE_TOO_LARGE, and the connection is closed',
    answer: first((x) =>
      x.write(
        [response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked']), ...Array.from({ length: 10 }, () => `1f4\r\n${'x'.repeat(500)}\r\n`)],
        2,
      ),
    ),
    maxResponseBytes: 1_000,
    expect: { error: 'RESPONSE_TOO_LARGE' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('tooLargeCloseDelimited', {
    title: 'a body without a length that streams past maxResponseBytes is RESPONSE_TOO_LARGE, and the connection is closed',
    answer: first((x) =>
      x.write([response('HTTP/1.1 200 OK', ['Connection: close']), ...Array.from({ length: 10 }, () => 'y'.repeat(500))], 2),
    ),
    maxResponseBytes: 1_000,
    expect: { error: 'RESPONSE_TOO_LARGE' },
    clientCloses: true,
  }),
  exchangeCase('abortMidBody', {
    title: "the caller's signal aborting mid-body is ABORTED, and the connection is closed",
    answer: first(async (x, hooks) => {
      await x.write([response('HTTP/1.1 200 OK', ['Content-Length: 1000'], 'z'.repeat(100))])
      setTimeout(hooks.abort, 20)
    }),
    expect: { error: 'ABORTED' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('abortBeforeHead', {
    title: "the caller's signal aborting before the response head is ABORTED, and the connection is closed",
    answer: first((_x, hooks) => void setTimeout(hooks.abort, 20)),
    expect: { error: 'ABORTED' },
    clientCloses: true,
    next: 'new',
  }),
  exchangeCase('resetBeforeResponse', {
    title: 'a connection reset before any byte of the answer is NETWORK',
    answer: first((x) => void x.connection.socket.resetAndDestroy()),
    expect: { error: 'NETWORK' },
    next: 'new',
  }),
  exchangeCase('resetMidBody', {
    title: 'a connection reset mid-body is NETWORK',
    answer: first(async (x) => {
      await x.write([response('HTTP/1.1 200 OK', ['Content-Length: 1000'], 'z'.repeat(100))])
      setTimeout(() => x.connection.socket.resetAndDestroy(), 20)
    }),
    expect: { error: 'NETWORK' },
    next: 'new',
  }),
  customCase({
    id: 'connectionRefused',
    title: 'a refused connection is NETWORK',
    expected: { outcome: { error: 'NETWORK' } },
    run: async (kind) => {
      const closed = createTcpServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      const port = (closed.address() as AddressInfo).port
      await new Promise((resolve) => closed.close(resolve))
      return { outcome: await request(makeTransport(kind), `http://127.0.0.1:${port}/`) }
    },
  }),
] satisfies Case[]

type CaseId = (typeof CASES)[number]['id'] | (typeof HTTPS_CASES)[number]['id'] | 'everyByteBoundary' | 'fuzz'

// ---------------------------------------------------------------------------------------------
// No case may leave an unhandled rejection behind.

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled)
})
afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
})
afterEach(() => {
  const seen = unhandled.splice(0)
  expect(seen.map(String)).toEqual([])
})

/** `it`, or `it.fails` where TODAY says this transport fails the case. */
function caseTest(kind: Kind, id: string, title: string, body: (deviation: Deviation | undefined) => Promise<void>, timeout = 15_000) {
  const deviation = (TODAY[kind] as Partial<Record<string, Deviation>> | undefined)?.[id]
  const name = `${id}: ${title}${deviation ? ` [${kind} today, ${deviation.kind}: ${deviation.why}]` : ''}`
  ;(deviation?.fails ? it.fails : it)(name, () => body(deviation), timeout)
}

for (const kind of TRANSPORTS) {
  describe(`HTTP conformance (${kind})`, () => {
    for (const testCase of CASES as readonly Case[]) {
      caseTest(kind, testCase.id, testCase.title, async (deviation) => {
        const observed = await testCase.run(kind)
        expect(observed).toEqual({ ...testCase.expected, ...deviation?.observed })
      })
    }
  })
}

// ---------------------------------------------------------------------------------------------
// HTTPS, against the committed self-signed certificate for 127.0.0.1 (IP SAN, valid to 2126),
// made with: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes
//   -days 36500 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1
//   -keyout httpConformance.key.pem -out httpConformance.cert.pem
// A process trusts it only through NODE_EXTRA_CA_CERTS, read at start-up: the trusted cases run
// in a child process that sends every request of this section through one transport.

const CERT_PATH = fileURLToPath(new URL('./fixtures/httpConformance.cert.pem', import.meta.url))
const TLS_OPTIONS = { cert: readFileSync(CERT_PATH), key: readFileSync(new URL('./fixtures/httpConformance.key.pem', import.meta.url)) }
const HTTPS_CLIENT = fileURLToPath(new URL('./fixtures/httpConformanceHttpsClient.ts', import.meta.url))
const TSX_LOADER = fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url))

/** The answers of the trusted requests, in order: a Content-Length body, a chunked one, UTF-8 cut inside characters. */
const httpsAnswer: Answer = (x) => {
  if (x.index === 0) return x.write([response('HTTP/1.1 200 OK', [`Content-Length: ${JSON_BODY.length}`], JSON_BODY)])
  if (x.index === 1) return x.write([response('HTTP/1.1 200 OK', ['Transfer-Encoding: chunked'], chunked(utf8, [5, 64])), '0\r\n\r\n'], 3)
  return x.write([response('HTTP/1.1 200 OK', [`Content-Length: ${utf8.length}`]), ...splitAt(utf8, cutsInsideCharacters(utf8, 6))], 3)
}

interface HttpsChildResult {
  outcomes: { status?: number; body?: string; error?: string; causes?: string[] }[]
  connections: number
}

const httpsRuns = new Map<Kind, Promise<HttpsChildResult>>()

/** One child per transport: three trusted requests to 127.0.0.1, then one to localhost, a name the certificate does not cover. */
function httpsChild(kind: Kind): Promise<HttpsChildResult> {
  let run = httpsRuns.get(kind)
  if (run) return run
  run = withServer(
    httpsAnswer,
    async (server) => {
      const urls = [server.url, server.url, server.url, `https://localhost:${server.port}/`]
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', TSX_LOADER, HTTPS_CLIENT, kind, ...urls], {
        timeout: 20_000,
        env: { ...process.env, NODE_EXTRA_CA_CERTS: CERT_PATH },
      })
      const outcomes = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as HttpsChildResult['outcomes'][number])
      return { outcomes, connections: new Set(server.exchanges.map((x) => x.connection.index)).size }
    },
    TLS_OPTIONS,
  )
  httpsRuns.set(kind, run)
  return run
}

const HTTPS_CASES = [
  customCase({
    id: 'httpsUntrusted',
    title: 'https to a server whose certificate this process does not trust is NETWORK (the certificate is verified)',
    expected: { outcome: { error: 'NETWORK' }, exchanges: 0 },
    run: (kind) =>
      withServer(
        httpsAnswer,
        async (server) => ({ outcome: await request(makeTransport(kind), server.url), exchanges: server.exchanges.length }),
        TLS_OPTIONS,
      ),
  }),
  customCase({
    id: 'httpsTrusted',
    title:
      'https with the certificate trusted (NODE_EXTRA_CA_CERTS, child process): Content-Length, chunked and split UTF-8 bodies over one connection',
    expected: {
      outcomes: [
        { status: 200, body: JSON_BODY },
        { status: 200, body: UTF8_TEXT },
        { status: 200, body: UTF8_TEXT },
      ],
      connections: 1,
    },
    run: async (kind) => {
      const { outcomes, connections } = await httpsChild(kind)
      return { outcomes: outcomes.slice(0, 3), connections }
    },
  }),
  customCase({
    id: 'httpsHostnameMismatch',
    title: 'https to a name the trusted certificate does not cover (localhost; it names 127.0.0.1) is NETWORK, for the host name',
    expected: { outcome: { error: 'NETWORK' }, forTheName: true },
    run: async (kind) => {
      const { outcomes } = await httpsChild(kind)
      const last = outcomes[3]
      return { outcome: { error: last?.error }, forTheName: last?.causes?.some((cause) => /ALTNAME|altnames/i.test(cause)) ?? 'no outcome' }
    },
  }),
] satisfies Case[]

for (const kind of TRANSPORTS) {
  describe(`HTTPS conformance (${kind})`, () => {
    for (const testCase of HTTPS_CASES as readonly Case[]) {
      caseTest(kind, testCase.id, testCase.title, async (deviation) => {
        expect(await testCase.run(kind)).toEqual({ ...testCase.expected, ...deviation?.observed })
      })
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Every byte boundary: a valid response of random status, headers, framing and body, written
// in random pieces with small delays, gives exactly that status and body and its headers with
// lower-case names. Seeded (HTTPCONF_SEED overrides) so that a failure can be replayed.

const SEED = Number(process.env.HTTPCONF_SEED ?? 20_250_314)
const PROPERTY_RUNS = 100
const FUZZ_RUNS = 300

type Framing = 'content-length' | 'chunked' | 'close'

interface ValidResponse {
  status: number
  reason: string
  /** Lower-case names and their values, as the transport must give them. */
  headers: [string, string][]
  /** How each name is spelled on the wire. */
  wireNames: string[]
  body: string
  framing: Framing
  chunkSizes: number[]
  extension: boolean
}

const TOKEN_CHARS = [..."abcdefghijklmnopqrstuvwxyz0123456789-_.!#$%&'*+^`|~"]
const VALUE_CHARS = [...' \t', ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => String.fromCharCode(0x21 + index))]
const BODY_UNIT = fc.oneof(
  fc.constantFrom('é', '€', '𝄞', '日', 'ü', '"', '\n', '{', '\u0000', '\u00ff'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
)

const validResponse: fc.Arbitrary<ValidResponse> = fc
  .record({
    // 1xx, 204, 205 and 304 have no body, fetch resends a request answered 421 and fails a 407: cases of their own above.
    status: fc.integer({ min: 200, max: 599 }).filter((status) => ![204, 205, 304, 407, 421].includes(status)),
    reason: fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz '), maxLength: 20 }),
    headers: fc.uniqueArray(
      fc.tuple(
        fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 16 }).map((name) => `x-${name}`),
        fc.string({ unit: fc.constantFrom(...VALUE_CHARS), maxLength: 40 }).map((value) => value.replace(/^[ \t]+|[ \t]+$/g, '')),
        fc.array(fc.boolean(), { minLength: 18, maxLength: 18 }),
      ),
      { selector: ([name]) => name, maxLength: 8 },
    ),
    body: fc.string({ unit: BODY_UNIT, maxLength: 300 }),
    framing: fc.constantFrom<Framing>('content-length', 'chunked', 'close'),
    chunkSizes: fc.array(fc.integer({ min: 1, max: 48 }), { minLength: 1, maxLength: 6 }),
    extension: fc.boolean(),
  })
  .map(({ headers, ...rest }) => ({
    ...rest,
    headers: headers.map(([name, value]): [string, string] => [name, value]),
    wireNames: headers.map(([name, , upper]) => [...name].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join('')),
  }))

function wireBytes(valid: ValidResponse): Buffer {
  const body = Buffer.from(valid.body, 'utf8')
  const lines = valid.headers.map(([, value], index) => `${valid.wireNames[index]}: ${value}`)
  if (valid.framing === 'content-length')
    return response(`HTTP/1.1 ${valid.status} ${valid.reason}`, [...lines, `Content-Length: ${body.length}`], body)
  if (valid.framing === 'close') return response(`HTTP/1.1 ${valid.status} ${valid.reason}`, [...lines, 'Connection: close'], body)
  const chunks = Buffer.concat([chunked(body, valid.chunkSizes, valid.extension ? ';x=1' : ''), Buffer.from('0\r\n\r\n')])
  return response(`HTTP/1.1 ${valid.status} ${valid.reason}`, [...lines, 'Transfer-Encoding: chunked'], chunks)
}

/** Writes a response in the given pieces, then closes the connection when the framing says so (`close`: always). */
function writePieces(exchange: Exchange, pieces: Uint8Array[], delayMs: number, close: boolean) {
  return exchange.write(pieces, delayMs).then(() => {
    if (close) exchange.connection.socket.end()
  })
}

const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive'])

// ---------------------------------------------------------------------------------------------
// Fuzz: byte soup, soup of HTTP fragments, and valid responses mutated, from a server that then
// closes the connection or keeps it open. Every outcome is a well-formed response or a
// ChainxError, within the time limit; the counts by outcome are printed.

const FUZZ_TIMEOUT_MS = 200
const FRAGMENTS = [
  'HTTP/1.1 ',
  'HTTP/1.0 ',
  'HTTP/2 ',
  '200',
  '204',
  '100',
  '101',
  '304',
  '999',
  '0',
  ' OK',
  '\r\n',
  '\n',
  '\r',
  '\r\n\r\n',
  ' ',
  '\t',
  ':',
  'Content-Length: ',
  'content-length:',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip, chunked',
  'Connection: close',
  'Connection: keep-alive',
  'Upgrade: h2c',
  'Trailer: x',
  '5',
  'ffff',
  '-1',
  '18446744073709551616',
  ';ext="q"',
  'hello',
  '{"data":{}}',
  'é',
  '\u0000',
  '\u00ff',
  'X-A: b',
  'HTTP/1.1 100 Continue\r\n\r\n',
]

const mutation = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant('insertFragment' as const), at: fc.nat(), fragment: fc.constantFrom(...FRAGMENTS) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 16 }) }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
)
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never

function mutate(bytes: Buffer, mutations: readonly Mutation[]): Buffer {
  let out = bytes
  for (const change of mutations) {
    const at = out.length === 0 ? 0 : change.at % (out.length + 1)
    if (change.op === 'flip' && at < out.length)
      out = Buffer.concat([out.subarray(0, at), Buffer.from([change.byte]), out.subarray(at + 1)])
    if (change.op === 'insert') out = Buffer.concat([out.subarray(0, at), change.bytes, out.subarray(at)])
    if (change.op === 'insertFragment') out = Buffer.concat([out.subarray(0, at), Buffer.from(change.fragment, 'latin1'), out.subarray(at)])
    if (change.op === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + change.length)])
    if (change.op === 'duplicate') out = Buffer.concat([out.subarray(0, at + change.length), out.subarray(at)])
    if (change.op === 'truncate') out = out.subarray(0, at)
  }
  return out
}

const hostileBytes = fc.oneof(
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => Buffer.from(parts.join(''), 'latin1')),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(validResponse, fc.array(mutation, { minLength: 1, maxLength: 4 }))
      .map(([valid, changes]) => mutate(wireBytes(valid), changes)),
  },
)

const hostileScript = fc.record({
  bytes: hostileBytes,
  cuts: fc.array(fc.nat(), { maxLength: 8 }),
  /** Most cases close after writing; some keep the connection open (the client must then time out). */
  thenClose: fc.integer({ min: 0, max: 9 }).map((draw) => draw !== 0),
})

/** A response as the transports promise it: an integer status, lower-case header names with string values, a string body. */
function isWellFormed(outcome: Outcome): boolean {
  if ('error' in outcome) return false
  return (
    Number.isInteger(outcome.status) &&
    outcome.status >= 100 &&
    outcome.status <= 999 &&
    typeof outcome.body === 'string' &&
    Object.entries(outcome.headers ?? {}).every(([name, value]) => name === name.toLowerCase() && typeof value === 'string')
  )
}

const CHAINX_CODES = new Set(['NETWORK', 'TIMEOUT', 'RESPONSE_TOO_LARGE', 'ABORTED'])

// Both properties run against one server per transport, whose answer each run sets.
for (const kind of TRANSPORTS) {
  describe(`HTTP conformance, properties (${kind})`, () => {
    let server: RawServer
    let answer: Answer = sendNext
    beforeAll(async () => {
      server = await startRawServer((exchange) => answer(exchange))
    })
    afterAll(() => server.close())

    caseTest(
      kind,
      'everyByteBoundary',
      `a valid response (random status, headers, framing, UTF-8 body) cut into random pieces gives exactly that status, body and lower-case headers (${PROPERTY_RUNS} runs, seed ${SEED})`,
      async () => {
        const transport = makeTransport(kind)
        await fc.assert(
          fc.asyncProperty(
            validResponse,
            fc.array(fc.nat(), { maxLength: 24 }),
            fc.integer({ min: 0, max: 2 }),
            async (valid, cuts, delayMs) => {
              const bytes = wireBytes(valid)
              answer = (exchange) =>
                writePieces(
                  exchange,
                  splitAt(
                    bytes,
                    cuts.map((cut) => cut % bytes.length),
                  ),
                  delayMs,
                  valid.framing === 'close',
                )
              const outcome = await request(transport, server.url)
              const headers =
                'error' in outcome
                  ? {}
                  : Object.fromEntries(Object.entries(outcome.headers ?? {}).filter(([name]) => !FRAMING_HEADERS.has(name)))
              expect({ ...outcome, headers }).toEqual({
                status: valid.status,
                body: valid.body,
                headers: Object.fromEntries(valid.headers),
              })
            },
          ),
          { seed: SEED, numRuns: PROPERTY_RUNS, endOnFailure: true },
        )
      },
      30_000,
    )

    caseTest(
      kind,
      'fuzz',
      `byte soup and mutated responses give a well-formed response or a ChainxError, never a hang past timeoutMs (${FUZZ_RUNS} runs, seed ${SEED})`,
      async () => {
        const transport = makeTransport(kind, { timeoutMs: FUZZ_TIMEOUT_MS, maxResponseBytes: 4_096 })
        const counts = new Map<string, number>()
        await fc.assert(
          fc.asyncProperty(hostileScript, async ({ bytes, cuts, thenClose }) => {
            answer = (exchange) =>
              writePieces(
                exchange,
                splitAt(
                  bytes,
                  cuts.map((cut) => cut % Math.max(1, bytes.length)),
                ),
                0,
                thenClose,
              )
            const outcome = await request(transport, server.url, { guardMs: FUZZ_TIMEOUT_MS + 2_000 })
            const label = isWellFormed(outcome)
              ? 'response'
              : 'error' in outcome && CHAINX_CODES.has(outcome.error)
                ? outcome.error
                : `other: ${JSON.stringify(outcome).slice(0, 200)}`
            counts.set(label, (counts.get(label) ?? 0) + 1)
            expect(label === 'response' || CHAINX_CODES.has(label), label).toBe(true)
          }),
          { seed: SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
        )
        const figures = [...counts].sort(([, a], [, b]) => b - a).map(([label, count]) => `${label} ${count}`)
        console.log(`HTTP fuzz (${kind}): ${FUZZ_RUNS} hostile responses: ${figures.join(', ')}`)
      },
      60_000,
    )
  })
}
