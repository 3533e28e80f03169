import { afterEach, describe, expect, it, vi } from 'vitest'
import { isChainxError } from '../../src/errors/ChainxError.js'

// Every lazy chunk goes through the one loader (src/utils/lazyChunk.ts): a failed import is
// CHUNK_LOAD_FAILED, and the next call imports again. Each module below fails its first import
// (vi.doMock with a factory that throws once, as a browser offline would), then loads.

/** Makes `path` fail its first import, then load for real; returns how many imports ran. */
function failFirstImport(path: string): { imports: number } {
  const counter = { imports: 0 }
  vi.doMock(path, async (importOriginal) => {
    counter.imports++
    if (counter.imports === 1) throw new TypeError('Failed to fetch dynamically imported module')
    return importOriginal()
  })
  return counter
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

function expectChunkLoadFailed(error: unknown, chunk: string) {
  expect(isChainxError(error, 'CHUNK_LOAD_FAILED')).toBe(true)
  expect(error).toMatchObject({ chunk, message: expect.stringMatching(/the next call tries again$/) })
}

const jsonResponse = () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'ok' }), { status: 200 })

describe('every lazy chunk is loaded by lazyChunk: CHUNK_LOAD_FAILED, then retried by the next call', () => {
  afterEach(() => {
    vi.doUnmock('../../src/transport/failover/index.js')
    vi.doUnmock('isomorphic-ws')
    vi.doUnmock('../../src/transport/telemetry/createTelemetry.js')
    vi.doUnmock('../../src/transactions/createTransactionSubscriptionClient.js')
    vi.resetModules()
  })

  it('failover (client.endpoints() and calls over several endpoints share it)', async () => {
    const counter = failFirstImport('../../src/transport/failover/index.js')
    vi.resetModules()
    const { ChainxClient } = await import('../../src/client.js')
    const client = new ChainxClient({ graphqlUrl: ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'] })
    expectChunkLoadFailed(await failure(client.endpoints()), 'failover')
    const states = await client.endpoints()
    expect(states.map((state) => state.url)).toEqual(['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'])
    expect(counter.imports).toBe(2)
    await client.close()
  })

  it('ws through isomorphic-ws (the WebSocket of subscriptions in Node): the error names the package', async () => {
    const counter = failFirstImport('isomorphic-ws')
    vi.resetModules()
    const { loadWebSocket } = await import('../../src/subscription/loadWebSocket.js')
    const error = await failure(loadWebSocket())
    expectChunkLoadFailed(error, 'isomorphic-ws')
    expect((error as Error).message).toMatch(
      /^Could not load the package ws \(through isomorphic-ws\).*install ws or pass subscriptions\.WebSocket/,
    )
    expect(typeof (await loadWebSocket())).toBe('function')
    expect(counter.imports).toBe(2)
  })

  it('createTelemetry (with @opentelemetry/api present): the request fails with it, the next one is traced', async () => {
    const counter = failFirstImport('../../src/transport/telemetry/createTelemetry.js')
    vi.resetModules()
    const api = await import('@opentelemetry/api')
    const { loadTelemetry } = await import('../../src/transport/telemetry/loadTelemetry.js')
    expectChunkLoadFailed(await failure(loadTelemetry({ api })), 'createTelemetry')
    expect(await loadTelemetry({ api })).toMatchObject({ call: expect.any(Function) })
    expect(counter.imports).toBe(2)
  })

  it('createTelemetry through the transport: the first request is CHUNK_LOAD_FAILED before sending, the next is sent', async () => {
    const counter = failFirstImport('../../src/transport/telemetry/createTelemetry.js')
    vi.resetModules()
    const api = await import('@opentelemetry/api')
    const { createTransport } = await import('../../src/transport/createTransport.js')
    const fetch = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(jsonResponse()))
    const transport = createTransport({ fetch, telemetry: { api } })
    const request = { url: 'http://127.0.0.1:1/json-rpc', body: '{}', parse: (response: { status: number }) => response.status }
    expectChunkLoadFailed(await failure(transport.request(request)), 'createTelemetry')
    expect(fetch).not.toHaveBeenCalled()
    expect(await transport.request(request)).toBe(200)
    expect(counter.imports).toBe(2)
  })

  it('the JSON-RPC chunk (reads and subscriptions): the next subscribe imports it again', async () => {
    const counter = failFirstImport('../../src/resources/jsonRpcChunk.js')
    vi.resetModules()
    const { ChainxClient } = await import('../../src/client.js')
    const client = new ChainxClient({
      wsUrl: 'ws://127.0.0.1:1',
      subscriptions: { reconnect: false, connectTimeoutMs: 2_000, backfill: false },
    })
    const subscribe = () => client.transactions.subscribe({ filter: null, onTransaction: () => undefined, onError: () => undefined })
    expectChunkLoadFailed(await failure(subscribe()), 'jsonRpc')
    // Loaded this time: the subscribe goes on to the socket (nothing listens on port 1).
    const second = await failure(subscribe())
    expect(isChainxError(second)).toBe(true)
    expect(isChainxError(second, 'CHUNK_LOAD_FAILED')).toBe(false)
    expect(counter.imports).toBe(2)
    await client.close()
  })
})
