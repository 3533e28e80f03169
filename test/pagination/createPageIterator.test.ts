import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { ChainxError } from '../../src/errors/ChainxError.js'
import { CursorNotAdvancingError, EmptyPagesError, StaleCursorError } from '../../src/errors/pagination.js'
import { AbortedError, NetworkError } from '../../src/errors/request.js'
import { createPageIterator, type PageRequest } from '../../src/pagination/createPageIterator.js'
import { walkPages } from '../../src/pagination/walkPages.js'
import { resolvePaginationOptions, type PaginationOptionsInput } from '../../src/pagination/resolvePaginationOptions.js'
import type { FetchedPage } from '../../src/pagination/types.js'

const loadWalk = async () => walkPages

/** Rows 0..count-1 served `size` at a time; numeric cursors; optional per-item cursors; every request recorded, answers counted. */
function createRows(
  count: number,
  settings: { itemCursors?: boolean; fail?: (call: number) => Error | undefined; ignoreSize?: boolean } = {},
) {
  const requests: PageRequest<number>[] = []
  let inFlight = 0
  let maxInFlight = 0
  let served = 0
  const fetchPage = async (request: PageRequest<number>): Promise<FetchedPage<number, number>> => {
    requests.push(request)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    try {
      await new Promise((resolve) => setImmediate(resolve))
      const failure = settings.fail?.(requests.length)
      if (failure) throw failure
      if (request.signal.aborted) throw new AbortedError({ cause: request.signal.reason })
      const from = request.cursor === null ? 0 : request.cursor + 1
      const size = settings.ignoreSize ? 10 : (request.size ?? count)
      const items = Array.from({ length: Math.max(0, Math.min(size, count - from)) }, (_, index) => from + index)
      const last = items.at(-1)
      return {
        items,
        nextCursor: last ?? request.cursor,
        hasMore: from + items.length < count,
        ...(settings.itemCursors ? { itemCursors: items } : {}),
      }
    } finally {
      inFlight--
      served++
    }
  }
  return { requests, fetchPage, maxInFlight: () => maxInFlight, served: () => served }
}

function walkRows(
  rows: ReturnType<typeof createRows>,
  options: PaginationOptionsInput<number> = {},
  startCursor: number | null = null,
  size = 10,
) {
  return createPageIterator(loadWalk, {
    fetchPage: rows.fetchPage,
    options: resolvePaginationOptions({ pageSize: size, ...options }),
    startCursor,
  })
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index)

