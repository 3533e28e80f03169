import { describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient, EventsDocument, type ChainxEventsApi, type EventsClient } from '../../src/index.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { resolveAlias, resolveDirection } from '../../src/pagination/walkOptions.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { useMockNetwork } from '../mockNetworkFixture.js'

// The walk vocabulary (issue 23): pageSize, maxItems, direction, cursor, resumeCursor and one
// page shape { items, hasMore, cursor } across paginate and events.*; the old names still work.

let mock: RunningMockNetwork
let client: ChainxClient
useMockNetwork({ events: 23, seed: 23 }, (started) => {
  mock = started
  client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, limits: false })
})

const ids = (events: readonly { id: { txDigest: string; eventSeq: string } }[]) =>
  events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)

describe('walk vocabulary', () => {
  it('resolveDirection reads direction, the deprecated descending, and refuses a disagreement', () => {
    expect(resolveDirection({})).toBe('forward')
    expect(resolveDirection({ direction: 'backward' })).toBe('backward')
    expect(resolveDirection({ descending: true })).toBe('backward')
    expect(resolveDirection({ descending: false })).toBe('forward')
    expect(resolveDirection({ direction: 'backward', descending: true })).toBe('backward')
    expect(() => resolveDirection({ direction: 'forward', descending: true })).toThrow(/direction 'forward' and descending: true disagree/)
    expect(() => resolveDirection({ direction: 'up' as never })).toThrow(InvalidArgumentError)
    expect(() => resolveDirection({ descending: 'yes' as never })).toThrow(/descending \(deprecated: use direction\)/)
  })

  it('resolveAlias takes the new name or its deprecated alias, and refuses two different values', () => {
    expect(resolveAlias({ pageSize: 5 } as { pageSize?: number; limit?: number }, 'pageSize', 'limit')).toBe(5)
    expect(resolveAlias({ limit: 7 } as { pageSize?: number; limit?: number }, 'pageSize', 'limit')).toBe(7)
    expect(resolveAlias({ pageSize: 3, limit: 3 }, 'pageSize', 'limit')).toBe(3)
    expect(() => resolveAlias({ pageSize: 3, limit: 4 }, 'pageSize', 'limit')).toThrow(
      /pageSize and limit \(deprecated: use pageSize\) disagree/,
    )
  })

  it('events.query: pageSize and direction, and the deprecated limit and descending, read the same page', async () => {
    const now = await client.events.query({ filter: { All: [] }, pageSize: 5, direction: 'backward' })
    const old = await client.events.query({ filter: { All: [] }, limit: 5, descending: true })
    expect(now.data).toHaveLength(5)
    expect(ids(old.data)).toEqual(ids(now.data))
    const forward = await client.events.query({ filter: { All: [] }, pageSize: 5 })
    expect(ids(forward.data)).not.toEqual(ids(now.data))
    await expect(client.events.query({ filter: { All: [] }, pageSize: 0 })).rejects.toThrow(/pageSize must be a positive integer/)
  })

  it('events.iterate: direction and the deprecated descending walk the same events; toArray takes maxItems or the deprecated limit', async () => {
    const backward = await client.events.iterate({ filter: { All: [] }, pageSize: 4, direction: 'backward' }).toArray({ maxItems: 10 })
    const deprecated = await client.events.iterate({ filter: { All: [] }, pageSize: 4, descending: true }).toArray({ limit: 10 })
    expect(backward).toHaveLength(10)
    expect(ids(deprecated)).toEqual(ids(backward))
    const all = await client.events.query({ filter: { All: [] }, pageSize: 50 })
    expect(ids(backward)).toEqual(ids(all.data).reverse().slice(0, 10))
    expect(() => client.events.iterate({ filter: { All: [] }, direction: 'forward', descending: true })).toThrow(InvalidArgumentError)
    await expect(client.events.iterate({ filter: { All: [] } }).toArray({ maxItems: 2, limit: 3 })).rejects.toThrow(/maxItems and limit/)
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
    // The deprecated JSON-RPC names are still on the page.
    expect(eventPages[0]?.data).toEqual(eventPages[0]?.items)
    expect(eventPages[0]?.hasNextPage).toBe(eventPages[0]?.hasMore)
    expect(eventPages[0]?.nextCursor).toEqual(eventPages[0]?.cursor)
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

  it('client.events has one public type; ChainxEventsApi is its deprecated alias', () => {
    expectTypeOf(client.events).toEqualTypeOf<EventsClient>()
    expectTypeOf<ChainxEventsApi>().toEqualTypeOf<EventsClient>()
    expect(Object.keys(client.events).sort()).toEqual(['close', 'iterate', 'query', 'subscribe', 'watch'])
  })
})
