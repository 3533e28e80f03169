import { eventKey } from '../../src/events/eventId.js'
import type { ChainxEvent } from '../../src/events/types.js'
import type { EventWatcher } from '../../src/resources/events.js'

/**
 * Takes `count` events from a watcher, calling `onEach` after each with its index, then
 * stops iterating. Bounded by the signal the watcher was given.
 *
 * @example
 * expect(keys(await take(watcher, 5))).toEqual(expected)
 */
export async function take<T>(
  watcher: EventWatcher<T>,
  count: number,
  onEach?: (event: ChainxEvent<T>, index: number) => void,
): Promise<ChainxEvent<T>[]> {
  const out: ChainxEvent<T>[] = []
  if (count === 0) return out
  for await (const event of watcher) {
    out.push(event)
    onEach?.(event, out.length - 1)
    if (out.length >= count) break
  }
  return out
}

/**
 * The `eventKey` of each event, in order.
 *
 * @example
 * keys(await take(watcher, 2)) // ['<digest>:0', '<digest>:1']
 */
export const keys = (events: readonly ChainxEvent<unknown>[]) => events.map(eventKey)
