import { bcs } from '@mysten/bcs'
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/query-core'
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { createQueryOptions } from '../../src/query/index.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import type { ExecutionStatus, TransactionBlockResponse } from '../../src/transactions/types.js'
import { expectCancelAbortsOnWire, expectPollingStopped, until, useRecordingMockNetwork } from './queryNetworkFixture.js'
import { complete } from '../helpers/completeTransaction.js'

// q.transactions with @tanstack/query-core's QueryClient, over real sockets against the mock network.
const net = useRecordingMockNetwork({ events: 60, seed: 7 })
const { received } = net
let mock: RunningMockNetwork
let client: ChainxClient

beforeAll(() => {
  ;({ mock, client } = net)
})

const rpcBodies = () => received.filter((request) => request.url.includes('json-rpc')).map((request) => request.body)

describe('q.transactions over the mock network', () => {
  it('fetchQuery(q.transactions.query) returns what client.transactions.query does, typed by options', async () => {
    const q = createQueryOptions(client)
    const input = { filter: null, options: { showEffects: true }, pageSize: 7, direction: 'backward' } as const
    const viaQuery = await new QueryClient().fetchQuery(q.transactions.query(input))
    const direct = await client.transactions.query(input)
    expect(viaQuery).toEqual(direct)
    expect(viaQuery.items).toHaveLength(7)
    expect(complete(viaQuery.items[0]).effects.status.status).toBe('success')
    expectTypeOf(complete(viaQuery.items[0]).effects.status).toEqualTypeOf<ExecutionStatus>()
    expect(JSON.parse(JSON.stringify(viaQuery))).toEqual(viaQuery)
  })

  it('an infinite query walks every transaction once, in order, with fetchNextPage, each page asked with the digest cursor', async () => {
    const q = createQueryOptions(client)
    const observer = new InfiniteQueryObserver(new QueryClient(), q.transactions.infinite({ pageSize: 9, options: { showEffects: true } }))
    const unsubscribe = observer.subscribe(() => {})
    try {
      await until(() => observer.getCurrentResult().status === 'success', 'the first page')
      for (let pages = 1; observer.getCurrentResult().hasNextPage; pages++) {
        expect(pages).toBeLessThan(50)
        await observer.fetchNextPage()
      }
      const { data, status } = observer.getCurrentResult()
      expect(status).toBe('success')
      const walked = data!.pages.flatMap((page) => page.items)
      expectTypeOf(walked).toEqualTypeOf<TransactionBlockResponse<{ readonly showEffects: true }>[]>()
      const expected = await client.transactions.iterate({ options: { showEffects: true } }).toArray({ maxItems: 10_000 })
      expect(expected.length).toBeGreaterThan(9)
      expect(walked).toEqual(expected)
      expect(new Set(walked.map((tx) => tx.digest)).size).toBe(walked.length)
      expect(data!.pageParams[0]).toBeNull()
      data!.pages.slice(0, -1).forEach((page, index) => expect(data!.pageParams[index + 1]).toBe(page.items.at(-1)!.digest))
    } finally {
      unsubscribe()
    }
  })

  it('cancelQueries aborts the request on the wire: the server sees the connection close before its response', async () => {
    const q = createQueryOptions(client)
    await expectCancelAbortsOnWire(net, new QueryClient(), q.transactions.query({ pageSize: 3 }), 'rpc', 'chainx_queryTransactionBlocks')
  })

  it('keys: plain, infinite and live differ; equal inputs in any key order give equal keys; options are part of the key', async () => {
    const q = createQueryOptions(client)
    const other = createQueryOptions(new ChainxClient({ rpcUrl: mock.rpcUrl }))
    const filter = { FromAddress: '0xa11ce' }
    const keys = [
      q.transactions.query({ filter }).queryKey,
      q.transactions.infinite({ filter }).queryKey,
      q.transactions.live({ filter }).queryKey,
      q.events.query({ filter: { Sender: '0xa11ce' } }).queryKey,
    ]
    expect(new Set(keys.map((key) => JSON.stringify(key))).size).toBe(keys.length)
    expect(keys.slice(0, 3).map((key) => key.slice(2, 4))).toEqual([
      ['transactions', 'query'],
      ['transactions', 'infinite'],
      ['transactions', 'live'],
    ])
    for (const key of keys) expect(key[1]).toBe(mock.rpcUrl)
    expect(q.transactions.query({ filter, pageSize: 5, options: { showEffects: true } }).queryKey).toEqual(
      other.transactions.query({ options: { showEffects: true }, pageSize: 5, filter }).queryKey,
    )
    expect(q.transactions.query({ filter, options: { showEvents: true } }).queryKey).not.toEqual(q.transactions.query({ filter }).queryKey)
    await expect(new QueryClient().fetchQuery(q.transactions.live({ maxItems: 0 }))).rejects.toThrow(/maxItems must be a positive integer/)
    await expect(new QueryClient().fetchInfiniteQuery(q.transactions.infinite({ direction: 'sideways' as never }))).rejects.toThrow(
      /direction/,
    )
  })

  it('q.transactions.live grows as transactions.watch delivers, and stops polling when no longer observed', async () => {
    const q = createQueryOptions(client)
    const observer = new QueryObserver(new QueryClient(), q.transactions.live({ intervalMs: 20 }))
    const callsBefore = rpcBodies().length
    const unsubscribe = observer.subscribe(() => {})
    let stopped = false
    try {
      await until(() => observer.getCurrentResult().status === 'success', 'the live query to start')
      expect(observer.getCurrentResult().data).toEqual([])
      await until(() => rpcBodies().length >= callsBefore + 2, 'the watcher to poll twice')
      const sender = mock.network.ledger.events[0]!.sender
      const ticker = mock.network.publish({ module: 'ticker', events: { Ticked: { n: bcs.u64() } } })
      const sent = [1n, 2n].map((n) =>
        mock.network.execute({ sender, package: ticker.package, module: 'ticker', emit: [{ struct: 'Ticked', fields: { n } }] }),
      )
      const digests = () => (observer.getCurrentResult().data ?? []).map((tx) => tx.digest)
      await until(() => sent.every((tx) => digests().includes(tx.digest)), 'the new transactions in the live data')
      expect(digests()).toEqual(sent.map((tx) => tx.digest)) // only what landed after it started, once each
      unsubscribe()
      stopped = true
      await expectPollingStopped(net, 20)
    } finally {
      if (!stopped) unsubscribe()
    }
  })
})
