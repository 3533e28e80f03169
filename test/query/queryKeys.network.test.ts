import { dehydrate, hydrate, QueryClient, QueryObserver, type DehydratedState } from '@tanstack/query-core'
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { ChainxError } from '../../src/errors/ChainxError.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { EpochDocument, EventsDocument } from '../../src/graphql/generated/operations.js'
import { chainxKeys, createQueryOptions, type ChainxQueries, type ChainxQueryKey } from '../../src/query/index.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { until, useRecordingMockNetwork } from './queryNetworkFixture.js'

// Hierarchical keys and the key factory, with @tanstack/query-core's QueryClient over real sockets against the mock network.
const net = useRecordingMockNetwork({ events: 40, seed: 5 })
const { received } = net
let mock: RunningMockNetwork
let client: ChainxClient
let q: ChainxQueries
let sender: string
/** The eight queries, fetched once, as a dehydrated cache; each case hydrates a fresh QueryClient from it. */
let cached: DehydratedState
/** The eight queries' keys, by name. */
let keys: Record<string, ChainxQueryKey>

beforeAll(async () => {
  ;({ mock, client } = net)
  q = createQueryOptions(client)
  sender = mock.network.ledger.events[0]!.sender
  const queryClient = new QueryClient()
  const queries = {
    allEvents: q.events.query({ filter: { All: [] }, pageSize: 3 }),
    senderEvents: q.events.query({ filter: { Sender: sender }, pageSize: 3 }),
    eventPages: q.events.infinite({ filter: { All: [] }, pageSize: 5 }),
    transactions: q.transactions.query({ pageSize: 3 }),
    transactionPages: q.transactions.infinite({ pageSize: 4 }),
    epoch: q.graphql.epoch(),
    serviceConfig: q.graphql.serviceConfig(),
    eventConnection: q.paginate(EventsDocument, {}, { pageSize: 10 }),
  }
  for (const options of Object.values(queries)) {
    if ('getNextPageParam' in options) await queryClient.fetchInfiniteQuery(options as never)
    else await queryClient.fetchQuery(options as never)
  }
  keys = Object.fromEntries(Object.entries(queries).map(([name, options]) => [name, options.queryKey]))
  cached = dehydrate(queryClient)
  expect(cached.queries).toHaveLength(8)
})

/** Hydrates a fresh QueryClient with the eight queries, invalidates by `queryKey` and names the queries it invalidated. */
async function invalidatedBy(queryKey: readonly unknown[]): Promise<string[]> {
  const queryClient = new QueryClient()
  hydrate(queryClient, cached)
  await queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
  const invalidated = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryHash),
  )
  return Object.entries(keys)
    .filter(([, key]) => invalidated.has(JSON.stringify(key)))
    .map(([name]) => name)
}