describe('page machine: bounds when the service misbehaves', () => {
  it('EMPTY_PAGES: endless empty pages with fresh cursors end after maxEmptyPages (100 by default), with maxItems set or not', async () => {
    for (const maxItems of [undefined, 100]) {
      let calls = 0
      const walk = createPageIterator<number, number, FetchedPage<number, number>>(loadWalk, {
        fetchPage: async ({ cursor }) => {
          calls++
          return { items: cursor === null ? [7] : [], nextCursor: (cursor ?? 0) + 1, hasMore: true }
        },
        options: resolvePaginationOptions({ pageSize: 10, maxItems }),
      })
      const items: number[] = []
      const error = await (async () => {
        for await (const item of walk) items.push(item)
      })().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(EmptyPagesError)
      expect(error).toMatchObject({ code: 'EMPTY_PAGES', pages: 100, delivered: 1, resumeCursor: 100 })
      expect(items).toEqual([7])
      // The first page, 100 empty ones, and at most the one prefetched after the last of them is not asked.
      expect(calls).toBe(101)
    }
  })

  it('maxEmptyPages is configurable; a sparse run shorter than it passes', async () => {
    // Pages alternate: 40 empty pages claiming more, then one item, five times.
    const fetchPage = async ({ cursor }: PageRequest<number>): Promise<FetchedPage<number, number>> => {
      const at = (cursor ?? -1) + 1
      return { items: at % 41 === 40 ? [at] : [], nextCursor: at, hasMore: at < 41 * 5 - 1 }
    }
    const sparse = (maxEmptyPages: number) =>
      createPageIterator(loadWalk, { fetchPage, options: resolvePaginationOptions({ pageSize: 1, maxEmptyPages }) }).toArray({
        maxItems: 100,
      })
    expect(await sparse(100)).toEqual([40, 81, 122, 163, 204])
    await expect(sparse(40)).rejects.toBeInstanceOf(EmptyPagesError)
    await expect(sparse(41)).resolves.toHaveLength(5)
  })

  it('maxPages ends the walk cleanly after that many pages, prefetching none past it', async () => {
    const rows = createRows(100)
    expect(await walkRows(rows, { maxPages: 3 }).toArray({ maxItems: 1_000 })).toEqual(range(0, 30))
    expect(rows.requests).toHaveLength(3)
  })

  it('rejects bad bounds before any request', () => {
    const rows = createRows(5)
    for (const options of [
      { maxPages: -1 },
      { maxEmptyPages: 0 },
      { maxEmptyPages: 1.5 },
      { prefetch: 'yes' },
    ] as PaginationOptionsInput<number>[]) {
      expect(() => walkRows(rows, options)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    }
    expect(rows.requests).toHaveLength(0)
  })
})

describe('page machine: prefetch', () => {
  it('requests page k+1 while the consumer holds page k: at most one ahead, on the same cursor chain', async () => {
    const rows = createRows(95)
    const walk = walkRows(rows, { prefetch: true })
    const iterator = walk.pages()
    const first = await iterator.next()
    expect(first.value?.items).toEqual(range(0, 10))
    // The consumer holds page 0; page 1 is asked for and answered, and nothing further is asked.
    await vi.waitFor(() => expect(rows.served()).toBe(2))
    expect(rows.requests.map((request) => request.cursor)).toEqual([null, 9])
    const rest = []
    for await (const page of iterator) rest.push(page.items.length)
    expect(rest).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 5])
    expect(rows.requests.map((request) => request.cursor)).toEqual([null, 9, 19, 29, 39, 49, 59, 69, 79, 89])
    expect(rows.maxInFlight()).toBe(1)
  })

  it('never requests past maxItems or a toArray limit, and the last request asks only for what is left', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), async (limit, size, viaMaxItems) => {
        const rows = createRows(50)
        const walk = walkRows(rows, viaMaxItems ? { maxItems: limit } : {}, null, size)
        const items = await walk.toArray({ maxItems: viaMaxItems ? 1_000 : limit })
        const expected = Math.min(limit, 50)
        expect(items).toEqual(range(0, expected))
        expect(rows.requests.reduce((sum, request) => sum + (request.size ?? Infinity), 0)).toBeLessThanOrEqual(limit)
        expect(rows.requests).toHaveLength(Math.ceil(expected / size))
      }),
      { numRuns: 100 },
    )
  })

  it('break and the signal abort the prefetched request; prefetch: false asks for nothing ahead', async () => {
    const rows = createRows(100)
    for await (const item of walkRows(rows)) if (item === 3) break
    expect(rows.requests).toHaveLength(2)
    expect(rows.requests[1]?.signal.aborted).toBe(true)

    const lazy = createRows(100)
    for await (const item of walkRows(lazy, { prefetch: false })) if (item === 3) break
    expect(lazy.requests).toHaveLength(1)

    const controller = new AbortController()
    const aborted = createRows(100)
    const error = await (async () => {
      for await (const item of walkRows(aborted, { signal: controller.signal })) if (item === 12) controller.abort()
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AbortedError)
    // No per-item cursors: the walk stands at the end of the last whole page.
    expect(error).toMatchObject({ delivered: 13, resumeCursor: 9 })
    expect(aborted.requests.at(-1)?.signal.aborted).toBe(true)
  })

  it('a failed prefetch surfaces only after the page before it is consumed, and never as an unhandled rejection', async () => {
    const rows = createRows(100, {
      fail: (call) => (call === 3 ? new NetworkError({ url: 'http://127.0.0.1/graphql', details: 'reset' }) : undefined),
    })
    const items: number[] = []
    const error = await (async () => {
      for await (const item of walkRows(rows)) items.push(item)
    })().catch((caught: unknown) => caught)
    expect(items).toEqual(range(0, 20))
    expect(error).toMatchObject({ code: 'NETWORK', delivered: 20, resumeCursor: 19 })
  })
})

