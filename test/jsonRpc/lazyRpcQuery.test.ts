import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { connectQueryEvents } from '../../src/events/connectQueryEvents.js'
import type { QueryEventsFn } from '../../src/events/types.js'
import { lazyRpcQuery } from '../../src/jsonRpc/lazyRpcQuery.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { createTransport } from '../../src/transport/createTransport.js'

let network: RunningMockNetwork
beforeAll(async () => {
  network = await startMockNetwork({ events: 20, seed: 7 })
})
afterAll(() => network.close())

describe('lazyRpcQuery: client.events.query and client.transactions.query load their code with the first read', () => {
  it('a failed chunk load is CHUNK_LOAD_FAILED naming the chunk, and the next call loads it again and reads over a real socket', async () => {
    let loads = 0
    const { query, available } = lazyRpcQuery<QueryEventsFn>({
      area: 'client.events',
      chunk: 'connectQueryEvents',
      rpcUrl: network.rpcUrl,
      transport: createTransport(),
      load: async () => {
        loads++
        if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return connectQueryEvents
      },
    })
    expect(available).toBe(true)
    const failed = await query({ filter: { All: [] } }).catch((error: unknown) => error)
    expect(isChainxError(failed, 'CHUNK_LOAD_FAILED')).toBe(true)
    expect(failed).toMatchObject({ chunk: 'connectQueryEvents', cause: expect.any(TypeError) })
    const page = await query({ filter: { All: [] }, pageSize: 3 })
    expect(page.items).toHaveLength(3)
    // One page shape, the service's names beside it.
    expect(page).toMatchObject({ data: page.items, hasNextPage: page.hasMore, nextCursor: page.cursor })
    expect(page.cursor).toEqual(page.items[2]?.id)
    await query({ filter: { All: [] }, pageSize: 1 })
    expect(loads).toBe(2)
  })

  it('without rpcUrl, after close, or with bad parameters, the call rejects with a typed error before anything is sent', async () => {
    let loads = 0
    const load = async () => (loads++, connectQueryEvents)
    const missing = lazyRpcQuery<QueryEventsFn>({
      area: 'client.events',
      chunk: 'c',
      rpcUrl: { kind: 'rpc', urls: [] },
      transport: createTransport(),
      load,
    })
    expect(missing.available).toBe(false)
    await expect(missing.query({ filter: { All: [] } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('client.events needs rpcUrl'),
    })
    const closed = AbortSignal.abort()
    const shut = lazyRpcQuery<QueryEventsFn>({
      area: 'client.events',
      chunk: 'c',
      rpcUrl: network.rpcUrl,
      transport: createTransport(),
      closed,
      load,
    })
    await expect(shut.query({ filter: { All: [] } })).rejects.toMatchObject({ code: 'CLIENT_CLOSED' })
    expect(loads).toBe(0)
    let requests = 0
    const transport = createTransport({ onRequest: () => void requests++ })
    const open = lazyRpcQuery<QueryEventsFn>({ area: 'client.events', chunk: 'c', rpcUrl: network.rpcUrl, transport, load })
    await expect(open.query({ filter: { Sender: 'not an address' } })).rejects.toMatchObject({ code: 'INVALID_FILTER' })
    expect(requests).toBe(0)
    await open.query({ filter: { All: [] }, pageSize: 1 })
    expect(requests).toBe(1)
  })
})
