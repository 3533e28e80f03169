import type { LedgerEvent, LedgerReader } from './types.js'
import { firstIndexWhere } from './sortedSearch.js'
import { comparePositions, indexOfEvent } from './eventOrder.js'
import { eventKeys, eventTimestampMs, type EventKeyField } from './eventKeys.js'

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

/** One key an event must have: `eventKeys(field, event)` includes `key`. */
export interface EventKey {
  field: EventKeyField
  key: string
}

/** Events having several keys, extended from the list of one of them as it grows. */
interface CompositeList {
  source: readonly LedgerEvent[]
  scanned: number
  events: LedgerEvent[]
}

interface TimeOrder {
  last: LedgerEvent | undefined
  lastTimestamp: number
  nonDecreasing: boolean
}

const indexes = new WeakMap<LedgerReader, EventIndex>()
const MAX_COMPOSITE_LISTS = 32

/**
 * The mock's one event index, serving the GraphQL `events` filters and the JSON-RPC queries:
 * lazily built per-key indexes over a ledger's events, so a filtered page costs
 * O(log n + limit) instead of a scan. An index for a field is built the first time a
 * filter on that field is queried and then extended as the ledger grows.
 *
 * It relies on `LedgerReader.events` being ascending by (txSeq, eventIndex) and only
 * ever growing at the end and losing events at the start (pruning). Pruned events stay in
 * the key lists and are skipped by position; an index is rebuilt when it holds more than
 * twice the live events, or when the last event it saw is no longer where it was.
 *
 * @example
 * const index = EventIndex.of(ledger)
 * const { list, from, to } = index.eventsWithKey('sender', canonicalAddress('0x1'))
 */
export class EventIndex {
  readonly #ledger: LedgerReader
  readonly #keyed = new Map<EventKeyField, KeyedIndex>()
  readonly #composite = new Map<string, CompositeList>()
  readonly #timeOrder: TimeOrder = { last: undefined, lastTimestamp: 0, nonDecreasing: true }

  private constructor(ledger: LedgerReader) {
    this.#ledger = ledger
  }

  /**
   * The index of `ledger`, created on first use and kept as long as the ledger lives.
   *
   * @example
   * EventIndex.of(ledger) === EventIndex.of(ledger) // true
   */
  static of(ledger: LedgerReader): EventIndex {
    let index = indexes.get(ledger)
    if (index === undefined) {
      index = new EventIndex(ledger)
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
   * Events that have every key, ascending; events of pruned checkpoints may remain at the
   * front (bound reads by `availableRange.first`). Lists for several keys are kept (the 32
   * latest) and extended as the ledger grows.
   *
   * @example
   * index.eventsMatching([{ field: 'sender', key: sender }, { field: 'typeStruct', key: struct }])
   */
  eventsMatching(keys: readonly EventKey[]): readonly LedgerEvent[] {
    if (keys.length === 0) return this.#ledger.events
    const lists = keys.map(({ field, key }) => this.eventsWithKey(field, key).list)
    if (keys.length === 1) return lists[0] as readonly LedgerEvent[]
    const id = keys
      .map(({ field, key }) => `${field}=${key}`)
      .sort()
      .join('&')
    let composite = this.#composite.get(id)
    // A rebuilt key list means the kept one holds pruned events only: start again.
    if (composite === undefined || !lists.includes(composite.source)) {
      const source = lists.reduce((a, b) => (b.length < a.length ? b : a))
      composite = { source, scanned: 0, events: [] }
      if (this.#composite.size >= MAX_COMPOSITE_LISTS) this.#composite.delete(this.#composite.keys().next().value as string)
      this.#composite.set(id, composite)
    }
    const { source, events } = composite
    for (; composite.scanned < source.length; composite.scanned++) {
      const event = source[composite.scanned] as LedgerEvent
      if (keys.every(({ field, key }) => eventKeys(field, event).includes(key))) events.push(event)
    }
    return events
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
