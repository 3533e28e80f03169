/**
 * A set of strings that remembers only the last `capacity` added: the oldest key is
 * forgotten when a new one would go over. Used to drop events delivered twice (once live,
 * once by a backfill) without growing forever.
 *
 * @example
 * const seen = new RecentKeys(2)
 * seen.add('a'); seen.add('b'); seen.add('c')
 * seen.has('a') // false: forgotten
 * seen.has('c') // true
 */
export class RecentKeys {
  readonly #keys = new Set<string>()
  readonly #capacity: number

  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`)
    this.#capacity = capacity
  }

  /** Whether `key` is among the remembered keys. */
  has(key: string): boolean {
    return this.#keys.has(key)
  }

  /** Remembers `key`, forgetting the oldest key when full. */
  add(key: string): void {
    if (this.#keys.has(key)) return
    if (this.#keys.size >= this.#capacity) this.#keys.delete(this.#keys.values().next().value as string)
    this.#keys.add(key)
  }
}
