import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('../../src/pagination/walkPages.js')
  vi.resetModules()
})

describe('the walk chunk: the page machine loads its walk with the first walk that starts', () => {
  it('a failed load ends that walk with CHUNK_LOAD_FAILED before any request, and the next walk loads it and walks every item', async () => {
    let loads = 0
    vi.doMock('../../src/pagination/walkPages.js', async (importOriginal) => {
      loads++
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return importOriginal()
    })
    const { createPageIterator } = await import('../../src/pagination/createPageIterator.js')
    const { resolvePaginationOptions } = await import('../../src/pagination/resolvePaginationOptions.js')
    const rows = Array.from({ length: 25 }, (_, index) => index)
    let requests = 0
    const walk = createPageIterator<number, number, { items: number[]; nextCursor: number; hasMore: boolean }>({
      fetchPage: async ({ cursor, size }) => {
        requests++
        const from = cursor ?? 0
        if (size === undefined) throw new Error('the walk names its page size')
        return { items: rows.slice(from, from + size), nextCursor: from + size, hasMore: from + size < rows.length }
      },
      options: resolvePaginationOptions({ pageSize: 10 }),
    })
    const failed = await walk.toArray({ maxItems: 100 }).catch((error: unknown) => error)
    expect(failed).toMatchObject({ code: 'CHUNK_LOAD_FAILED', chunk: 'walkPages', delivered: 0, resumeCursor: null })
    expect(requests).toBe(0)
    expect(await walk.toArray({ maxItems: 100 })).toEqual(rows)
    expect(requests).toBe(3)
  })
})
