import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CursorNotAdvancingError, EmptyPagesError } from '../../src/errors/pagination.js'
import { AbortedError, InvalidArgumentError } from '../../src/errors/request.js'
import type { ChainxEvent, EventId } from '../../src/events/types.js'
import type { EventPage } from '../../src/resources/events.js'
import { eventsOverFake, type FakeRead } from '../helpers/resourceClients.js'
import { createGate } from '../graphql/fakeGraphQL.js'

const event = (index: number): ChainxEvent => ({
  id: { txDigest: `tx${Math.floor(index / 3)}`, eventSeq: String(index % 3) },
  packageId: '0x2',
  transactionModule: 'm',
  sender: '0xa',
  type: '0x2::m::E',
  parsedJson: { index },
  bcs: '',
  timestampMs: String(1_700_000_000_000 + index),
})
const indexOf = (value: ChainxEvent) => (value.parsedJson as { index: number }).index
const sameId = (a: EventId, b: EventId) => a.txDigest === b.txDigest && a.eventSeq === b.eventSeq

/**
 * `chainx_queryEvents` as jsonrpc-anchor 2.1-2.3 describes it: exclusive cursor, limit
 * clamped to 50, `limit + 1` fetched for `hasMore`, `cursor` the last id or, on an
 * empty page, the input cursor echoed. Records every call's parameters.
 */
function createFakeQueryEvents(count: number, onCall?: (call: number, parameters: FakeRead) => void | Promise<void>) {
  const events = Array.from({ length: count }, (_, index) => event(index))
  const calls: FakeRead[] = []
  const queryEvents = async (parameters: FakeRead) => {
    calls.push(parameters)
    await onCall?.(calls.length, parameters)
    if (parameters.signal?.aborted) throw new AbortedError({ cause: parameters.signal.reason })
    const limit = Math.min(parameters.pageSize ?? 50, 50)
    const ordered = parameters.direction === 'backward' ? [...events].reverse() : events
    const { cursor } = parameters
    const start = cursor ? ordered.findIndex((candidate) => sameId(candidate.id, cursor)) + 1 : 0
    const slice = ordered.slice(start, start + limit + 1)
    const data = slice.slice(0, limit)
    const nextCursor = data.at(-1)?.id ?? cursor ?? null
    const page: EventPage = {
      items: data,
      hasMore: slice.length > limit,
      cursor: nextCursor,
    }
    return page
  }
  return { queryEvents, calls, events }
}

