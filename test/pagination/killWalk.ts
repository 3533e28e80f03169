import { expect } from 'vitest'
import type { ChainxError } from '../../src/errors/ChainxError.js'
import type { PageIterable } from '../../src/pagination/types.js'

/**
 * Walks until the `killAt`-th item, saving `walk.cursor` after each item as an export would,
 * then kills the walk: `break`, or an abort of its signal (the walk then throws `ABORTED`, whose
 * `delivered` and `resumeCursor` must match what was saved). Returns the items and the saved cursor.
 */
export async function walkUntilKilled<TItem, TCursor>(
  walk: PageIterable<TItem, unknown, TCursor>,
  kill: { at: number; how: 'break' | 'abort'; controller: AbortController },
): Promise<{ items: TItem[]; cursor: TCursor | null }> {
  const items: TItem[] = []
  let cursor = walk.cursor
  if (kill.at === 0) return { items, cursor }
  try {
    for await (const item of walk) {
      items.push(item)
      cursor = walk.cursor
      if (items.length === kill.at) {
        if (kill.how === 'break') break
        kill.controller.abort()
      }
    }
  } catch (error) {
    expect(error).toMatchObject({ code: 'ABORTED', delivered: kill.at })
    expect((error as ChainxError).resumeCursor).toEqual(cursor)
  }
  return { items, cursor }
}
