import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { getEventListeners } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFetchHttp } from '../../src/transport/fetchHttp.js'
import { listenLocal, type LocalServer } from '../helpers/listenLocal.js'

// The fetch transport over a real socket: how it reads bodies (one chunk, several, none), how
// it enforces maxResponseBytes, the time limit and the caller's signal, and that each of
// those closes the connection.
let server: Server
let local: LocalServer
let base: string
let answer: (response: ServerResponse) => void = (response) => response.end('{}')
/** Resolves when the connection of the next request closes. */
let closed: Promise<void> = Promise.resolve()

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume()
    request.on('end', () => answer(response))
  })
  local = await listenLocal(server)
  base = `${local.origin}/graphql`
})
afterAll(() => local.close())

function nextConnectionCloses() {
  closed = new Promise<void>((resolve) =>
    server.once('request', (request: IncomingMessage) => request.socket.once('close', () => resolve())),
  )
}

const http = createFetchHttp((input, init) => fetch(input, init))
const post = (options: { timeoutMs?: number; signal?: AbortSignal; maxResponseBytes?: number } = {}) =>
  http({ url: base, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 0, maxResponseBytes: 1 << 20, ...options })
const failure = (run: Promise<unknown>) =>
  run.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('fetch transport', () => {
  it('decodes a body sent in several chunks, a character split between two of them included', async () => {
    const text = JSON.stringify({ note: 'é'.repeat(40_000), end: '𝄞' })
    const bytes = Buffer.from(text)
    answer = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0' })
      // 'é' is two bytes: an odd cut falls inside one; the writes are spaced so they arrive apart.
      response.write(bytes.subarray(0, 10_001))
      setTimeout(() => {
        response.write(bytes.subarray(10_001, 50_001))
        setTimeout(() => response.end(bytes.subarray(50_001)), 5)
      }, 5)
    }
    const response = await post()
    expect(response).toMatchObject({ status: 200, body: text, headers: { 'x-chain-rpc-version': '2025.3.0' } })
  })

  it('reads a body sent in one write, with or without Content-Length, and an empty one', async () => {
    const text = JSON.stringify({ data: { note: 'ü'.repeat(100) } })
    for (const headers of [{}, { 'content-length': String(Buffer.byteLength(text)) }]) {
      answer = (response) => response.writeHead(200, headers).end(text)
      expect((await post()).body).toBe(text)
    }
    answer = (response) => response.writeHead(204).end()
    expect(await post()).toMatchObject({ status: 204, body: '' })
  })

  it('a body over maxResponseBytes is RESPONSE_TOO_LARGE and its connection closed: declared, or counted as it streams', async () => {
    // Declared, then stalled: only closing the connection ends it.
    answer = (response) => response.writeHead(200, { 'content-length': String(2048) }).write('x'.repeat(600))
    nextConnectionCloses()
    expect(await failure(post({ maxResponseBytes: 1024 }))).toMatchObject({ code: 'RESPONSE_TOO_LARGE', limit: 1024, received: 2048 })
    await closed
    answer = (response) => {
      response.writeHead(200)
      // Never ends: only the limit stops the read.
      response.write('x'.repeat(600))
      setTimeout(() => response.write('x'.repeat(600)), 5)
    }
    nextConnectionCloses()
    expect(await failure(post({ maxResponseBytes: 1024 }))).toMatchObject({ code: 'RESPONSE_TOO_LARGE', limit: 1024, received: 1200 })
    await closed
  })

  it('the time limit is TIMEOUT with timeoutMs, before the headers or halfway through the body, the connection closed', async () => {
    for (const stall of [() => undefined, (response: ServerResponse) => response.writeHead(200).write('{"data":')]) {
      answer = stall
      nextConnectionCloses()
      expect(await failure(post({ timeoutMs: 40 }))).toMatchObject({ code: 'TIMEOUT', timeoutMs: 40, retryable: true })
      await closed
    }
  })

  it("the caller's signal is ABORTED (TIMEOUT for AbortSignal.timeout), with or without a time limit, the connection closed", async () => {
    answer = () => undefined
    for (const timeoutMs of [0, 10_000]) {
      const controller = new AbortController()
      nextConnectionCloses()
      const pending = failure(post({ timeoutMs, signal: controller.signal }))
      setTimeout(() => controller.abort(), 20)
      expect(await pending).toMatchObject({ code: 'ABORTED', retryable: false })
      await closed
      nextConnectionCloses()
      const timedOut = await failure(post({ timeoutMs, signal: AbortSignal.timeout(20) }))
      expect(timedOut).toMatchObject({ code: 'TIMEOUT', timeoutMs: undefined, retryable: false })
      await closed
    }
    const aborted = AbortSignal.abort()
    expect(await failure(post({ timeoutMs: 10_000, signal: aborted }))).toMatchObject({ code: 'ABORTED' })
  })
  it("a caller's signal shared by 20 requests in flight carries one listener, with or without a time limit, and none once they settled", async () => {
    answer = (response) => setTimeout(() => response.end('{}'), 30)
    for (const timeoutMs of [0, 10_000]) {
      const controller = new AbortController()
      const calls = Array.from({ length: 20 }, () => post({ timeoutMs, signal: controller.signal }))
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
      await Promise.all(calls)
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    }
  })
})
