/**
 * Live items held back while a backfill runs, in arrival order, with their keys, so the
 * backfill can stop as soon as it reaches the live stream (which is contiguous from the
 * server's acknowledgement on). Past `capacity` it forgets everything it held: those
 * events are still on the chain and the backfill, which has not reached them yet, reads them.
 *
 * @example
 * const buffer = new LiveBuffer(10_000, eventKey)
 * buffer.push(event)
 * buffer.has(eventKey(event)) // true
 * for (const held of buffer.drain()) deliver(held)
 */
export class LiveBuffer<TItem> {
  readonly #capacity: number
  readonly #key: (item: TItem) => string
  #events: TItem[] = []
  #keys = new Set<string>()

  constructor(capacity: number, key: (item: TItem) => string) {
    this.#capacity = capacity
    this.#key = key
  }

  /** The oldest event held, if any. */
  get first(): TItem | undefined {
    return this.#events[0]
  }

  /** Holds `event`; returns false when that went over capacity and everything held was forgotten. */
  push(event: TItem): boolean {
    if (this.#events.length >= this.#capacity) {
      this.#events = []
      this.#keys = new Set()
      return false
    }
    this.#events.push(event)
    this.#keys.add(this.#key(event))
    return true
  }

  /** Whether an event with this key is held. */
  has(key: string): boolean {
    return this.#keys.has(key)
  }

  /** Returns the events held, oldest first, and empties the buffer. */
  drain(): TItem[] {
    const events = this.#events
    this.#events = []
    this.#keys = new Set()
    return events
  }
}
