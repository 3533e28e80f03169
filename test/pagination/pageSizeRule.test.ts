import { describe, expect, it } from 'vitest'
import { createPageIterator, type PageRequest } from '../../src/pagination/createPageIterator.js'
import { requestSize, walkPageSize, walkPages } from '../../src/pagination/walkPages.js'
import { resolvePaginationOptions } from '../../src/pagination/resolvePaginationOptions.js'

describe('the one page-size rule of every walk', () => {
  it("the caller's pageSize wins, cut to the service's maximum when it says one", () => {
    expect(walkPageSize(30, { defaultPageSize: 20, maxPageSize: 50 })).toBe(30)
    expect(walkPageSize(200, { defaultPageSize: 20, maxPageSize: 50 })).toBe(50)
    expect(walkPageSize(200, {})).toBe(200)
  })

  it("without pageSize: the service's default page size, or none (the service decides) when it says none", () => {
    expect(walkPageSize(undefined, { defaultPageSize: 20, maxPageSize: 50 })).toBe(20)
    expect(walkPageSize(undefined, { defaultPageSize: 80, maxPageSize: 50 })).toBe(50)
    expect(walkPageSize(undefined, {})).toBeUndefined()
  })

  it('a request asks for only what remains under maxItems; without a page size an uncapped request names none', () => {
    expect(requestSize(50, 7)).toBe(7)
    expect(requestSize(50, Infinity)).toBe(50)
    expect(requestSize(undefined, 7)).toBe(7)
    expect(requestSize(undefined, Infinity)).toBeUndefined()
    expect(requestSize(undefined, 2 ** 60)).toBeUndefined()
  })

  it("the machine applies it once per walk: servicePageSizes is read once, before the first request, and each request's size follows", async () => {
    const sizes: (number | undefined)[] = []
    let asked = 0
    const fetchPage = async ({ cursor, size }: PageRequest<number>) => {
      sizes.push(size)
      const from = cursor === null ? 0 : cursor + 1
      const items = Array.from({ length: Math.min(size ?? 50, 45 - from) }, (_, index) => from + index)
      return { items, nextCursor: items.at(-1) ?? cursor, hasMore: from + items.length < 45 }
    }
    const walk = (pageSize?: number, maxItems?: number) =>
      createPageIterator(async () => walkPages, {
        fetchPage,
        servicePageSizes: () => (asked++, { defaultPageSize: 20, maxPageSize: 30 }),
        options: resolvePaginationOptions<number>({ pageSize, maxItems }),
      })
    expect(await walk().toArray({ maxItems: 100 })).toHaveLength(45)
    expect(sizes.splice(0)).toEqual([20, 20, 20])
    expect(await walk(100, 40).toArray({ maxItems: 100 })).toHaveLength(40)
    expect(sizes.splice(0)).toEqual([30, 10])
    expect(asked).toBe(2)
  })
})
