import type { FetchedPage, ItemKey } from './types.js'

/**
 * The items of one page a walk delivers, with their cursors when the page carries them.
 *
 * @example
 * const kept: KeptItems<string, string> = { items: ['a'], cursors: ['c1'], total: 2 }
 */
export interface KeptItems<TItem, TCursor> {
  items: TItem[]
  cursors: readonly TCursor[] | undefined
  /** Items the page delivers when nothing cuts it (after restart de-duplication). */
  total: number
}

/**
 * The first `room` items of a page (the page itself, not a copy, when all of them fit).
 *
 * @example
 * keepFirst({ items: ['a', 'b'], nextCursor: 'c', hasMore: true }, 1).items // ['a']
 */
export function keepFirst<TItem, TCursor>(page: FetchedPage<TItem, TCursor>, room: number): KeptItems<TItem, TCursor> {
  const { items, itemCursors } = page
  if (items.length <= room) return { items, cursors: itemCursors, total: items.length }
  return { items: items.slice(0, room), cursors: itemCursors?.slice(0, room), total: items.length }
}

/**
 * After a restart: the page's items not delivered yet (by `key`), at most `room` of them,
 * each added to `seen`.
 *
 * @example
 * keepUnseen(page, new Set(['a']), (item) => item, 10).items // page.items without 'a'
 */
export function keepUnseen<TItem, TCursor>(
  page: FetchedPage<TItem, TCursor>,
  seen: Set<ItemKey>,
  key: (item: TItem) => ItemKey,
  room: number,
): KeptItems<TItem, TCursor> {
  const items: TItem[] = []
  const cursors: TCursor[] | undefined = page.itemCursors ? [] : undefined
  let total = 0
  for (const [index, item] of page.items.entries()) {
    const id = key(item)
    if (seen.has(id)) continue
    total++
    if (items.length === room) continue
    seen.add(id)
    items.push(item)
    cursors?.push(page.itemCursors?.[index] as TCursor)
  }
  return { items, cursors, total }
}