describe('page machine: where a walk stands', () => {
  it('errors carry delivered and resumeCursor, and resuming from it yields every remaining item exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (count, size, failAt, itemCursors, prefetch) => {
          const rows = createRows(count, {
            itemCursors,
            fail: (call) => (call === failAt ? new NetworkError({ url: 'http://127.0.0.1/graphql', details: 'cut' }) : undefined),
          })
          const first: number[] = []
          let cursor: unknown = null
          try {
            for await (const item of walkRows(rows, { prefetch }, null, size)) first.push(item)
          } catch (error) {
            expect(error).toBeInstanceOf(ChainxError)
            expect((error as ChainxError).delivered).toBe(first.length)
            cursor = (error as ChainxError).resumeCursor
          }
          // Without per-item cursors the cursor covers whole pages only; a page is only partly consumed when the walk stopped inside it.
          const covered = cursor === null ? 0 : (cursor as number) + 1
          expect(covered).toBeLessThanOrEqual(first.length)
          const rest = await walkRows(createRows(count, { itemCursors }), { prefetch }, cursor as number | null, size).toArray({
            maxItems: 1_000,
          })
          expect([...first.slice(0, covered), ...rest]).toEqual(range(0, count))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('walk.cursor: after each item with per-item cursors, at page ends without them', async () => {
    for (const itemCursors of [true, false]) {
      const walk = walkRows(createRows(25, { itemCursors }), {}, null, 10)
      const seen: [number, number | null][] = []
      for await (const item of walk) seen.push([item, walk.cursor])
      const expected = range(0, 25).map((item): [number, number | null] => [
        item,
        itemCursors || item % 10 === 9 || item === 24 ? item : item < 10 ? null : Math.floor(item / 10) * 10 - 1,
      ])
      expect(seen).toEqual(expected)
    }
  })

  it('walk.cursor starts at the cursor option, and a page cut by maxItems does not move it past the items delivered', async () => {
    // A service that answers 10 whatever it is asked: the machine cuts the second page at maxItems.
    const walk = walkRows(createRows(40, { ignoreSize: true }), { maxItems: 15 }, 4, 10)
    expect(walk.cursor).toBe(4)
    const items = await walk.toArray({ maxItems: 100 })
    expect(items).toEqual(range(5, 20))
    // Page 2 (15..24) was cut at 19: without per-item cursors the walk stands at the end of page 1.
    expect(walk.cursor).toBe(14)
  })

  it('CURSOR_NOT_ADVANCING and STALE_CURSOR carry the position too', async () => {
    const stuck = createPageIterator<number, number, FetchedPage<number, number>>(loadWalk, {
      fetchPage: async ({ cursor }) => ({ items: cursor === null ? [0, 1] : [], nextCursor: 1, hasMore: true }),
      options: resolvePaginationOptions({ pageSize: 2 }),
    })
    const error = await stuck.toArray({ maxItems: 10 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CursorNotAdvancingError)
    expect(error).toMatchObject({ name: 'CursorNotAdvancingError', code: 'CURSOR_NOT_ADVANCING', delivered: 2, resumeCursor: 1 })

    const stale = createPageIterator<number, number, FetchedPage<number, number>>(loadWalk, {
      fetchPage: async ({ cursor }) => {
        if (cursor !== null) throw new StaleCursorError({})
        return { items: [0, 1, 2], nextCursor: 2, hasMore: true }
      },
      options: resolvePaginationOptions({ pageSize: 3 }),
    })
    await expect(stale.toArray({ maxItems: 10 })).rejects.toMatchObject({ code: 'STALE_CURSOR', delivered: 3, resumeCursor: 2 })
  })

  it('CURSOR_NOT_ADVANCING: a page with items that repeats its cursor (or gives none) delivers them, then throws instead of fetching again', async () => {
    for (const nextCursor of ['echo', null] as const) {
      for (const itemCursors of [false, true]) {
        for (const view of ['items', 'pages'] as const) {
          const requests: (number | null)[] = []
          const walk = createPageIterator<number, number, FetchedPage<number, number>>(loadWalk, {
            fetchPage: async ({ cursor }) => {
              requests.push(cursor)
              const items = cursor === null ? [0, 1] : [2, 3]
              const next = cursor === null ? 1 : nextCursor === 'echo' ? cursor : null
              return { items, nextCursor: next, hasMore: true, ...(itemCursors ? { itemCursors: items } : {}) }
            },
            options: resolvePaginationOptions({ pageSize: 2 }),
          })
          const seen: number[] = []
          const error = await (async () => {
            if (view === 'items') for await (const item of walk) seen.push(item)
            else for await (const page of walk.pages()) seen.push(...page.items)
          })().catch((caught: unknown) => caught)
          expect(seen).toEqual([0, 1, 2, 3])
          expect(error).toBeInstanceOf(CursorNotAdvancingError)
          // Without per-item cursors the walk stands where the stuck page started; with them, after its last item.
          expect(error).toMatchObject({ code: 'CURSOR_NOT_ADVANCING', delivered: 4, resumeCursor: itemCursors ? 3 : 1 })
          expect(requests).toEqual([null, 1])
        }
      }
    }
  })

  it('a stuck page that reaches maxItems ends the walk cleanly: there is no next page to ask for', async () => {
    const walk = createPageIterator<number, number, FetchedPage<number, number>>(loadWalk, {
      fetchPage: async ({ cursor }) => ({ items: cursor === null ? [0, 1] : [2, 3], nextCursor: 1, hasMore: true }),
      options: resolvePaginationOptions({ pageSize: 2, maxItems: 4 }),
    })
    expect(await walk.toArray({ maxItems: 10 })).toEqual([0, 1, 2, 3])
  })

  it('TIMEOUT: a caller signal that timed out between requests is TIMEOUT, as inside a request; a plain abort is ABORTED', async () => {
    for (const [reason, code] of [
      [new DOMException('The operation timed out.', 'TimeoutError'), 'TIMEOUT'],
      [new DOMException('This operation was aborted', 'AbortError'), 'ABORTED'],
    ] as const) {
      const controller = new AbortController()
      const rows = createRows(100)
      const error = await (async () => {
        // Aborted while the consumer holds the last item of page 1: the walk sees it before requesting page 2.
        for await (const item of walkRows(rows, { signal: controller.signal, prefetch: false })) if (item === 9) controller.abort(reason)
      })().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ChainxError)
      expect(error).toMatchObject({ code, cause: reason, delivered: 10, resumeCursor: 9 })
      expect(rows.requests).toHaveLength(1)
    }
  })
})
