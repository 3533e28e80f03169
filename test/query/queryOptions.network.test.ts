import { bcs } from '@mysten/bcs'
import { dehydrate, hydrate, InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/query-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { ChainxError } from '../../src/errors/ChainxError.js'
import { FirstAndLastError } from '../../src/errors/graphql.js'
import { EpochDocument, EventsDocument } from '../../src/graphql/generated/operations.js'
import type { ChainxEvent } from '../../src/events/types.js'
import { createQueryOptions } from '../../src/query/index.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { expectCancelAbortsOnWire, expectPollingStopped, until, useRecordingMockNetwork } from './queryNetworkFixture.js'

// chainx-sdk/query with @tanstack/query-core's QueryClient, over real sockets against the mock network.
const net = useRecordingMockNetwork({ events: 137, seed: 11 })
/** What the mock network received, server side: endpoint path and body of every HTTP request. */
const { received } = net
let mock: RunningMockNetwork
let client: ChainxClient

beforeAll(() => {
  ;({ mock, client } = net)
})

/** Subscribes to an infinite query and fetches its next page while it has one (at most 20 pages); the pages' items. */
async function walkAllPages<TItem>(observer: {
  subscribe(listener: () => void): () => void
  getCurrentResult(): { status: string; hasNextPage: boolean; data: { pages: { items: TItem[] }[] } | undefined }
  fetchNextPage(): Promise<unknown>
}): Promise<TItem[]> {
  const unsubscribe = observer.subscribe(() => {})
  try {
    await until(() => observer.getCurrentResult().status === 'success', 'the first page')
    for (let pages = 1; observer.getCurrentResult().hasNextPage; pages++) {
      expect(pages).toBeLessThan(20)
      await observer.fetchNextPage()
    }
    expect(observer.getCurrentResult().status).toBe('success')
    return observer.getCurrentResult().data!.pages.flatMap((page) => page.items)
  } finally {
    unsubscribe()
  }
}

describe('chainx-sdk/query over the mock network', () => {
  it('fetchQuery(q.graphql.epoch()) returns what client.graphql.epoch() does, as does q.query(EpochDocument) under the same key', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient()
    const viaQuery = await queryClient.fetchQuery(q.graphql.epoch())
    const direct = await client.graphql.epoch()
    expect(viaQuery).toEqual(direct.data)
    expect(viaQuery.epoch?.referenceGasPrice).toBeTruthy()
    expect(q.query(EpochDocument).queryKey).toEqual(q.graphql.epoch().queryKey)
    expect(queryClient.getQueryData(q.query(EpochDocument, {}).queryKey)).toEqual(direct.data)
  })

  it('every generated operation has an option builder (derived from the generated table)', () => {
    const q = createQueryOptions(client)
    expect(Object.keys(q.graphql).sort()).toEqual(
      Object.keys(client.graphql)
        .filter((name) => !['query', 'limits'].includes(name))
        .sort(),
    )
  })

  it('an infinite query over EventsDocument walks every event once, in order, with fetchNextPage', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient()
    const observer = new InfiniteQueryObserver(queryClient, q.paginate(EventsDocument, {}, { pageSize: 20 }))
    {
      const walked = await walkAllPages(observer)
      const result = observer.getCurrentResult()
      const expected = await client.paginate(EventsDocument, {}, { pageSize: 50 }).toArray({ maxItems: 10_000 })
      expect(expected).toHaveLength(137)
      expect(walked).toEqual(expected)
      expect(result.data!.pages).toHaveLength(7)
      expect(result.data!.pageParams[0]).toBeNull()
      // Each page after the first was asked with the cursor the previous page ended on.
      result.data!.pages.slice(0, -1).forEach((page, index) => expect(result.data!.pageParams[index + 1]).toBe(page.cursor))
    }
  })

  it('P5: an infinite query never sends first with last (the variables setting last are refused before sending)', async () => {
    const q = createQueryOptions(client)
    const before = received.length
    const options = q.paginate(EventsDocument, { last: 3 } as never, { pageSize: 5 })
    await expect(new QueryClient().fetchInfiniteQuery(options)).rejects.toBeInstanceOf(FirstAndLastError)
    expect(received.slice(before).filter((request) => request.body.includes('query Events'))).toEqual([])
  })

  it('a backward infinite query pages newest first over last/before only', async () => {
    const q = createQueryOptions(client)
    const before = received.length
    const data = await new QueryClient().fetchInfiniteQuery({
      ...q.paginate(EventsDocument, {}, { pageSize: 30, direction: 'backward' }),
      pages: 2,
    })
    const expected = await client
      .paginate(EventsDocument, {}, { pageSize: 30, direction: 'backward', maxItems: 60 })
      .toArray({ maxItems: 10_000 })
    expect(data.pages.flatMap((page) => page.items)).toEqual(expected)
    const sent = received
      .slice(before)
      .filter((request) => request.body.includes('query Events'))
      .map((request) => JSON.parse(request.body).variables)
    expect(sent.length).toBeGreaterThanOrEqual(2)
    for (const variables of sent) expect(variables.first ?? null).toBeNull()
  })

  it('q.events.infinite walks every JSON-RPC event once, following the event cursor', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient()
    const walked = await walkAllPages<ChainxEvent>(
      new InfiniteQueryObserver(queryClient, q.events.infinite({ filter: { All: [] }, pageSize: 25 })),
    )
    const ids = walked.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)
    expect(new Set(ids).size).toBe(ids.length)
    expect(walked).toEqual(await client.events.iterate({ filter: { All: [] } }).toArray({ maxItems: 10_000 }))
  })

  it('cancelQueries aborts the request on the wire: the server sees the connection close before its response', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient()
    await queryClient.fetchQuery(q.graphql.serviceConfig()) // the limits are known; the next request is the query itself
    await expectCancelAbortsOnWire(net, queryClient, q.graphql.epoch({ id: 0 }), 'graphql', 'query Epoch')
  })

  it('keys: JSON, equal for equal inputs in any key order and across clients on one endpoint, different otherwise', () => {
    const q = createQueryOptions(client)
    const other = createQueryOptions(new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl }))
    const elsewhere = createQueryOptions(
      new ChainxClient({ graphqlUrl: 'http://127.0.0.1:1/graphql', rpcUrl: 'http://127.0.0.1:1/json-rpc' }),
    )
    const key = q.graphql.events({ first: 5, filter: { sender: '0x1', eventType: '0x2::m::E' } }).queryKey
    expect(key[0]).toBe('chainx')
    expect(key[1]).toBe(mock.graphqlUrl)
    expect(JSON.parse(JSON.stringify(key))).toEqual(key)
    expect(other.graphql.events({ filter: { eventType: '0x2::m::E', sender: '0x1' }, first: 5 }).queryKey).toEqual(key)
    expect(JSON.stringify(other.graphql.events({ filter: { eventType: '0x2::m::E', sender: '0x1' }, first: 5 }).queryKey)).toBe(
      JSON.stringify(key),
    )
    expect(elsewhere.graphql.events({ first: 5, filter: { sender: '0x1', eventType: '0x2::m::E' } }).queryKey).not.toEqual(key)
    expect(q.graphql.events({ first: 6, filter: { sender: '0x1', eventType: '0x2::m::E' } }).queryKey).not.toEqual(key)
    expect(q.graphql.epoch({ id: undefined }).queryKey).toEqual(q.graphql.epoch().queryKey)

    const filter = { Sender: '0xa11ce' }
    const kinds = [
      q.events.query({ filter }).queryKey,
      q.events.infinite({ filter }).queryKey,
      q.events.live({ filter }).queryKey,
      q.graphql.events({ filter: { sender: '0xa11ce' } }).queryKey,
      q.paginate(EventsDocument, { filter: { sender: '0xa11ce' } }).queryKey,
    ]
    expect(new Set(kinds.map((k) => JSON.stringify(k))).size).toBe(kinds.length)
    expect(q.events.query({ filter, pageSize: 5, direction: 'backward' }).queryKey).toEqual(
      other.events.query({ direction: 'backward', pageSize: 5, filter }).queryKey,
    )
  })

  it('keys carry no credential of the endpoint URL, and refuse what JSON cannot carry', async () => {
    const secret = createQueryOptions(new ChainxClient({ graphqlUrl: 'https://me:pw@rpc.example/graphql?apiKey=s3cret' }))
    const text = JSON.stringify(secret.graphql.epoch().queryKey)
    expect(text).not.toContain('pw')
    expect(text).not.toContain('s3cret')
    const q = createQueryOptions(client)
    const options = q.graphql.epoch({ id: 1n as never }) // building never throws: the query fails
    await expect(new QueryClient().fetchQuery(options)).rejects.toBeInstanceOf(ChainxError)
    await expect(new QueryClient().fetchQuery(options)).rejects.toThrow(/input\.variables\.id: a bigint/)
  })

  it('dehydrate then hydrate (through JSON, as server-side rendering sends it) gives equal data', async () => {
    const q = createQueryOptions(client)
    const server = new QueryClient()
    const epoch = await server.fetchQuery(q.graphql.epoch())
    const page = await server.fetchQuery(q.events.query({ filter: { All: [] }, pageSize: 4 }))
    const infinite = await server.fetchInfiniteQuery({ ...q.paginate(EventsDocument, {}, { pageSize: 10 }), pages: 2 })
    const state = JSON.parse(JSON.stringify(dehydrate(server)))
    const browser = new QueryClient()
    hydrate(browser, state)
    const inBrowser = createQueryOptions(new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl }))
    expect(browser.getQueryData(inBrowser.graphql.epoch().queryKey)).toEqual(epoch)
    expect(browser.getQueryData(inBrowser.events.query({ pageSize: 4, filter: { All: [] } }).queryKey)).toEqual(page)
    expect(browser.getQueryData(inBrowser.paginate(EventsDocument, {}, { pageSize: 10 }).queryKey)).toEqual(infinite)
    expect(infinite.pages.flatMap((p) => p.items)).toHaveLength(20)
  })

  it('q.events.live grows as events.watch delivers, and stops polling when no longer observed', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient()
    const options = q.events.live({ filter: { All: [] }, intervalMs: 20 })
    const observer = new QueryObserver(queryClient, options)
    const rpcCalls = () => received.filter((request) => request.url.includes('json-rpc')).length
    const callsBefore = rpcCalls()
    const unsubscribe = observer.subscribe(() => {})
    let stopped = false
    try {
      await until(() => observer.getCurrentResult().status === 'success', 'the live query to start')
      expect(observer.getCurrentResult().data).toEqual([])
      // 'latest' is where the chain stood at the first poll: emit once a second poll shows the first done.
      await until(() => rpcCalls() >= callsBefore + 2, 'the watcher to poll twice')
      const sender = mock.network.ledger.events[0]!.sender
      const pinger = mock.network.publish({ module: 'pinger', events: { Pinged: { n: bcs.u64() } } })
      const emit = (n: bigint) =>
        mock.network.execute({ sender, package: pinger.package, module: 'pinger', emit: [{ struct: 'Pinged', fields: { n } }] })
      const emitted = [emit(1n), emit(2n)]
      const digests = () => (observer.getCurrentResult().data ?? []).map((event: ChainxEvent) => event.id.txDigest)
      await until(() => emitted.every((tx) => digests().includes(tx.digest)), 'the emitted events in the live data')
      expect(digests()).toEqual(emitted.map((tx) => tx.digest)) // only what came after it started, once each
      expect(observer.getCurrentResult().fetchStatus).toBe('fetching')
      unsubscribe()
      stopped = true
      await expectPollingStopped(net, 20)
    } finally {
      if (!stopped) unsubscribe()
    }
  })

  it('q.events.live restarts when observed again at once (React StrictMode mounts twice), even under a long default staleTime', async () => {
    const q = createQueryOptions(client)
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    const options = q.events.live({ filter: { All: [] }, intervalMs: 20 })
    const rpcCalls = () => received.filter((request) => request.url.includes('json-rpc')).length
    const first = new QueryObserver(queryClient, options)
    first.subscribe(() => {})()
    const observer = new QueryObserver(queryClient, options)
    const callsBefore = rpcCalls()
    const unsubscribe = observer.subscribe(() => {})
    try {
      await until(() => rpcCalls() >= callsBefore + 2, 'the restarted watcher to poll twice')
      const sender = mock.network.ledger.events[0]!.sender
      const pinger = mock.network.publish({ module: 'pinger2', events: { Pinged: { n: bcs.u64() } } })
      const tx = mock.network.execute({
        sender,
        package: pinger.package,
        module: 'pinger2',
        emit: [{ struct: 'Pinged', fields: { n: 1n } }],
      })
      await until(
        () => (observer.getCurrentResult().data ?? []).some((event: ChainxEvent) => event.id.txDigest === tx.digest),
        'the event in the live data',
      )
    } finally {
      unsubscribe()
    }
  })
})
