import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { createTransport, type TransportOptions } from '../../src/transport/createTransport.js'
import { isNodeRuntime } from '../../src/utils/isNodeRuntime.js'
import { listenLocal, type LocalServer } from '../helpers/listenLocal.js'

// Which HTTP stack sent a request is visible on the wire: Node's fetch (undici) adds the
// fetch metadata header `sec-fetch-mode`, node:http's keep-alive agent `connection: keep-alive`.
let server: Server
let local: LocalServer
let url: string
const seen: IncomingHttpHeaders[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers)
    request.resume()
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
  })
  local = await listenLocal(server)
  url = `${local.origin}/graphql`
})
afterAll(() => local.close())
afterEach(() => {
  vi.unstubAllGlobals()
  seen.length = 0
})

async function stackUsed(options: TransportOptions): Promise<'fetch' | 'node:http' | 'other'> {
  const transport = createTransport({ retry: false, ...options })
  await transport.request({ url, body: '{}', parse: (response) => response.status })
  const headers = seen.at(-1)
  expect(headers?.['content-type']).toBe('application/json')
  if (headers?.['sec-fetch-mode'] !== undefined) return 'fetch'
  return headers?.connection === 'keep-alive' ? 'node:http' : 'other'
}

describe('isNodeRuntime', () => {
  it('is true in Node.js, with or without navigator.userAgent (Node 21+ answers Node.js/<major>)', () => {
    expect(isNodeRuntime()).toBe(true)
    vi.stubGlobal('navigator', { userAgent: 'Node.js/22' })
    expect(isNodeRuntime()).toBe(true)
  })

  it.each([
    ['Bun', 'Bun', { version: '1.4.5' }],
    ['Deno', 'Deno', { version: { deno: '2.9.6' } }],
    ['a browser page', 'window', {}],
    ['Vercel Edge', 'EdgeRuntime', 'edge-runtime'],
    ['Cloudflare Workers (nodejs_compat)', 'navigator', { userAgent: 'Cloudflare-Workers' }],
    ['a runtime naming itself in navigator.userAgent', 'navigator', { userAgent: 'Bun/1.4.5' }],
  ])('is false in %s, though process.versions.node is set', (_, name, value) => {
    vi.stubGlobal(name, value)
    expect(typeof process.versions.node).toBe('string')
    expect(isNodeRuntime()).toBe(false)
  })
})

describe('the transport option', () => {
  it("G1: 'auto' (the default) posts over node:http keep-alive in Node.js", async () => {
    expect(await stackUsed({})).toBe('node:http')
    expect(await stackUsed({ transport: 'auto' })).toBe('node:http')
  })

  it("G1: 'auto' posts over the global fetch where process.versions.node is only a compatibility answer (Bun, Deno, Workers)", async () => {
    vi.stubGlobal('Bun', { version: '1.4.5' })
    expect(await stackUsed({})).toBe('fetch')
    vi.unstubAllGlobals()
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' })
    expect(await stackUsed({})).toBe('fetch')
  })

  it("G1: 'fetch' and 'node-http' force a stack whatever the runtime", async () => {
    expect(await stackUsed({ transport: 'fetch' })).toBe('fetch')
    expect(await stackUsed({ transport: 'node-http' })).toBe('node:http')
    vi.stubGlobal('Deno', { version: { deno: '2.9.6' } })
    expect(await stackUsed({ transport: 'fetch' })).toBe('fetch')
    expect(await stackUsed({ transport: 'node-http' })).toBe('node:http')
  })

  it("an injected fetch is used with 'auto' and 'fetch'", async () => {
    let calls = 0
    const fetch = (input: string, init: RequestInit) => (calls++, globalThis.fetch(input, init))
    expect(await stackUsed({ fetch })).toBe('fetch')
    expect(await stackUsed({ transport: 'fetch', fetch })).toBe('fetch')
    expect(calls).toBe(2)
  })

  it("an unknown transport (the removed 'node' included), or 'node-http' with a fetch, is INVALID_ARGUMENT when the client is created", () => {
    const bad = [{ transport: 'xhr' }, { transport: 'node' }, { transport: 'node-http', fetch: globalThis.fetch }] as const
    for (const options of bad) {
      let error: unknown
      try {
        new ChainxClient({ graphqlUrl: url, ...(options as object) })
      } catch (caught) {
        error = caught
      }
      expect(isChainxError(error, 'INVALID_ARGUMENT')).toBe(true)
    }
  })

  it("'fetch' in a runtime without a global fetch is INVALID_ARGUMENT, sent nowhere and not retried", async () => {
    vi.stubGlobal('fetch', undefined)
    const transport = createTransport({ transport: 'fetch', retry: { retries: 3, baseDelayMs: 1 } })
    const error = await transport.request({ url, body: '{}', parse: (response) => response.status }).catch((caught: unknown) => caught)
    expect(isChainxError(error, 'INVALID_ARGUMENT')).toBe(true)
    expect(seen).toHaveLength(0)
  })
})
