import type { LedgerEvent, LedgerReader } from '../ledger/types.js'
import type { EventKeyField } from './EventFilter.js'
import { firstIndexWhere } from '../ledger/sortedSearch.js'
import { comparePositions, indexOfEvent } from './eventOrder.js'
import { eventKeys, eventTimestampMs } from './eventKeys.js'

/**
 * Events of one key, ascending by position; `[from, to)` are the ones still in the ledger.
 *
 * @example
 * const { list, from, to } = index.eventsWithKey('sender', key)
 * const live = list.slice(from, to)
 */
export interface EventSlice {
  list: readonly LedgerEvent[]
  from: number
  to: number
}

interface KeyedIndex {
  lists: Map<string, LedgerEvent[]>
  /** Last ledger event this index has seen. */
  last: LedgerEvent | undefined
  /** Events indexed since the last rebuild, pruned ones included. */
  indexed: number
}

interface TimeOrder {
  last: LedgerEvent | undefined
  lastTimestamp: number
  nonDecreasing: boolean
}

const indexes = new WeakMap<LedgerReader, LedgerEventIndex>()

/**
 * Lazily built per-key indexes over a ledger's events, so a filtered page costs
 * O(log n + limit) instead of a scan. An index for a field is built the first time a
 * filter on that field is queried and then extended as the ledger grows.
 *
 * It relies on `LedgerReader.events` being ascending by (txSeq, eventIndex) and only
 * ever growing at the end and losing events at the start (pruning). Pruned events stay in
 * the key lists and are skipped by position; an index is rebuilt when it holds more than
 * twice the live events, or when the last event it saw is no longer where it was.
 *
 * @example
 * const index = LedgerEventIndex.of(ledger)
 * const { list, from, to } = index.eventsWithKey('sender', canonicalAddress('0x1'))
 */
export class LedgerEventIndex {
  readonly #ledger: LedgerReader
  readonly #keyed = new Map<EventKeyField, KeyedIndex>()
  readonly #timeOrder: TimeOrder = { last: undefined, lastTimestamp: 0, nonDecreasing: true }

  private constructor(ledger: LedgerReader) {
    this.#ledger = ledger
  }

  /**
   * The index of `ledger`, created on first use and kept as long as the ledger lives.
   *
   * @example
   * LedgerEventIndex.of(ledger) === LedgerEventIndex.of(ledger) // true
   */
  static of(ledger: LedgerReader): LedgerEventIndex {
    let index = indexes.get(ledger)
    if (index === undefined) {
      index = new LedgerEventIndex(ledger)
      indexes.set(ledger, index)
    }
    return index
  }

  /**
   * The live events whose `eventKeys(field)` include `key`, ascending by position.
   *
   * @example
   * index.eventsWithKey('transaction', digest)
   */
  eventsWithKey(field: EventKeyField, key: string): EventSlice {
    const events = this.#ledger.events
    const list = this.#syncKeyed(field, events).lists.get(key) ?? []
    const first = events[0]
    const from = first === undefined ? list.length : firstIndexWhere(list, (event) => comparePositions(event, first) >= 0)
    return { list, from, to: list.length }
  }

  /**
   * Whether the live events' timestamps never decrease in ledger order, which lets a time
   * range be found by binary search.
   *
   * @example
   * if (index.timestampsAreOrdered()) { ... }
   */
  timestampsAreOrdered(): boolean {
    const events = this.#ledger.events
    const order = this.#timeOrder
    let start = order.last === undefined ? 0 : indexOfEvent(events, order.last) + 1
    if (start === 0) {
      order.nonDecreasing = true
      order.lastTimestamp = 0
    }
    for (; start < events.length && order.nonDecreasing; start++) {
      const timestamp = eventTimestampMs(events[start] as LedgerEvent)
      if (timestamp === undefined || timestamp < order.lastTimestamp) order.nonDecreasing = false
      else order.lastTimestamp = timestamp
    }
    order.last = events.at(-1)
    return order.nonDecreasing
  }

  #syncKeyed(field: EventKeyField, events: readonly LedgerEvent[]): KeyedIndex {
    let index = this.#keyed.get(field)
    let start = index?.last === undefined ? 0 : indexOfEvent(events, index.last) + 1
    if (index === undefined || start === 0 || index.indexed > 2 * events.length + 1024) {
      index = { lists: new Map(), last: undefined, indexed: 0 }
      this.#keyed.set(field, index)
      start = 0
    }
    for (; start < events.length; start++) {
      const event = events[start] as LedgerEvent
      for (const key of eventKeys(field, event)) {
        const list = index.lists.get(key)
        if (list === undefined) index.lists.set(key, [event])
        else list.push(event)
      }
      index.indexed++
    }
    index.last = events.at(-1)
    return index
  }
}
