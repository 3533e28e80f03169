import { describe, expect, it } from 'vitest'
import { CursorNotAdvancingError, EmptyPagesError } from '../../src/errors/pagination.js'
import { createPageIterator, type PageRequest } from '../../src/pagination/createPageIterator.js'
import { walkPages } from '../../src/pagination/walkPages.js'
import { resolvePaginationOptions } from '../../src/pagination/resolvePaginationOptions.js'
import type { FetchedPage } from '../../src/pagination/types.js'

const loadWalk = async () => walkPages

/** A service whose second page repeats the first page's cursor while claiming more. */
function stuckService() {
  const requests: (number | null)[] = []
  const fetchPage = async ({ cursor }: PageRequest<number>): Promise<FetchedPage<number, number>> => {
    requests.push(cursor)
    const items = cursor === null ? [0, 1] : [2, 3]
    return { items, nextCursor: 1, hasMore: true, itemCursors: items }
  }
  return { requests, fetchPage }
}

/** A service that answers empty pages with fresh cursors, claiming more, after one item. */
const emptyPages = async ({ cursor }: PageRequest<number>): Promise<FetchedPage<number, number>> => ({
  items: cursor === null ? [7] : [],
  nextCursor: (cursor ?? 0) + 1,
  hasMore: true,
})

describe("page machine: onServiceStall: 'end'", () => {
  it('CURSOR_NOT_ADVANCING: the stuck page is delivered, the walk ends without throwing, and stall holds the error, stamped', async () => {
    for (const view of ['items', 'pages'] as const) {
      const service = stuckService()
      const walk = createPageIterator(loadWalk, {
        ...service,
        options: resolvePaginationOptions<number>({ pageSize: 2 }),
        onServiceStall: 'end',
      })
      const seen: number[] = []
      if (view === 'items') for await (const item of walk) seen.push(item)
      else for await (const page of walk.pages()) seen.push(...page.items)
      expect(seen).toEqual([0, 1, 2, 3])
      expect(service.requests).toEqual([null, 1])
      expect(walk.stall).toBeInstanceOf(CursorNotAdvancingError)
      expect(walk.stall).toMatchObject({ code: 'CURSOR_NOT_ADVANCING', delivered: 4, resumeCursor: 3 })
    }
  })

  it("CURSOR_NOT_ADVANCING: with the default ('throw') the same service makes the walk throw, and stall stays undefined", async () => {
    const walk = createPageIterator(loadWalk, { ...stuckService(), options: resolvePaginationOptions<number>({ pageSize: 2 }) })
    await expect(walk.toArray({ maxItems: 10 })).rejects.toBeInstanceOf(CursorNotAdvancingError)
    expect(walk.stall).toBeUndefined()
  })

  it('EMPTY_PAGES: maxEmptyPages empty pages claiming more end the walk after its items, with the EmptyPagesError in stall', async () => {
    let calls = 0
    const walk = createPageIterator(loadWalk, {
      fetchPage: (request: PageRequest<number>) => (calls++, emptyPages(request)),
      options: resolvePaginationOptions<number>({ maxEmptyPages: 5 }),
      onServiceStall: 'end',
    })
    expect(await walk.toArray({ maxItems: 100 })).toEqual([7])
    expect(calls).toBe(6)
    expect(walk.stall).toBeInstanceOf(EmptyPagesError)
    expect(walk.stall).toMatchObject({ code: 'EMPTY_PAGES', pages: 5, delivered: 1 })
  })

  it('a walk that ends because the service has no more has no stall, and each new walk starts without the last one’s', async () => {
    let stuck = true
    const walk = createPageIterator(loadWalk, {
      fetchPage: async ({ cursor }: PageRequest<number>): Promise<FetchedPage<number, number>> =>
        cursor === null ? { items: [0], nextCursor: 0, hasMore: true } : { items: [1], nextCursor: stuck ? 0 : 1, hasMore: stuck },
      options: resolvePaginationOptions<number>({ pageSize: 1 }),
      onServiceStall: 'end',
    })
    expect(await walk.toArray({ maxItems: 10 })).toEqual([0, 1])
    expect(walk.stall?.code).toBe('CURSOR_NOT_ADVANCING')
    stuck = false
    expect(await walk.toArray({ maxItems: 10 })).toEqual([0, 1])
    expect(walk.stall).toBeUndefined()
  })
})