describe('keys users can work with', () => {
  it('a partial key invalidates exactly the group it names (eight cached queries)', async () => {
    const all = Object.keys(keys)
    expect(await invalidatedBy(chainxKeys.all())).toEqual(all)
    expect(await invalidatedBy(chainxKeys.events.all(client))).toEqual(['allEvents', 'senderEvents', 'eventPages'])
    expect(await invalidatedBy(chainxKeys.events.query(client))).toEqual(['allEvents', 'senderEvents'])
    expect(await invalidatedBy(chainxKeys.events.query(client, { filter: { Sender: sender } }))).toEqual(['senderEvents'])
    expect(await invalidatedBy(chainxKeys.events.infinite(mock.rpcUrl))).toEqual(['eventPages'])
    expect(await invalidatedBy(chainxKeys.transactions.all(client))).toEqual(['transactions', 'transactionPages'])
    expect(await invalidatedBy(chainxKeys.transactions.infinite(client, { pageSize: 4 }))).toEqual(['transactionPages'])
    expect(await invalidatedBy(chainxKeys.graphql.all(client))).toEqual(['epoch', 'serviceConfig', 'eventConnection'])
    expect(await invalidatedBy(chainxKeys.graphql.operation(client, EpochDocument))).toEqual(['epoch'])
    expect(await invalidatedBy(chainxKeys.graphql.query(client, EpochDocument))).toEqual(['epoch'])
    expect(await invalidatedBy(chainxKeys.graphql.infinite(client, EventsDocument))).toEqual(['eventConnection'])
    expect(await invalidatedBy(chainxKeys.graphql.query(client, EventsDocument))).toEqual([]) // the connection is an infinite query
    // The shape is public: a hand-written prefix names the same group, and another endpoint none.
    expect(await invalidatedBy(['chainx', mock.rpcUrl, 'transactions'])).toEqual(['transactions', 'transactionPages'])
    expect(await invalidatedBy(['chainx', mock.graphqlUrl, 'graphql', 'ServiceConfig'])).toEqual(['serviceConfig'])
    expect(await invalidatedBy(chainxKeys.events.all('http://127.0.0.1:1/json-rpc'))).toEqual([])
  })

  it("the builders' keys are the factory's: one source, and equal for equal inputs in any key order", () => {
    const filter = { Sender: sender }
    expect(q.events.query({ filter, pageSize: 3 }).queryKey).toEqual(chainxKeys.events.query(client, { pageSize: 3, filter }))
    expect(q.events.live({ filter, maxItems: 5 }).queryKey).toEqual(chainxKeys.events.live(client, { maxItems: 5, filter }))
    expect(q.transactions.infinite({ options: { showEffects: true } }).queryKey).toEqual(
      chainxKeys.transactions.infinite(client, { options: { showEffects: true } }),
    )
    expect(q.graphql.epoch({ id: 1 }).queryKey).toEqual(chainxKeys.graphql.query(client, EpochDocument, { id: 1 }))
    expect(q.events.query({ filter }).queryKey).toEqual(['chainx', mock.rpcUrl, 'events', 'query', { filter }])
    const [, endpoint, resource, operation, kind, input] = q.graphql.epoch({ id: 1 }).queryKey
    expect([endpoint, resource, operation, kind]).toEqual([mock.graphqlUrl, 'graphql', 'Epoch', 'query'])
    expect(input).toEqual({ document: expect.stringMatching(/^[0-9a-f]{8}$/), variables: { id: 1 } })
    expectTypeOf(chainxKeys.events.all(client)).toEqualTypeOf<readonly ['chainx', string, 'events']>()
    expectTypeOf(chainxKeys.graphql.all(client)).toEqualTypeOf<readonly ['chainx', string, 'graphql']>()
    // @ts-expect-error: the factory's inputs are typed as the builders' are
    chainxKeys.events.query(client, { pageSiz: 3 })
    // @ts-expect-error: and GraphQL variables as the document's
    chainxKeys.graphql.query(client, EpochDocument, { id: 'three' })
  })

  it('a filter value still undefined gives enabled: false and sends nothing; its key keeps the undefined apart from any real filter', async () => {
    const account: { address?: string } = {}
    const waiting = q.events.query({ filter: { Sender: account.address }, pageSize: 2 })
    expect(waiting.enabled).toBe(false)
    expect(waiting.queryKey).toEqual(chainxKeys.events.query(client, { filter: { Sender: undefined }, pageSize: 2 }))
    expect(waiting.queryKey).not.toEqual(q.events.query({ filter: {} as never, pageSize: 2 }).queryKey)
    expect(q.events.query({ filter: { All: undefined } }).queryKey).not.toEqual(q.events.query({ filter: { All: null } }).queryKey)
    expect(q.events.live({ filter: undefined }).enabled).toBe(false)
    expect(q.transactions.query({ filter: { FromAddress: undefined } }).enabled).toBe(false)
    expect(q.transactions.query({}).enabled).toBe(true) // no filter: every transaction
    expect(q.transactions.query({ filter: { MoveFunction: { package: '0x2', module: undefined } } }).enabled).toBe(true) // an optional member

    const queryClient = new QueryClient()
    const before = received.length
    const observer = new QueryObserver(queryClient, waiting)
    const unsubscribe = observer.subscribe(() => {})
    try {
      expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'idle' })
      await queryClient.refetchQueries() // a disabled query is not refetched either
      expect(received.length).toBe(before)
      // The value arrives: the new options run.
      observer.setOptions(q.events.query({ filter: { Sender: sender }, pageSize: 2 }))
      await until(() => observer.getCurrentResult().status === 'success', 'the query to run once the filter is set')
      expect(observer.getCurrentResult().data!.items.every((event) => event.sender === sender)).toBe(true)
    } finally {
      unsubscribe()
    }
    // fetchQuery ignores enabled: it fails with the reason instead of sending an undefined filter.
    await expect(queryClient.fetchQuery(waiting)).rejects.toThrow(/filter has an undefined value/)
  })

  it('bad input fails the query with a ChainxError, never the option building, and sends nothing', async () => {
    const queryClient = new QueryClient()
    const before = received.length
    const bigint = q.graphql.epoch({ id: 3n as never }) // the type check refuses it; JavaScript callers get a failed query
    expect(bigint.enabled).toBe(true)
    await expect(queryClient.fetchQuery(bigint)).rejects.toThrow(InvalidArgumentError)
    await expect(queryClient.fetchQuery(bigint)).rejects.toThrow(/input\.variables\.id: a bigint/)
    await expect(queryClient.fetchInfiniteQuery(q.paginate(EventsDocument, { filter: { sender: 1n as never } }))).rejects.toThrow(
      /a bigint cannot be part of a query key/,
    )
    await expect(queryClient.fetchQuery(q.transactions.live({ maxItems: 0 }))).rejects.toThrow(/maxItems must be a positive integer, got 0/)
    await expect(queryClient.fetchQuery(q.query(42 as unknown as string))).rejects.toThrow(/not a GraphQL document/)
    await expect(queryClient.fetchQuery(q.events.query(null as never))).rejects.toBeInstanceOf(ChainxError)
    expect(received.length).toBe(before)
    expect(() => createQueryOptions(undefined as never)).toThrow(/createQueryOptions takes a ChainxClient/) // once, at set-up
    // What the client checks (a direction) fails the query as the client fails the call.
    await expect(
      queryClient.fetchInfiniteQuery(q.events.infinite({ filter: { All: [] }, direction: 'sideways' as never })),
    ).rejects.toThrow(/direction must be 'forward' or 'backward'/)
  })
})
