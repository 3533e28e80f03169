import { describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient, EventsDocument, type EventsClient } from '../../src/index.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { readDirection } from '../../src/pagination/walkOptions.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// The walk vocabulary (issue 23): pageSize, maxItems, direction, cursor, resumeCursor and one
// page shape { items, hasMore, cursor } across paginate, events.* and transactions.*; the old names are refused.

let mock: RunningMockNetwork
let client: ChainxClient
useMockNetwork({ events: 23, seed: 23 }, (started) => {
  mock = started
  client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, limits: false })
})

const ids = (events: readonly { id: { txDigest: string; eventSeq: string } }[]) =>
  events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)

describe('walk vocabulary', () => {
  it('readDirection reads direction (forward by default) and refuses anything else', () => {
    expect(readDirection(undefined)).toBe('forward')
    expect(readDirection('backward')).toBe('backward')
    expect(() => readDirection('up')).toThrow(InvalidArgumentError)
  })

  it('events.query: pageSize and direction read a page; the old names limit and descending are refused naming the new ones', async () => {
    const now = await client.events.query({ filter: { All: [] }, pageSize: 5, direction: 'backward' })
    expect(now.items).toHaveLength(5)
    const forward = await client.events.query({ filter: { All: [] }, pageSize: 5 })
    expect(ids(forward.items)).not.toEqual(ids(now.items))
    await expect(client.events.query({ filter: { All: [] }, pageSize: 0 })).rejects.toThrow(/pageSize must be/)
    await expect(client.events.query({ filter: { All: [] }, limit: 5 } as never)).rejects.toThrow(/unknown option `limit`/)
    await expect(client.events.query({ filter: { All: [] }, pageSiz: 5 } as never)).rejects.toThrow('`pageSiz`: did you mean `pageSize`?')
  })

  it('events.iterate: direction walks newest first; toArray takes maxItems only', async () => {
    const backward = await client.events.iterate({ filter: { All: [] }, pageSize: 4, direction: 'backward' }).toArray({ maxItems: 10 })
    expect(backward).toHaveLength(10)
    const all = await client.events.query({ filter: { All: [] }, pageSize: 50 })
    expect(ids(backward)).toEqual(ids(all.items).reverse().slice(0, 10))
    expect(() => client.events.iterate({ filter: { All: [] }, descending: true } as never)).toThrow(/unknown option `descending`/)
    await expect(client.events.iterate({ filter: { All: [] } }).toArray({ limit: 3 } as never)).rejects.toThrow(/unknown option `limit`/)
  })

  it('one page shape: an event page and a GraphQL page both give items, hasMore and the cursor to continue from', async () => {
    const eventWalk = client.events.iterate({ filter: { All: [] }, pageSize: 4, maxItems: 6 })
    const eventPages = []
    for await (const page of eventWalk.pages()) eventPages.push(page)
    expect(eventPages.map((page) => page.items.length)).toEqual([4, 2])
    expect(eventPages[0]?.hasMore).toBe(true)
    // The page's cursor is its last event: pass it back as `cursor` to go on after it.
    expect(eventPages[0]?.cursor).toEqual(eventPages[0]?.items.at(-1)?.id)
    expect(eventPages[1]?.fromCursor).toEqual(eventPages[0]?.cursor)
    // maxItems cut the second page: its cursor is the last delivered event, which is where walk.cursor stands.
    expect(eventPages[1]?.cursor).toEqual(eventPages[1]?.items.at(-1)?.id)
    expect(eventWalk.cursor).toEqual(eventPages[1]?.cursor)
    // One name set: the JSON-RPC names are not on the page.
    expect(eventPages[0]).not.toHaveProperty('data')
    expect(eventPages[0]).not.toHaveProperty('nextCursor')
    const resumed = await client.events
      .iterate({ filter: { All: [] }, pageSize: 4, cursor: eventPages[0]?.cursor })
      .toArray({ maxItems: 2 })
    expect(ids(resumed)).toEqual(ids(eventPages[1]?.items ?? []))

    const graphqlPages = []
    for await (const page of client.paginate(EventsDocument, {}, { pageSize: 3, maxItems: 6 }).pages()) graphqlPages.push(page)
    expect(graphqlPages.map((page) => page.items.length)).toEqual([3, 3])
    expect(graphqlPages[0]?.cursor).toBe(graphqlPages[0]?.pageInfo.endCursor)
    expect(graphqlPages[1]?.fromCursor).toBe(graphqlPages[0]?.cursor)
  })

  it('client.events and client.transactions are the same generic object: the four calls, nothing else', () => {
    expectTypeOf(client.events).toEqualTypeOf<EventsClient>()
    expect(Object.keys(client.events).sort()).toEqual(['iterate', 'query', 'subscribe', 'watch'])
    expect(Object.keys(client.transactions).sort()).toEqual(['iterate', 'query', 'subscribe', 'watch'])
  })
})
