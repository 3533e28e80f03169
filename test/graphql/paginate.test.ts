import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core'
import fc from 'fast-check'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { FirstAndLastError } from '../../src/errors/graphql.js'
import { CursorNotAdvancingError, StaleCursorError } from '../../src/errors/pagination.js'
import { AbortedError, InvalidArgumentError } from '../../src/errors/request.js'
import {
  EpochDocument,
  EventsDocument,
  TransactionBlocksDocument,
  type EpochQuery,
  type EventsQuery,
} from '../../src/graphql/generated/operations.js'
import { paginate, type ConnectionPath, type GraphQLPage, type NodeOf } from '../../src/graphql/paginate.js'
import type { PageInfo } from '../../src/graphql/readConnection.js'
import type { PageIterable, RestartInfo } from '../../src/pagination/types.js'
import { createFakeGraphQL, createGate, type FakeNode } from './fakeGraphQL.js'

const digests = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `tx${from + k}`)
const digestOf = (node: unknown) => (node as FakeNode).digest
const digestsOf = (nodes: unknown[]) => nodes.map(digestOf)

describe('paginate: page semantics', () => {
  it('P3: bounds first, then limit (R0..R9: first 3 → R0-R2, last 3 → R7-R9)', async () => {
    const forward = createFakeGraphQL({ rows: 10 })
    const [firstPage] = await take(paginate(forward.client, TransactionBlocksDocument, {}, { pageSize: 3 }).pages(), 1)
    // The walk owns all four page variables: it sends null for the pair its direction does not use.
    expect(forward.requests[0]).toEqual({ first: 3, after: null, last: null, before: null })
    expect(digestsOf(firstPage?.items ?? [])).toEqual(['tx0', 'tx1', 'tx2'])

    const backward = createFakeGraphQL({ rows: 10 })
    const walk = paginate(backward.client, TransactionBlocksDocument, {}, { pageSize: 3, direction: 'backward' })
    const [lastPage] = await take(walk.pages(), 1)
    expect(backward.requests[0]).toEqual({ last: 3, before: null, first: null, after: null })
    // Backward pages are yielded newest first.
    expect(digestsOf(lastPage?.items ?? [])).toEqual(['tx9', 'tx8', 'tx7'])
  })

  it('P1/P4: forward and backward walks yield every node exactly once, in order, for any data set and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rows: fc.integer({ min: 0, max: 120 }),
          maxPageSize: fc.integer({ min: 1, max: 50 }),
          // Within and above the maximum: above it is clamped.
          pageSize: fc.integer({ min: 1, max: 100 }),
          direction: fc.constantFrom('forward' as const, 'backward' as const),
          shape: fc.constantFrom('edges' as const, 'nodes' as const),
        }),
        async ({ rows, maxPageSize, pageSize, direction, shape }) => {
          const fake = createFakeGraphQL({ rows, shape, limits: { maxPageSize, defaultPageSize: 20 } })
          const nodes = await paginate(fake.client, EventsDocument, {}, { pageSize, direction }).toArray({ maxItems: 1_000 })
          const expected = digests(0, rows)
          expect(digestsOf(nodes)).toEqual(direction === 'forward' ? expected : expected.reverse())
          const size = Math.min(pageSize, maxPageSize)
          expect(fake.requests).toHaveLength(Math.max(1, Math.ceil(rows / size)))
          for (const request of fake.requests) {
            expect(request[direction === 'forward' ? 'first' : 'last']).toBe(size)
            expect(request[direction === 'forward' ? 'last' : 'first']).toBeNull()
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('P2: cursors are sent back exactly as received, never built', async () => {
    const fake = createFakeGraphQL({ rows: 7 })
    const pages = await take(paginate(fake.client, EventsDocument, {}, { pageSize: 3 }).pages(), 10)
    expect(fake.requests.map((request) => request.after)).toEqual([null, pages[0]?.pageInfo.endCursor, pages[1]?.pageInfo.endCursor])
    expect(pages.map((page) => page.fromCursor)).toEqual([null, pages[0]?.pageInfo.endCursor, pages[1]?.pageInfo.endCursor])
    // A page's cursor is where to continue after it: the next page's fromCursor.
    expect(pages.map((page) => page.cursor)).toEqual(pages.map((page) => page.pageInfo.endCursor))
  })

  it('P4/L3: the page size defaults to defaultPageSize and is clamped to maxPageSize', async () => {
    const byDefault = createFakeGraphQL({ rows: 30, limits: { defaultPageSize: 7, maxPageSize: 10 } })
    await paginate(byDefault.client, EventsDocument).toArray({ maxItems: 100 })
    expect(byDefault.requests.map((request) => request.first)).toEqual([7, 7, 7, 7, 7])

    const clamped = createFakeGraphQL({ rows: 30, limits: { defaultPageSize: 7, maxPageSize: 10 } })
    await paginate(clamped.client, EventsDocument, {}, { pageSize: 500 }).toArray({ maxItems: 100 })
    expect(clamped.requests.map((request) => request.first)).toEqual([10, 10, 10])
  })

  it('L3: the page size is the requested one, or 20, when the limits are unknown', async () => {
    const unknown = createFakeGraphQL({ rows: 45 })
    await paginate(unknown.client, EventsDocument).toArray({ maxItems: 100 })
    expect(unknown.requests.map((request) => request.first)).toEqual([20, 20, 20])
    const requested = createFakeGraphQL({ rows: 45 })
    await paginate(requested.client, EventsDocument, {}, { pageSize: 45 }).toArray({ maxItems: 100 })
    expect(requested.requests.map((request) => request.first)).toEqual([45])
  })

  it('keeps the caller variables on every page', async () => {
    const fake = createFakeGraphQL({ rows: 5 })
    const filter = { sender: '0x1' }
    await paginate(fake.client, EventsDocument, { filter }, { pageSize: 2 }).toArray({ maxItems: 10 })
    expect(fake.requests.map((request) => request.filter)).toEqual([filter, filter, filter])
  })
})

describe('paginate: checks before any request', () => {
  it('P5/E3: a forward walk with last in the variables throws FirstAndLastError before any request', () => {
    const fake = createFakeGraphQL({ rows: 5 })
    // @ts-expect-error the page variables belong to the walk, so the types refuse them
    expect(() => paginate(fake.client, EventsDocument, { last: 3 })).toThrow(FirstAndLastError)
    // @ts-expect-error the page variables belong to the walk, so the types refuse them
    expect(() => paginate(fake.client, EventsDocument, { first: 3 }, { direction: 'backward' })).toThrow(FirstAndLastError)
    // @ts-expect-error the options have no first or last: direction and pageSize say it
    expect(() => paginate(fake.client, EventsDocument, {}, { first: 3, last: 3 })).toThrow(InvalidArgumentError)
    expect(fake.requests).toHaveLength(0)
  })

  it('P5: page variables in the caller variables throw InvalidArgumentError before any request', () => {
    const fake = createFakeGraphQL({ rows: 5 })
    for (const [variables, direction] of [
      [{ first: 3 }, 'forward'],
      [{ after: 'x' }, 'forward'],
      [{ before: 'x' }, 'forward'],
      [{ last: 3 }, 'backward'],
      [{ before: 'x' }, 'backward'],
      [{ after: 'x' }, 'backward'],
    ] as const) {
      expect(() => paginate(fake.client, EventsDocument, variables as never, { direction })).toThrow(InvalidArgumentError)
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('G5: an operation that does not declare and pass $first/$after (or $last/$before) is rejected before any request', async () => {
    const fake = createFakeGraphQL({ rows: 5 })
    const noVariables = 'query { events { pageInfo { hasNextPage endCursor } nodes { bcs } } }'
    const forwardOnly =
      'query ($first: Int, $after: String) { events(first: $first, after: $after) { pageInfo { hasPreviousPage startCursor } nodes { bcs } } }'
    // The document is read by the chunk of checks: the walk fails at its first page, before a request.
    await expect(paginate(fake.client, noVariables).toArray({ limit: 10 })).rejects.toThrow(/declare \$first and \$after/)
    await expect(paginate(fake.client, forwardOnly, {}, { direction: 'backward' }).toArray({ limit: 10 })).rejects.toThrow(
      /declare \$last and \$before/,
    )
    await expect(paginate(fake.client, noVariables, {}, { pageSize: 5 }).toArray({ limit: 10 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    expect(() => paginate(fake.client, forwardOnly)).not.toThrow()
    expect(fake.requests).toHaveLength(0)
  })

  it('rejects invalid options before any request', () => {
    const fake = createFakeGraphQL({ rows: 5 })
    for (const options of [
      { pageSize: 0 },
      { pageSize: 2.5 },
      { maxItems: -1 },
      { direction: 'sideways' },
      { onStale: 'ignore' },
      { key: 'digest' },
      { maxRestarts: -1 },
    ]) {
      expect(() => paginate(fake.client, EventsDocument, {}, options as never)).toThrow(InvalidArgumentError)
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('toArray requires a limit', async () => {
    const fake = createFakeGraphQL({ rows: 5 })
    const walk = paginate(fake.client, EventsDocument)
    await expect(walk.toArray(undefined as never)).rejects.toThrow(InvalidArgumentError)
    await expect(walk.toArray({ maxItems: -1 })).rejects.toThrow(InvalidArgumentError)
    expect(fake.requests).toHaveLength(0)
  })
})

describe('paginate: types', () => {
  it('P1: the item type is the connection node, found in the result type or at the connection path', () => {
    const fake = createFakeGraphQL({ rows: 1 })
    expectTypeOf(paginate(fake.client, EventsDocument)).toEqualTypeOf<
      PageIterable<EventsQuery['events']['edges'][number]['node'], GraphQLPage<EventsQuery['events']['edges'][number]['node']>, string>
    >()
    type Block = NonNullable<EpochQuery['epoch']>['transactionBlocks']['edges'][number]['node']
    expectTypeOf<NodeOf<EpochQuery>>().toEqualTypeOf<Block>()
    expectTypeOf<NodeOf<EpochQuery, 'epoch.transactionBlocks'>>().toEqualTypeOf<Block>()
    expectTypeOf<NodeOf<unknown>>().toBeUnknown()
  })

  it('P1: the types require the variables (other than the page ones) an operation cannot run without', () => {
    const fake = createFakeGraphQL({ rows: 1 })
    type Fields = { object: { dynamicFields: { pageInfo: PageInfo; nodes: { name: { bcs: string } }[] } } | null }
    const ObjectFieldsDocument = `query ($address: SuiAddress!, $first: Int, $after: String) {
      object(address: $address) { dynamicFields(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { name { bcs } } } }
    }` as unknown as DocumentTypeDecoration<Fields, { address: string; first?: number | null; after?: string | null }>
    // @ts-expect-error $address is non-null without a default
    paginate(fake.client, ObjectFieldsDocument)
    // @ts-expect-error the same, with options but no variables
    paginate(fake.client, ObjectFieldsDocument, undefined, { pageSize: 5 })
    const walk = paginate(fake.client, ObjectFieldsDocument, { address: '0x1' }, { connection: 'object.dynamicFields' })
    expectTypeOf(walk).toEqualTypeOf<PageIterable<{ name: { bcs: string } }, GraphQLPage<{ name: { bcs: string } }>, string>>()
    // @ts-expect-error a connection path the result type does not have is a compile error (it used to type items as never)
    paginate(fake.client, ObjectFieldsDocument, { address: '0x1' }, { connection: 'object.dynamicField' })
    // @ts-expect-error a path to a field that is not a connection
    paginate(fake.client, ObjectFieldsDocument, { address: '0x1' }, { connection: 'object' })
    expectTypeOf<ConnectionPath<Fields>>().toEqualTypeOf<'object.dynamicFields'>()
    expectTypeOf<ConnectionPath<EpochQuery>>().toEqualTypeOf<'epoch.transactionBlocks'>()
    expectTypeOf<ConnectionPath<unknown>>().toEqualTypeOf<string>()
    // Operations whose variables are all optional still take none.
    paginate(fake.client, EventsDocument)
    paginate(fake.client, EventsDocument, undefined, { pageSize: 5 })
    expect(fake.requests).toHaveLength(0)
  })
})

describe('paginate: bounds', () => {
  it('maxItems stops the walk, and the last request asks only for what is left', async () => {
    const fake = createFakeGraphQL({ rows: 100 })
    const nodes = await paginate(fake.client, EventsDocument, {}, { pageSize: 5, maxItems: 7 }).toArray({ maxItems: 50 })
    expect(digestsOf(nodes)).toEqual(digests(0, 7))
    expect(fake.requests.map((request) => request.first)).toEqual([5, 2])
  })

  it('toArray stops at its limit without fetching past it', async () => {
    const fake = createFakeGraphQL({ rows: 100 })
    const nodes = await paginate(fake.client, EventsDocument, {}, { pageSize: 5 }).toArray({ maxItems: 10 })
    expect(digestsOf(nodes)).toEqual(digests(0, 10))
    expect(fake.requests).toHaveLength(2)
  })

  it('maxItems 0 makes no request', async () => {
    const fake = createFakeGraphQL({ rows: 10 })
    expect(await paginate(fake.client, EventsDocument, {}, { maxItems: 0 }).toArray({ maxItems: 10 })).toEqual([])
    expect(fake.requests).toHaveLength(0)
  })

  it('CURSOR_NOT_ADVANCING: a page that returns its own cursor while claiming more delivers its nodes, then throws instead of looping', async () => {
    for (const prefetch of [false, true]) {
      const fake = createFakeGraphQL({ rows: 10 })
      fake.state.repeatCursor = true
      const walk = paginate(fake.client, EventsDocument, {}, { pageSize: 3, prefetch })
      const seen: string[] = []
      const error = await (async () => {
        for await (const node of walk) seen.push(digestOf(node))
      })().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CursorNotAdvancingError)
      // The second page (tx3..tx5) repeats its cursor: its nodes are not lost, and the walk stands at its last edge.
      expect(seen).toEqual(digests(0, 6))
      expect(error).toMatchObject({ delivered: 6, resumeCursor: walk.cursor })
      expect(fake.requests).toHaveLength(2)
      fake.state.repeatCursor = false
      const rest = await paginate(fake.client, EventsDocument, {}, { pageSize: 3, cursor: walk.cursor }).toArray({ maxItems: 100 })
      expect(digestsOf(rest)).toEqual(digests(6, 10))
    }
  })

  it('break stops the walk: without prefetch no other request, with it the one page ahead is aborted', async () => {
    for (const prefetch of [false, true]) {
      const fake = createFakeGraphQL({ rows: 100 })
      const seen: string[] = []
      for await (const node of paginate(fake.client, EventsDocument, {}, { pageSize: 5, prefetch })) {
        seen.push(digestOf(node))
        if (seen.length === 6) break
      }
      expect(seen).toEqual(digests(0, 6))
      expect(fake.requests).toHaveLength(prefetch ? 3 : 2)
      // Every request of the walk carries its signal; break aborts it, and with it the prefetched request.
      expect(fake.signals.at(-1)?.aborted).toBe(true)
    }
  })

  it('each iteration starts a fresh walk', async () => {
    const fake = createFakeGraphQL({ rows: 4 })
    const walk = paginate(fake.client, EventsDocument, {}, { pageSize: 10 })
    expect(digestsOf(await walk.toArray({ maxItems: 10 }))).toEqual(digestsOf(await walk.toArray({ maxItems: 10 })))
    expect(fake.requests.map((request) => request.after)).toEqual([null, null])
  })
})

describe('paginate: the connection', () => {
  it('finds a nested connection by path, and a null parent gives an empty walk', async () => {
    const fake = createFakeGraphQL({ rows: 5, path: 'epoch.transactionBlocks' })
    const nodes = await paginate(fake.client, EpochDocument, { id: 3 }, { pageSize: 2 }).toArray({ maxItems: 10 })
    expect(digestsOf(nodes)).toEqual(digests(0, 5))
    const withPath = paginate(fake.client, EpochDocument, { id: 3 }, { pageSize: 2, connection: 'epoch.transactionBlocks' })
    expect(digestsOf(await withPath.toArray({ maxItems: 10 }))).toEqual(digests(0, 5))

    fake.state.nullParent = true
    expect(await withPath.toArray({ maxItems: 10 })).toEqual([])
  })

  it('without a path, no connection or several connections are errors asking for the connection option', async () => {
    const document = 'query ($first: Int, $after: String) { events(first: $first, after: $after) { nodes { bcs } } }'
    const none = createFakeGraphQL({ rows: 3 })
    none.client.query = async () => ({ data: { events: { nodes: [] } } as never, usage: undefined, version: undefined })
    await expect(paginate(none.client, document).toArray({ maxItems: 5 })).rejects.toThrow(/No connection/)

    const two = createFakeGraphQL({ rows: 3 })
    const pageInfo = { hasNextPage: false, endCursor: null }
    two.client.query = async () => ({
      data: { a: { pageInfo, nodes: [] }, b: { pageInfo, nodes: [] } } as never,
      usage: undefined,
      version: undefined,
    })
    await expect(paginate(two.client, document).toArray({ maxItems: 5 })).rejects.toThrow(/Several connections in the result \(a, b\)/)
  })

  it('P1: a page without the pageInfo fields its direction needs is an error', async () => {
    const fake = createFakeGraphQL({ rows: 3 })
    fake.client.query = async () => ({
      data: { events: { pageInfo: { hasNextPage: true }, nodes: [] } } as never,
      usage: undefined,
      version: undefined,
    })
    await expect(paginate(fake.client, EventsDocument).toArray({ maxItems: 5 })).rejects.toThrow(/hasNextPage endCursor/)
  })
})

describe('paginate: consistency', () => {
  it("P6: later pages read the first page's checkpoint while new checkpoints land", async () => {
    for (const direction of ['forward', 'backward'] as const) {
      const fake = createFakeGraphQL({ rows: 10, beforeAnswer: () => fake.advance(3) })
      const nodes = await paginate(fake.client, EventsDocument, {}, { pageSize: 4, direction }).toArray({ maxItems: 100 })
      // The first answer lands on checkpoint 1 (10 + 3 rows); later pages stay on it.
      const expected = digests(0, 13)
      expect(digestsOf(nodes)).toEqual(direction === 'forward' ? expected : expected.reverse())
      expect(fake.checkpoint).toBe(fake.requests.length)
    }
  })

  it('P8/E6: a stale cursor throws StaleCursorError with delivered and resumeCursor', async () => {
    const fake = createFakeGraphQL({ rows: 20 })
    const walk = paginate(
      fake.client,
      EventsDocument,
      {},
      {
        pageSize: 5,
        onPage: ({ pages }) => {
          if (pages === 2) {
            fake.advance(1)
            fake.pruneAll()
          }
        },
      },
    )
    const pages = []
    let error: unknown
    try {
      for await (const page of walk.pages()) pages.push(page)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(StaleCursorError)
    expect(error).toMatchObject({ code: 'STALE_CURSOR', delivered: 10, resumeCursor: pages[1]?.pageInfo.endCursor })
    expect(fake.requests).toHaveLength(3)
  })

  it("P8/E6: onStale 'restart' starts a fresh walk, skips delivered nodes and reports the restart", async () => {
    for (const direction of ['forward', 'backward'] as const) {
      const fake = createFakeGraphQL({ rows: 20 })
      const restarts: RestartInfo[] = []
      const walk = paginate(
        fake.client,
        EventsDocument,
        {},
        {
          pageSize: 5,
          direction,
          onStale: 'restart',
          onRestart: (info) => restarts.push(info),
          onPage: ({ pages }) => {
            if (pages === 2) {
              fake.advance(4)
              fake.pruneAll()
            }
          },
        },
      )
      const pages = []
      for await (const page of walk.pages()) pages.push(page)
      const nodes = digestsOf(pages.flatMap((page) => page.items))
      expect(new Set(nodes).size).toBe(nodes.length)
      expect([...nodes].sort()).toEqual(digests(0, 24).sort())
      expect(restarts).toEqual([expect.objectContaining({ delivered: 10, restarts: 1, reason: expect.any(StaleCursorError) })])
      expect(pages.map((page) => page.restarts)).toEqual([0, 0, ...pages.slice(2).map(() => 1)])
      // The fresh walk sent no cursor.
      expect(fake.requests[3]).toMatchObject(direction === 'forward' ? { after: null } : { before: null })
    }
  })

  it('P8: a walk that keeps going stale gives up after maxRestarts', async () => {
    const fake = createFakeGraphQL({ rows: 20 })
    const walk = paginate(
      fake.client,
      EventsDocument,
      {},
      {
        pageSize: 5,
        onStale: 'restart',
        maxRestarts: 2,
        onPage: () => {
          fake.advance(1)
          fake.pruneAll()
        },
      },
    )
    await expect(walk.toArray({ maxItems: 100 })).rejects.toBeInstanceOf(StaleCursorError)
    // Each walk: one page, then a stale cursor; three walks in all.
    expect(fake.requests).toHaveLength(6)
  })

  it("P8: onStale 'restart' on nodes without digest or address needs a key", async () => {
    const event = (index: number) => ({ type: { repr: '0x2::m::E' }, bcs: `b${index}` })
    const fake = createFakeGraphQL({ rows: 6, node: event })
    await expect(paginate(fake.client, EventsDocument, {}, { onStale: 'restart' }).toArray({ maxItems: 10 })).rejects.toThrow(
      /pass the key option/,
    )
    const keyed = paginate(fake.client, EventsDocument, {}, { onStale: 'restart', key: (node) => node.bcs })
    expect(await keyed.toArray({ maxItems: 10 })).toHaveLength(6)
  })

  it('P8: an empty last page after a page that claimed more is a lost cursor, not the end', async () => {
    const fake = createFakeGraphQL({ rows: 10 })
    const walk = paginate(
      fake.client,
      EventsDocument,
      {},
      {
        pageSize: 4,
        onPage: () => {
          fake.state.loseCursors = true
        },
      },
    )
    await expect(walk.toArray({ maxItems: 100 })).rejects.toMatchObject({ code: 'STALE_CURSOR', delivered: 4 })
  })
})

describe('paginate: concurrency and abort', () => {
  it('concurrent next() calls share one walk: no page fetched twice, no node lost', async () => {
    const fake = createFakeGraphQL({ rows: 5 })
    const iterator = paginate(fake.client, EventsDocument, {}, { pageSize: 2 })[Symbol.asyncIterator]()
    const results = await Promise.all(Array.from({ length: 7 }, () => iterator.next()))
    expect(results.map((result) => (result.done ? 'done' : digestOf(result.value)))).toEqual([...digests(0, 5), 'done', 'done'])
    expect(fake.requests.map((request) => request.after === null)).toEqual([true, false, false])
  })

  it('return() aborts the request in flight and ends the walk', async () => {
    const gate = createGate()
    let inFlight!: () => void
    const started = new Promise<void>((resolve) => (inFlight = resolve))
    const fake = createFakeGraphQL({
      rows: 5,
      beforeAnswer: async () => {
        inFlight()
        await gate.wait(fake.signals.at(-1))
      },
    })
    const iterator = paginate(fake.client, EventsDocument)[Symbol.asyncIterator]()
    const pending = iterator.next()
    await started
    const closed = iterator.return?.()
    expect(fake.signals[0]?.aborted).toBe(true)
    expect(await pending).toEqual({ done: true, value: undefined })
    expect(await closed).toEqual({ done: true, value: undefined })
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })

  it('the signal option aborts the request in flight and the walk throws AbortedError', async () => {
    const controller = new AbortController()
    const fake = createFakeGraphQL({
      rows: 5,
      beforeAnswer: async (call) => {
        if (call === 2) {
          controller.abort()
          await createGate().wait(fake.signals.at(-1))
        }
      },
    })
    const seen: unknown[] = []
    // Without prefetch, so the second request is in flight while the consumer waits for it.
    const walk = paginate(fake.client, EventsDocument, {}, { pageSize: 2, signal: controller.signal, prefetch: false })
    await expect(
      (async () => {
        for await (const node of walk) seen.push(node)
      })(),
    ).rejects.toBeInstanceOf(AbortedError)
    expect(seen).toHaveLength(2)
    expect(fake.signals[1]?.aborted).toBe(true)
  })

  it('an aborted signal stops the walk between items of a page', async () => {
    const controller = new AbortController()
    const fake = createFakeGraphQL({ rows: 5 })
    const seen: unknown[] = []
    await expect(
      (async () => {
        for await (const node of paginate(fake.client, EventsDocument, {}, { pageSize: 5, signal: controller.signal })) {
          seen.push(node)
          controller.abort()
        }
      })(),
    ).rejects.toBeInstanceOf(AbortedError)
    expect(seen).toHaveLength(1)
  })
})

describe('paginate: pages and progress', () => {
  it('pages() carries pageInfo, version and the page index; onPage reports progress', async () => {
    const fake = createFakeGraphQL({ rows: 5 })
    const progress: unknown[] = []
    const walk = paginate(
      fake.client,
      EventsDocument,
      {},
      {
        pageSize: 2,
        onPage: ({ pages, items, restarts }) => progress.push({ pages, items, restarts }),
      },
    )
    const pages = await take(walk.pages(), 10)
    expect(pages.map((page) => [page.pageIndex, page.items.length, page.pageInfo.hasNextPage, page.version?.raw])).toEqual([
      [0, 2, true, '2025.1.0'],
      [1, 2, true, '2025.1.0'],
      [2, 1, false, '2025.1.0'],
    ])
    expect(progress).toEqual([
      { pages: 1, items: 2, restarts: 0 },
      { pages: 2, items: 4, restarts: 0 },
      { pages: 3, items: 5, restarts: 0 },
    ])
  })
})

async function take<T>(iterable: AsyncIterable<T>, count: number): Promise<T[]> {
  const out: T[] = []
  for await (const value of iterable) {
    out.push(value)
    if (out.length >= count) break
  }
  return out
}