describe('client.events.iterate', () => {
  it('J2/J3: walks every event once, in order, ascending and descending, for any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 80 }),
        fc.boolean(),
        async (count, pageSize, descending) => {
          const fake = createFakeQueryEvents(count)
          const walk = eventsOverFake(fake.queryEvents).iterate({
            filter: { All: [] },
            pageSize,
            direction: descending ? 'backward' : 'forward',
          })
          const indexes = (await walk.toArray({ maxItems: 1_000 })).map(indexOf)
          const expected = Array.from({ length: count }, (_, index) => index)
          expect(indexes).toEqual(descending ? expected.reverse() : expected)
          // The service clamps to 50: a larger page size makes pages of 50.
          const served = Math.min(pageSize, 50)
          expect(fake.calls).toHaveLength(Math.max(1, Math.ceil(count / served)))
          for (const call of fake.calls)
            expect(call).toMatchObject({ filter: { All: [] }, pageSize, direction: descending ? 'backward' : 'forward' })
        },
      ),
      { numRuns: 150 },
    )
  })

  it("J2: each request sends the previous page's nextCursor as received, and the first sends null", async () => {
    const fake = createFakeQueryEvents(7)
    const pages = []
    for await (const page of eventsOverFake(fake.queryEvents)
      .iterate({ filter: { Sender: '0xa' }, pageSize: 3 })
      .pages())
      pages.push(page)
    expect(fake.calls.map((call) => call.cursor)).toEqual([null, pages[0]?.cursor, pages[1]?.cursor])
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1])
  })

  it('J2: without pageSize an uncapped walk names no limit, so the service answers its default page size (its maximum)', async () => {
    const fake = createFakeQueryEvents(120)
    const events = await eventsOverFake(fake.queryEvents)
      .iterate({ filter: { All: [] } })
      .toArray({ maxItems: Infinity })
    expect(events.map(indexOf)).toEqual(Array.from({ length: 120 }, (_, index) => index))
    expect(fake.calls.map((call) => call.pageSize)).toEqual([undefined, undefined, undefined])
  })

  it('J2: without pageSize a walk capped by maxItems asks for only what remains (the service cuts it to its maximum)', async () => {
    const fake = createFakeQueryEvents(120)
    const events = await eventsOverFake(fake.queryEvents)
      .iterate({ filter: { All: [] }, maxItems: 70 })
      .toArray({ maxItems: 1_000 })
    expect(events).toHaveLength(70)
    expect(fake.calls.map((call) => call.pageSize)).toEqual([70, 20])
  })

  it('J2: the cursor option starts after the given event (exclusive)', async () => {
    const fake = createFakeQueryEvents(10)
    const cursor = fake.events[4]?.id
    const indexes = (
      await eventsOverFake(fake.queryEvents)
        .iterate({ filter: { All: [] }, cursor })
        .toArray({ maxItems: 10 })
    ).map(indexOf)
    expect(indexes).toEqual([5, 6, 7, 8, 9])
    expect(fake.calls[0]?.cursor).toEqual(cursor)
  })

  it('J2: an empty page from a cursor echoes it and ends the walk, never restarting from null', async () => {
    const fake = createFakeQueryEvents(4)
    const walk = eventsOverFake(fake.queryEvents).iterate({ filter: { All: [] }, cursor: fake.events[3]?.id })
    expect(await walk.toArray({ maxItems: 10 })).toEqual([])
    expect(fake.calls.map((call) => call.cursor)).toEqual([fake.events[3]?.id])
  })

  it('CURSOR_NOT_ADVANCING: a page that claims more but echoes its cursor, or gives none, throws instead of looping', async () => {
    for (const nextCursor of ['echo', null] as const) {
      let calls = 0
      const stuck = async (parameters: FakeRead) => {
        calls++
        if (parameters.cursor) return { items: [], cursor: nextCursor === 'echo' ? parameters.cursor : null, hasMore: true }
        return { items: [event(0)], cursor: event(0).id, hasMore: true }
      }
      const error = await eventsOverFake(stuck)
        .iterate({ filter: { All: [] } })
        .toArray({ maxItems: 10 })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CursorNotAdvancingError)
      expect(error).toMatchObject({ delivered: 1 })
      expect(calls).toBe(2)
    }
  })

  it('EMPTY_PAGES: pages that claim more with fresh cursors and no events, forever, end the walk (with maxItems: 100 too)', async () => {
    for (const maxItems of [undefined, 100]) {
      let calls = 0
      const endless = async () => {
        calls++
        const nextCursor = { txDigest: `tx${calls}`, eventSeq: '0' }
        return { items: [], hasMore: true, cursor: nextCursor }
      }
      const error = await eventsOverFake(endless)
        .iterate({ filter: { All: [] }, maxItems, maxEmptyPages: 30 })
        .toArray({ maxItems: 1_000 })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(EmptyPagesError)
      expect(error).toMatchObject({ code: 'EMPTY_PAGES', pages: 30, delivered: 0, resumeCursor: { txDigest: 'tx29', eventSeq: '0' } })
      expect(calls).toBe(30)
    }
  })

  it('maxItems bounds the walk and the last request asks only for the rest', async () => {
    const fake = createFakeQueryEvents(100)
    const events = await eventsOverFake(fake.queryEvents)
      .iterate({ filter: { All: [] }, pageSize: 10, maxItems: 25 })
      .toArray({ maxItems: 100 })
    expect(events.map(indexOf)).toEqual(Array.from({ length: 25 }, (_, index) => index))
    expect(fake.calls.map((call) => call.pageSize)).toEqual([10, 10, 5])
  })

  it('the signal aborts the request in flight', async () => {
    const controller = new AbortController()
    const fake = createFakeQueryEvents(10, async (call, parameters) => {
      if (call === 2) {
        controller.abort()
        await createGate().wait(parameters.signal)
      }
    })
    const walk = eventsOverFake(fake.queryEvents).iterate({ filter: { All: [] }, pageSize: 4, signal: controller.signal })
    await expect(walk.toArray({ maxItems: 100 })).rejects.toBeInstanceOf(AbortedError)
    expect(fake.calls[1]?.signal?.aborted).toBe(true)
  })

  it('rejects invalid options before any request', () => {
    const fake = createFakeQueryEvents(3)
    expect(() => eventsOverFake(fake.queryEvents).iterate({ filter: { All: [] }, pageSize: 0 })).toThrow(InvalidArgumentError)
    expect(() => eventsOverFake(fake.queryEvents).iterate({ filter: { All: [] }, maxItems: 1.5 })).toThrow(InvalidArgumentError)
    expect(fake.calls).toHaveLength(0)
  })
})
