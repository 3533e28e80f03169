import { execFile } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { inspect, promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { ChainxError, isChainxError } from '../../src/errors/ChainxError.js'
import { HttpError } from '../../src/errors/request.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { createTransport, type TransportOptions } from '../../src/transport/createTransport.js'
import { sleep } from '../../src/utils/sleep.js'
import { listenLocal } from '../helpers/listenLocal.js'

// The transport's security rules, held over real sockets on 127.0.0.1: each test is named
// after the rule it holds.

interface Arrival {
  at: number
  headers: IncomingMessage['headers']
  url: string
}

interface LocalServer {
  url: string
  arrivals: Arrival[]
  close: () => Promise<void>
}

async function listen(handle: (req: IncomingMessage, res: ServerResponse, arrivals: Arrival[]) => void): Promise<LocalServer> {
  const arrivals: Arrival[] = []
  const server: Server = createServer((req, res) => {
    arrivals.push({ at: performance.now(), headers: req.headers, url: req.url ?? '' })
    handle(req, res, arrivals)
  })
  const local = await listenLocal(server)
  return { url: local.origin, arrivals, close: local.close }
}

const json = (res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** Answers every JSON-RPC call with an empty events page, every GraphQL query with a chain identifier. */
function answerOk(req: IncomingMessage, res: ServerResponse) {
  let text = ''
  req.on('data', (chunk: Buffer) => (text += chunk.toString()))
  req.on('end', () => {
    const body = JSON.parse(text || '{}') as { id?: number; jsonrpc?: string }
    if (body.jsonrpc) json(res, { jsonrpc: '2.0', id: body.id, result: { data: [], nextCursor: null, hasNextPage: false } })
    else json(res, { data: { chainIdentifier: '1d9b561b' } })
  })
}

const transports: [name: string, options: TransportOptions][] = [
  ['node:http', {}],
  ['fetch', { fetch: (input, init) => fetch(input, init) }],
]

const failure = (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('headers: names are tokens, values visible ASCII, space and tab (RFC 9110)', () => {
  let server: LocalServer
  beforeAll(async () => {
    server = await listen(answerOk)
  })
  afterAll(() => server.close())

  const badValues: [label: string, value: string][] = [
    ['CR LF', 'a\r\nx-injected: 1'],
    ['LF', 'a\nb'],
    ['NUL', 'a\0b'],
    ['Latin-1 non-ASCII (café)', 'café'],
    ['outside Latin-1', 'price €5'],
    ['DEL', 'a\x7fb'],
  ]
  const badNames = ['x header', 'x-h:1', 'x-é', '', 'x\r\ny']

  for (const [transportName, transportOptions] of transports) {
    it(`a bad header from a headers function or per call is INVALID_ARGUMENT at once, never sent, never retried (${transportName})`, async () => {
      const before = server.arrivals.length
      for (const [label, value] of badValues) {
        const fromFunction = createTransport({ ...transportOptions, headers: () => ({ 'x-api-key': value }) })
        const error = await failure(fromFunction.request({ url: server.url, body: '{}', parse: (r) => r.status }))
        expect(error, label).toMatchObject({ code: 'INVALID_ARGUMENT', retryable: false })
        // The message names the header and its source, never the value (it may be a credential).
        expect((error as Error).message).toContain('"x-api-key" from the headers function')
        expect((error as Error).message).not.toContain(value)
        const perCall = createTransport(transportOptions)
        const callError = await failure(
          perCall.request({ url: server.url, body: '{}', headers: { 'x-trace': value }, parse: (r) => r.status }),
        )
        expect(callError, label).toMatchObject({ code: 'INVALID_ARGUMENT' })
      }
      for (const name of badNames) {
        const perCall = createTransport(transportOptions)
        const error = await failure(perCall.request({ url: server.url, body: '{}', headers: { [name]: 'v' }, parse: (r) => r.status }))
        expect(error, JSON.stringify(name)).toMatchObject({ code: 'INVALID_ARGUMENT' })
      }
      expect(server.arrivals.length - before).toBe(0)
    })

    it(`a header changed by onRequest is checked before sending (${transportName})`, async () => {
      const before = server.arrivals.length
      let attempts = 0
      const transport = createTransport({
        ...transportOptions,
        onRequest: (info) => {
          attempts++
          info.headers['x-trace'] = 'a\r\nb'
        },
      })
      expect(await failure(transport.request({ url: server.url, body: '{}', parse: (r) => r.status }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
      })
      expect(attempts).toBe(1)
      expect(server.arrivals.length - before).toBe(0)
    })

    it(`static headers and rpcVersion are refused at construction (${transportName})`, () => {
      for (const [label, value] of badValues) {
        expect(() => new ChainxClient({ graphqlUrl: server.url, ...transportOptions, headers: { authorization: value } }), label).toThrow(
          expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
        )
        expect(() => new ChainxClient({ graphqlUrl: server.url, ...transportOptions, rpcVersion: value }), label).toThrow(/rpcVersion/)
      }
      expect(() => new ChainxClient({ graphqlUrl: server.url, headers: { 'bad name': 'x' } })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      )
    })

    it(`visible ASCII with spaces and tabs is sent as given (${transportName})`, async () => {
      const client = new ChainxClient({
        graphqlUrl: server.url,
        ...transportOptions,
        limits: false,
        headers: () => ({ authorization: 'Bearer a.b-c_d~e+f/g=', 'x-list': 'a, b\tc' }),
      })
      await client.graphql.query('{ chainIdentifier }')
      const headers = server.arrivals.at(-1)!.headers
      expect(headers.authorization).toBe('Bearer a.b-c_d~e+f/g=')
      expect(headers['x-list']).toBe('a, b\tc')
    })
  }
})

describe('redirects: never followed, so no credential reaches another origin', () => {
  let origin: LocalServer
  let elsewhere: LocalServer
  let status = 301
  beforeAll(async () => {
    elsewhere = await listen(answerOk)
    origin = await listen((_req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}/graphql?from=redirect` })
      res.end('moved')
    })
  })
  afterAll(async () => {
    await origin.close()
    await elsewhere.close()
  })

  for (const [transportName, transportOptions] of transports) {
    it(`a 301/302/303/307/308 to another origin is HTTP with its status and Location; nothing arrives there (${transportName})`, async () => {
      for (const code of [301, 302, 303, 307, 308]) {
        status = code
        const before = origin.arrivals.length
        const client = new ChainxClient({
          graphqlUrl: `${origin.url}/graphql`,
          ...transportOptions,
          limits: false,
          headers: { 'x-api-key': 'secret-key-123', authorization: 'Bearer secret-token' },
        })
        const error = await failure(client.graphql.query('{ chainIdentifier }'))
        expect(error, String(code)).toBeInstanceOf(HttpError)
        expect(error).toMatchObject({ code: 'HTTP', status: code, location: `${elsewhere.url}/graphql?from=redirect`, retryable: false })
        expect((error as Error).message).toBe(
          `HTTP ${code} from ${origin.url}/graphql: redirect to ${elsewhere.url}/graphql?from=redirect not followed`,
        )
        // Not retried, not followed.
        expect(origin.arrivals.length - before).toBe(1)
      }
      expect(elsewhere.arrivals).toHaveLength(0)
    })
  }

  it("an endpoint that answered before and now redirects: the same HTTP error, asked once more in 'manual' mode over Node's fetch", async () => {
    status = 200
    const client = new ChainxClient({ graphqlUrl: `${origin.url}/graphql`, transport: 'fetch', limits: false, retry: false })
    await failure(client.graphql.query('{ chainIdentifier }')) // 200 'moved': not JSON, but no redirect either
    status = 307
    const before = origin.arrivals.length
    const error = await failure(client.graphql.query('{ chainIdentifier }'))
    expect(error).toMatchObject({ code: 'HTTP', status: 307, location: `${elsewhere.url}/graphql?from=redirect`, retryable: false })
    // Sent with redirect: 'error' first (undici refuses to follow), then once more to read the 3xx as it is.
    expect(origin.arrivals.length - before).toBe(2)
    expect(elsewhere.arrivals).toHaveLength(0)
  })
})

describe('maxResponseBytes holds for a compressed body, whose Content-Length is not the size fetch inflates it to', () => {
  let server: LocalServer
  // 4 MiB of JSON-ish text, gzipped to a few kB: the declared length is far under the limit.
  const inflated = `{"data":"${'a'.repeat(4 * 1024 * 1024)}"}`
  const compressed = gzipSync(inflated)
  beforeAll(async () => {
    server = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': compressed.length })
      res.end(compressed)
    })
  })
  afterAll(() => server.close())

  it('RESPONSE_TOO_LARGE over fetch (which inflates it), counted as it inflates', async () => {
    expect(compressed.length).toBeLessThan(64 * 1024)
    const transport = createTransport({ transport: 'fetch', retry: false, maxResponseBytes: 1024 * 1024 })
    const error = await transport.request({ url: server.url, body: '{}', parse: (r) => r }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'RESPONSE_TOO_LARGE', limit: 1024 * 1024 })
  })

  it('read whole when the inflated body fits (fetch)', async () => {
    const transport = createTransport({ transport: 'fetch', retry: false, maxResponseBytes: 8 * 1024 * 1024 })
    const response = await transport.request({ url: server.url, body: '{}', parse: (r) => r })
    expect(response.body.length).toBe(inflated.length)
  })
})

describe('maxResponseBytes: no response of any size crashes the process or grows memory past the limit', () => {
  const MB = 1024 * 1024
  let server: LocalServer
  const closedEarly: boolean[] = []
  beforeAll(async () => {
    const chunk = Buffer.alloc(MB, 'a')
    server = await listen((req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams
      const megabytes = Number(query.get('mb'))
      const declared = query.get('declared') === '1'
      res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(megabytes * MB) } : {}) })
      let sent = 0
      res.on('close', () => closedEarly.push(!res.writableFinished))
      // Backpressure-driven: the server holds one chunk, however large the body.
      const pump = () => {
        while (sent < megabytes) {
          sent++
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    })
  })
  afterAll(() => server.close())

  const fixture = fileURLToPath(new URL('./fixtures/readLargeBody.ts', import.meta.url))
  const tsxLoader = fileURLToPath(new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url))
  const readInChild = async (path: string, transport: 'node-http' | 'fetch', limit: number | 'default') => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', tsxLoader, fixture, `${server.url}${path}`, transport, String(limit)],
      {
        timeout: 60_000,
      },
    )
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      ok: boolean
      code?: string
      limit?: number
      received?: number
      grewBytes: number
    }
  }

  for (const transport of ['node-http', 'fetch'] as const) {
    it(`a 600 MB body with Content-Length is RESPONSE_TOO_LARGE before it is read; memory stays flat (${transport}, child process)`, async () => {
      const closedBefore = closedEarly.length
      const result = await readInChild('/?mb=600&declared=1', transport, 'default')
      expect(result).toMatchObject({ ok: false, code: 'RESPONSE_TOO_LARGE', limit: 128 * MB, received: 600 * MB })
      expect(result.grewBytes).toBeLessThan(48 * MB)
      await vi.waitFor(() => expect(closedEarly.length).toBeGreaterThan(closedBefore))
      expect(closedEarly.at(-1)).toBe(true)
    })

    it(`a 200 MB body without Content-Length is cut off at the 128 MiB default; memory grows by the limit plus a constant (${transport}, child process)`, async () => {
      const result = await readInChild('/?mb=200', transport, 'default')
      expect(result).toMatchObject({ ok: false, code: 'RESPONSE_TOO_LARGE', limit: 128 * MB })
      expect(result.received).toBeGreaterThan(128 * MB)
      expect(result.received).toBeLessThanOrEqual(130 * MB)
      expect(result.grewBytes).toBeLessThan(128 * MB + 96 * MB)
    })

    it(`a 600 MB body without Content-Length is cut off at a lower limit, the connection closed (${transport}, child process)`, async () => {
      const closedBefore = closedEarly.length
      const result = await readInChild('/?mb=600', transport, 8 * MB)
      expect(result).toMatchObject({ ok: false, code: 'RESPONSE_TOO_LARGE', limit: 8 * MB })
      expect(result.grewBytes).toBeLessThan(8 * MB + 48 * MB)
      await vi.waitFor(() => expect(closedEarly.length).toBeGreaterThan(closedBefore))
      expect(closedEarly.at(-1)).toBe(true)
    })
  }

  it('with the limit lifted, a 600 MB body (past the longest string V8 makes) is still RESPONSE_TOO_LARGE, never an uncaught exception (node-http, child process)', async () => {
    const result = await readInChild('/?mb=600', 'node-http', Infinity)
    expect(result).toMatchObject({ ok: false, code: 'RESPONSE_TOO_LARGE', received: 600 * MB })
  })

  it('a body under the limit is read whole (node:http and fetch)', async () => {
    for (const [, transportOptions] of transports) {
      const transport = createTransport({ ...transportOptions, maxResponseBytes: 2 * MB, retry: false })
      await expect(transport.request({ url: `${server.url}/?mb=2&declared=1`, body: '{}', parse: (r) => r.body.length })).resolves.toBe(
        2 * MB,
      )
      await expect(transport.request({ url: `${server.url}/?mb=2`, body: '{}', parse: (r) => r.body.length })).resolves.toBe(2 * MB)
      const over = await failure(transport.request({ url: `${server.url}/?mb=3`, body: '{}', parse: (r) => r.body.length }))
      expect(over).toMatchObject({ code: 'RESPONSE_TOO_LARGE', retryable: false })
    }
  })
})

describe('timers: no delay above 2^31-1 ms, no retry loop without a floor', () => {
  /** Watches a fresh local service that answers `failures` 429s with `retryAfter`, then empty pages. */
  const watchUntil = async (options: { retryAfter: string; failures: number }) => {
    let limitedLeft = options.failures
    const server = await listen((req, res) => {
      if (limitedLeft > 0) {
        limitedLeft--
        req.resume()
        res.writeHead(429, { 'content-type': 'text/html', 'retry-after': options.retryAfter })
        return void res.end('<html>Too Many Requests</html>')
      }
      answerOk(req, res)
    })
    try {
      const events = eventsAt(server.url, createTransport({ retry: false }))
      const seen: { code: string; delayMs: number }[] = []
      const controller = new AbortController()
      const watcher = events.watch({
        filter: { All: [] },
        intervalMs: 5,
        backoff: { baseDelayMs: 2, maxDelayMs: 8 },
        signal: controller.signal,
        onError: (error, info) => void seen.push({ code: error.code, delayMs: info.delayMs }),
      })
      let ended = false
      const outcome = (async () => {
        for await (const event of watcher) void event
      })().then(
        () => ((ended = true), undefined),
        (error: unknown) => ((ended = true), error),
      )
      // Until the watch ends by itself, or has polled past the faults.
      await vi.waitFor(() => expect(ended || server.arrivals.length > options.failures).toBe(true), { timeout: 10_000 })
      controller.abort()
      return { error: await outcome, seen, requests: server.arrivals.length }
    } finally {
      await server.close()
    }
  }

  it('Retry-After: 0 and a past date are retried after the backoff floor, never at once', async () => {
    for (const value of ['0', new Date(Date.now() - 60_000).toUTCString()]) {
      const { error, seen } = await watchUntil({ retryAfter: value, failures: 3 })
      expect(error).toBeUndefined()
      expect(seen.map((entry) => entry.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED'])
      for (const entry of seen) expect(entry.delayMs).toBeGreaterThanOrEqual(1)
    }
  })

  it('a Retry-After of 120 s or 30 days is waited up to backoff.maxDelayMs, reported to onError as RATE_LIMITED: no hot loop, no stall', async () => {
    for (const value of ['120', '2592000']) {
      const { error, seen, requests } = await watchUntil({ retryAfter: value, failures: 3 })
      expect(error).toBeUndefined()
      // Each wait is the ceiling (8 ms here), never the 1 ms a 2,592,000,000 ms timer fires after.
      expect(seen).toEqual([
        { code: 'RATE_LIMITED', delayMs: 8 },
        { code: 'RATE_LIMITED', delayMs: 8 },
        { code: 'RATE_LIMITED', delayMs: 8 },
      ])
      expect(requests).toBeGreaterThan(3)
    }
  })

  it('a wait longer than a timer can take is chained, never fired after 1 ms', async () => {
    vi.useFakeTimers()
    try {
      let done = false
      const wait = sleep(2_592_000_000).then(() => {
        done = true
      })
      await vi.advanceTimersByTimeAsync(2 ** 31 - 1)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(2_592_000_000 - (2 ** 31 - 1))
      await wait
      expect(done).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the per-minute limiter counts arrivals, not starts', () => {
  it('L1: 200 concurrent calls under a limit of 50 per window: at most 50 arrive in any sliding window, however late the first burst lands', async () => {
    // Scaled down from 1,000 calls at 400 per minute so that the local server's throughput is never
    // what holds the rate: only the limiter does (a start-counting limiter fails this test).
    const windowMs = 1_000
    const limit = 50
    const server = await listen(answerOk)
    // A slow path to the service for the first burst: its requests arrive up to 800 ms after
    // they started (the issue saw 355 ms with a one-minute window). A limiter that counts starts
    // lets the next window's requests, which travel fast, land among them.
    let sent = 0
    const slowFirstBurst: TransportOptions['fetch'] = (input, init) => {
      const index = sent++
      return sleep(index < limit ? index * 16 : 0).then(() => fetch(input, init))
    }
    try {
      const transport = createTransport({ rateLimit: limit, retry: false, fetch: slowFirstBurst }, { rateLimiter: { windowMs } })
      const events = eventsAt(server.url, transport)
      await Promise.all(Array.from({ length: 200 }, () => events.query({ filter: { All: [] } })))
      const times = server.arrivals.map((arrival) => arrival.at).sort((a, b) => a - b)
      expect(times).toHaveLength(200)
      let most = 0
      for (let first = 0, last = 0; first < times.length; first++) {
        while (last < times.length && (times[last] as number) < (times[first] as number) + windowMs) last++
        most = Math.max(most, last - first)
      }
      expect(most).toBeLessThanOrEqual(limit)
    } finally {
      await server.close()
    }
  })
})

describe('no credential in any serialisation or inspection', () => {
  const secrets = ['Bearer top-secret-token', 'key-123456', 'session=abcdef', 'tenant-secret-42', 'url-password', 'query-key-987']
  const options = {
    graphqlUrl: `http://user:url-password@127.0.0.1:9/graphql?apiKey=query-key-987`,
    rpcUrl: 'http://127.0.0.1:9/rpc',
    headers: {
      authorization: 'Bearer top-secret-token',
      'x-api-key': 'key-123456',
      cookie: 'session=abcdef',
      'x-tenant': 'tenant-secret-42',
      accept: 'application/json',
    },
    secretHeaders: ['X-Tenant'],
  }
  const noSecret = (text: string) => {
    for (const secret of secrets) expect(text).not.toContain(secret)
  }

  it('JSON.stringify, util.inspect and console.log of a client and its options show no credential', () => {
    const client = new ChainxClient(options)
    noSecret(JSON.stringify(client))
    noSecret(JSON.stringify(client.options))
    noSecret(JSON.stringify(client.options.headers))
    noSecret(inspect(client, { depth: 10 }))
    noSecret(inspect(client.options, { depth: 10, showHidden: false }))
    noSecret(inspect(client.options.headers))
    const logged: string[] = []
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((...args: unknown[]) => void logged.push(args.map((arg) => inspect(arg, { depth: 10 })).join(' ')))
    try {
      console.log(client)
    } finally {
      log.mockRestore()
    }
    noSecret(logged.join('\n'))
    expect(JSON.stringify(client.options)).toContain('"accept":"application/json"')
    expect(JSON.stringify(client.options)).toContain('[redacted]')
    // Reading a field still gives its value: the client sends it.
    expect(client.options.headers).toMatchObject({ authorization: 'Bearer top-secret-token' })
  })

  it('errors carry no credential: an HTTP error of a URL with a key, a refused header', async () => {
    const server = await listen((_req, res) => json(res, { errors: [{ message: 'no' }] }, 401))
    try {
      const client = new ChainxClient({
        ...options,
        graphqlUrl: `http://user:url-password@${server.url.slice(7)}/graphql?apiKey=query-key-987`,
        limits: false,
        retry: false,
      })
      const error = await failure(client.graphql.query('{ chainIdentifier }'))
      expect(error).toMatchObject({ code: 'HTTP', status: 401 })
      noSecret(JSON.stringify(error))
      noSecret(inspect(error, { depth: 10 }))
      noSecret(String((error as Error).stack))
      // The credential did reach its own origin.
      expect(server.arrivals[0]!.headers['x-api-key']).toBe('key-123456')
      const refused = await failure(
        new ChainxClient({ graphqlUrl: server.url, headers: () => ({ authorization: 'Bearer top-secret-token\n' }) }).graphql.query(
          '{ chainIdentifier }',
        ),
      )
      expect(refused).toMatchObject({ code: 'INVALID_ARGUMENT' })
      noSecret(inspect(refused, { depth: 10 }))
    } finally {
      await server.close()
    }
  })

  it('errors carry no credential: a 2xx of the wrong shape from a URL with a key names the URL redacted', async () => {
    const server = await listen((_req, res) => json(res, { unexpected: true }))
    try {
      const client = new ChainxClient({ graphqlUrl: `${server.url}/graphql?apiKey=query-key-987`, limits: false, retry: false })
      const error = await failure(client.graphql.query('{ chainIdentifier }'))
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE' })
      expect((error as Error).message).toContain('apiKey=%5Bredacted%5D')
      noSecret(inspect(error, { depth: 10 }))
    } finally {
      await server.close()
    }
  })
})

describe('credentials written in the URL: Basic authorization to that origin, in no error', () => {
  const withUserInfo = (url: string) => url.replace('http://', 'http://alice:s3cr%40t@')
  const basic = `Basic ${Buffer.from('alice:s3cr@t').toString('base64')}`

  for (const [transportName, transportOptions] of transports) {
    it(`user info goes as Basic authorization, out of the URL; an authorization header set wins (${transportName})`, async () => {
      const server = await listen((_req, res) => json(res, {}))
      try {
        const transport = createTransport({ ...transportOptions, retry: false })
        const send = (headers?: Record<string, string>) =>
          transport.request({ url: `${withUserInfo(server.url)}/graphql?x=1`, body: '{}', headers, parse: (response) => response.status })
        expect(await send()).toBe(200)
        expect(await send({ Authorization: 'Bearer mine' })).toBe(200)
        expect(server.arrivals.map((arrival) => [arrival.url, arrival.headers.authorization])).toEqual([
          ['/graphql?x=1', basic],
          ['/graphql?x=1', 'Bearer mine'],
        ])
      } finally {
        await server.close()
      }
    })

    it(`a refused connection to a URL with user info is NETWORK, and no message or cause shows the password (${transportName})`, async () => {
      const closed = await listen(() => undefined)
      await closed.close()
      const transport = createTransport({ ...transportOptions, retry: false })
      const error = await failure(
        transport.request({ url: `${withUserInfo(closed.url)}/graphql`, body: '{}', parse: (response) => response.status }),
      )
      expect(isChainxError(error, 'NETWORK')).toBe(true)
      const shown = inspect(error, { depth: 10 })
      expect(shown).toContain('ECONNREFUSED')
      expect(shown).not.toContain('s3cr')
    })
  }
})

describe("the caller's signal", () => {
  let server: LocalServer
  beforeAll(async () => {
    server = await listen(() => undefined) // never answers
  })
  afterAll(() => server.close())

  it("AbortSignal.timeout(ms) surfaces as TIMEOUT with the signal's reason as cause, not ABORTED, and is not retried", async () => {
    const before = server.arrivals.length
    const transport = createTransport({ retry: { retries: 3, baseDelayMs: 1 } })
    const error = await failure(transport.request({ url: server.url, body: '{}', signal: AbortSignal.timeout(30), parse: (r) => r }))
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: false })
    expect((error as ChainxError).cause).toMatchObject({ name: 'TimeoutError' })
    expect(server.arrivals.length - before).toBe(1)
    const controller = new AbortController()
    const pending = failure(transport.request({ url: server.url, body: '{}', signal: controller.signal, parse: (r) => r }))
    controller.abort()
    expect(await pending).toMatchObject({ code: 'ABORTED' })
  })

  it('one signal shared by 50 concurrent calls prints no MaxListenersExceededWarning', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => void warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const controller = new AbortController()
      const transport = createTransport({ retry: false, rateLimit: 10 })
      const calls = Array.from({ length: 50 }, () =>
        failure(transport.request({ url: server.url, body: '{}', signal: controller.signal, parse: (r) => r })),
      )
      await vi.waitFor(() => expect(server.arrivals.length).toBeGreaterThanOrEqual(10))
      controller.abort()
      const errors = await Promise.all(calls)
      expect(errors.every((error) => isChainxError(error, 'ABORTED'))).toBe(true)
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })
})
