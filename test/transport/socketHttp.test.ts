import { execFile } from 'node:child_process'
import nodeHttp, { ClientRequest, createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { http as mswHttp, HttpResponse as MswResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AbortedError, TimeoutError } from '../../src/errors/request.js'
import { createSocketHttp } from '../../src/transport/socketHttp.js'
import type { HttpRequest } from '../../src/transport/types.js'

// What the socket transport adds to plain HTTP/1.1 (which test/transport/httpConformance.test.ts
// checks on every transport): its connection pool, its second try on a connection the server
// closed while idle, and its way around instrumentation.

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const listen = async <T extends Server | NetServer>(server: T): Promise<string> => {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
}

/** An HTTP server that echoes the body and counts the connections it accepted. */
async function echoServer(answer?: (body: string, respond: (text: string) => void) => void) {
  const connections: Socket[] = []
  const server = createHttpServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => (answer ?? ((text, respond) => respond(text)))(body, (text) => response.end(text)))
  })
  server.on('connection', (socket: Socket) => connections.push(socket))
  const url = await listen(server)
  return { server, url, connections }
}

const post = (http: ReturnType<typeof createSocketHttp>, url: string, body: string, extra: Partial<HttpRequest> = {}) =>
  http({ url, headers: { 'content-type': 'application/json' }, body, timeoutMs: 5_000, maxResponseBytes: 1 << 20, ...extra })

describe('socket transport: the connection pool', () => {
  it('carries sequential requests over one kept-alive connection', async () => {
    const { url, connections } = await echoServer()
    const http = createSocketHttp()
    for (let i = 0; i < 20; i++) expect((await post(http, url, `{"i":${i}}`)).body).toBe(`{"i":${i}}`)
    expect(connections).toHaveLength(1)
  })

  it('answers 200 concurrent requests each with its own body over at most 64 connections', async () => {
    const { url, connections } = await echoServer((body, respond) => setTimeout(() => respond(body), 5))
    const http = createSocketHttp()
    const bodies = Array.from({ length: 200 }, (_, i) => `{"i":${i},"pad":"${'x'.repeat(i * 7)}"}`)
    const answers = await Promise.all(bodies.map((body) => post(http, url, body)))
    expect(answers.map((answer) => answer.body)).toEqual(bodies)
    expect(connections.length).toBeGreaterThan(1)
    expect(connections.length).toBeLessThanOrEqual(64)
  })

  it('a request waiting for a connection times out or aborts on its own, and the queue moves on', async () => {
    const held: (() => void)[] = []
    const { url } = await echoServer((body, respond) => (body === 'hold' ? held.push(() => respond('released')) : respond(body)))
    const http = createSocketHttp()
    const holding = Array.from({ length: 64 }, () => post(http, url, 'hold'))
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(64)
    const controller = new AbortController()
    const timedOut = post(http, url, 'queued', { timeoutMs: 50 })
    const aborted = post(http, url, 'queued', { signal: controller.signal })
    const served = post(http, url, 'served')
    controller.abort(new Error('stop'))
    const checks = [expect(timedOut).rejects.toBeInstanceOf(TimeoutError), expect(aborted).rejects.toBeInstanceOf(AbortedError)]
    await Promise.all(checks)
    for (const release of held) release()
    expect((await served).body).toBe('served')
    expect((await Promise.all(holding)).every((answer) => answer.body === 'released')).toBe(true)
  })

  it('sends once more, on a new connection, when the server closed the pooled one before answering', async () => {
    // A server that drops every kept-alive connection on its second request without a byte:
    // what a request meets when it races the server's idle timeout.
    let accepted = 0
    const server = createNetServer((socket) => {
      accepted++
      let requests = 0
      socket.on('data', () => {
        if (++requests === 2) return void socket.destroy()
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok')
      })
    })
    const url = await listen(server)
    const http = createSocketHttp()
    expect((await post(http, url, 'a')).body).toBe('ok')
    expect((await post(http, url, 'b')).body).toBe('ok')
    expect(accepted).toBe(2)
  })

  it('does not send again when a new connection closes without an answer', async () => {
    let accepted = 0
    const server = createNetServer((socket) => {
      accepted++
      socket.on('data', () => socket.destroy())
    })
    const url = await listen(server)
    await expect(post(createSocketHttp(), url, 'a')).rejects.toThrow('connection closed before any response')
    expect(accepted).toBe(1)
  })

  it('drops a connection that sends bytes nobody asked for, and answers the next request on a new one', async () => {
    let accepted = 0
    const server = createNetServer((socket) => {
      accepted++
      socket.on('data', () => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok')
        setTimeout(() => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nstale'), 20)
      })
    })
    const url = await listen(server)
    const http = createSocketHttp()
    expect((await post(http, url, 'a')).body).toBe('ok')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect((await post(http, url, 'b')).body).toBe('ok')
    expect(accepted).toBe(2)
  })

  it('rejects a body read to the close when the connection is reset, never a truncated answer as whole', async () => {
    // No Content-Length and no chunking: the close ends the body, but only a clean close does.
    const server = createNetServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n{"partial":')
        setTimeout(() => socket.resetAndDestroy(), 50)
      })
    })
    const url = await listen(server)
    await expect(post(createSocketHttp(), url, 'a')).rejects.toMatchObject({ code: 'ECONNRESET' })
  })

  it('never writes a header value or name that would split the request', async () => {
    let head = ''
    const server = createNetServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1')
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n')
      })
    })
    const url = await listen(server)
    await createSocketHttp()({
      url,
      headers: { 'x-ok': 'fine', 'x-bad': 'a\r\nx-injected: 1', 'x-evil\r\nx-injected': '2', 'content-length': '999' },
      body: '{}',
      timeoutMs: 5_000,
      maxResponseBytes: 1024,
    })
    expect(head).toContain('x-ok: fine\r\n')
    expect(head).not.toContain('x-injected')
    expect(head).toContain('content-length: 2\r\n')
    expect(head).not.toContain('999')
  })

  it('lets the process exit while connections sit idle in the pool', async () => {
    const { url } = await echoServer()
    const script = fileURLToPath(new URL('./fixtures/socketHttpIdleExit.ts', import.meta.url))
    const started = Date.now()
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', script, url], { timeout: 15_000 }, (error, out) =>
        error ? reject(error) : resolve({ stdout: out }),
      ),
    )
    expect(stdout.trim()).toBe('{"idle":true}')
    // Well under the 4 s an idle connection is kept: the pool did not hold the process open.
    expect(Date.now() - started).toBeLessThan(15_000)
  })
})

