import { eventKey } from '../eventKey.js'
import type { ChainxEvent } from '../types.js'

/**
 * Live events held back while a backfill runs, in arrival order, with their keys, so the
 * backfill can stop as soon as it reaches the live stream (which is contiguous from the
 * server's acknowledgement on). Past `capacity` it forgets everything it held: those
 * events are still on the chain and the backfill, which has not reached them yet, reads them.
 *
 * @example
 * const buffer = new LiveBuffer(10_000)
 * buffer.push(event)
 * buffer.has(eventKey(event)) // true
 * for (const held of buffer.drain()) deliver(held)
 */
export class LiveBuffer {
  readonly #capacity: number
  #events: ChainxEvent[] = []
  #keys = new Set<string>()

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** The oldest event held, if any. */
  get first(): ChainxEvent | undefined {
    return this.#events[0]
  }

  /** Holds `event`; returns false when that went over capacity and everything held was forgotten. */
  push(event: ChainxEvent): boolean {
    if (this.#events.length >= this.#capacity) {
      this.#events = []
      this.#keys = new Set()
      return false
    }
    this.#events.push(event)
    this.#keys.add(eventKey(event))
    return true
  }

  /** Whether an event with this key is held. */
  has(key: string): boolean {
    return this.#keys.has(key)
  }

  /** Returns the events held, oldest first, and empties the buffer. */
  drain(): ChainxEvent[] {
    const events = this.#events
    this.#events = []
    this.#keys = new Set()
    return events
  }
}
