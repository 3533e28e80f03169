/** An item the walk delivered, with the walk's cursor after it. */
export interface Entry {
  item: unknown
  cursor: unknown
}

/** What `Feed.take` gives: a batch, the mark that the backfill is done, or the end (with the walk's error). */
export type Taken = { kind: 'batch'; entries: Entry[] } | { kind: 'caught-up' } | { kind: 'end'; error?: unknown }

const CAUGHT_UP = Symbol('caught-up')

/**
 * The bounded buffer between a pipeline's walk (the reader, which keeps fetching pages) and its
 * writer (which commits batches): writes overlap the next pages' fetches, and a reader more than
 * `capacity` items ahead waits.
 */
export class Feed {
  readonly #queue: (Entry | typeof CAUGHT_UP)[] = []
  readonly #capacity: number
  #ended: { error?: unknown } | undefined
  #wakeTaker: (() => void) | undefined
  #wakePusher: (() => void) | undefined

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** Adds an entry; waits while the buffer is full. */
  async push(entry: Entry): Promise<void> {
    while (this.#queue.length >= this.#capacity && !this.#ended) await new Promise<void>((resolve) => (this.#wakePusher = resolve))
    this.#queue.push(entry)
    this.#wake()
  }

  /** Marks where the backfill ended. */
  caughtUp(): void {
    this.#queue.push(CAUGHT_UP)
    this.#wake()
  }

  /** No more entries: the walk ended, failed (`error`), or was stopped. */
  end(error?: unknown): void {
    this.#ended ??= error === undefined ? {} : { error }
    this.#wake()
    this.#wakePusher?.()
  }

  /** Waits for something, then takes up to `max` entries (never past a caught-up mark). */
  async take(max: number): Promise<Taken> {
    while (this.#queue.length === 0 && !this.#ended) await new Promise<void>((resolve) => (this.#wakeTaker = resolve))
    if (this.#queue[0] === CAUGHT_UP) {
      this.#queue.shift()
      return { kind: 'caught-up' }
    }
    if (this.#queue.length === 0) return { kind: 'end', ...this.#ended }
    let count = 0
    while (count < max && count < this.#queue.length && this.#queue[count] !== CAUGHT_UP) count++
    const entries = this.#queue.splice(0, count) as Entry[]
    const wakePusher = this.#wakePusher
    this.#wakePusher = undefined
    wakePusher?.()
    return { kind: 'batch', entries }
  }

  #wake(): void {
    const wake = this.#wakeTaker
    this.#wakeTaker = undefined
    wake?.()
  }
}