describe('socket transport: instrumentation', () => {
  it("leaves requests to node:http when Node is told to use the environment's proxy (NODE_USE_ENV_PROXY=1)", async () => {
    const seen: (string | undefined)[] = []
    const server = createHttpServer((request, response) => {
      seen.push(request.headers.connection)
      request.resume()
      request.on('end', () => response.end('ok'))
    })
    const url = await listen(server)
    await post(createSocketHttp(), url, 'a')
    vi.stubEnv('NODE_USE_ENV_PROXY', '1')
    try {
      await post(createSocketHttp(), url, 'b')
    } finally {
      vi.unstubAllEnvs()
    }
    // node:http's keep-alive agent says `connection: keep-alive`; the socket transport says nothing.
    expect(seen).toEqual([undefined, 'keep-alive'])
  })

  it('tells a replaced http.request by identity, even one whose source constructs a ClientRequest (nock-style)', async () => {
    const seen: (string | undefined)[] = []
    const server = createHttpServer((request, response) => {
      seen.push(request.headers.connection)
      request.resume()
      request.on('end', () => response.end('ok'))
    })
    const url = await listen(server)
    const own = nodeHttp.request
    const http = createSocketHttp()
    await post(http, url, 'a')
    let replacedCalls = 0
    // Reads like Node's own (`new ClientRequest`), which fooled a check of the function's source text.
    nodeHttp.request = function request(...args: unknown[]) {
      replacedCalls++
      return new ClientRequest(...(args as [string]))
    } as typeof nodeHttp.request
    try {
      await post(http, url, 'b')
    } finally {
      nodeHttp.request = own
    }
    await post(http, url, 'c')
    // node:http's keep-alive agent says `connection: keep-alive`; the socket transport says nothing.
    expect(seen).toEqual([undefined, 'keep-alive', undefined])
    expect(replacedCalls).toBe(1)
  })

  it('leaves requests to node:http while http.request is a shimmer wrapper (`__wrapped`), as APM agents install before the SDK loads', async () => {
    const seen: (string | undefined)[] = []
    const server = createHttpServer((request, response) => {
      seen.push(request.headers.connection)
      request.resume()
      request.on('end', () => response.end('ok'))
    })
    const url = await listen(server)
    const own = nodeHttp.request
    const wrapped = Object.assign((...args: Parameters<typeof own>) => own(...args), { __wrapped: true, __original: own })
    nodeHttp.request = wrapped as unknown as typeof own
    try {
      // Taken as "own" (as when the agent was preloaded), yet recognised by its marker.
      await post(createSocketHttp({ http: wrapped, https: undefined }), url, 'a')
    } finally {
      nodeHttp.request = own
    }
    expect(seen).toEqual(['keep-alive'])
  })

  it('goes through node:http, where msw sees it, while msw patches http.request; back to sockets after', async () => {
    const { url } = await echoServer(() => undefined)
    const served = await echoServer((body, respond) => respond(`socket:${body}`))
    const msw = setupServer(mswHttp.post(url, async ({ request }) => MswResponse.text(`msw:${await request.text()}`)))
    const http = createSocketHttp()
    msw.listen({ onUnhandledRequest: 'bypass' })
    try {
      expect((await post(http, url, 'a')).body).toBe('msw:a')
    } finally {
      msw.close()
    }
    expect((await post(http, served.url, 'b')).body).toBe('socket:b')
  })
})
