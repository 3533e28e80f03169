import { transactionIndexKeys } from './indexKeys.js'
import { firstIndexWhere } from './sortedSearch.js'
import type { LedgerTransaction } from './types.js'

const EMPTY: readonly never[] = Object.freeze([])
const MAX_CACHED_BUCKET_SETS = 100_000

/**
 * Transactions by sender and called function (see `transactionIndexKeys`), each list
 * ascending. Pruned transactions stay at the front until `compact`.
 *
 * @example
 * const index = new TransactionIndex()
 * index.add(tx)
 * index.matching([`s:${tx.sender}`]) // [tx]
 */
export class TransactionIndex {
  readonly #lists = new Map<string, LedgerTransaction[]>()
  /** Index lists each (sender, function) goes into (saves building keys per transaction). */
  readonly #bucketCache = new Map<string, LedgerTransaction[][]>()

  /** Indexes a new transaction (the newest so far). */
  add(tx: LedgerTransaction): void {
    for (const list of this.#buckets(tx)) list.push(tx)
  }

  /** Transactions that have every key, ascending; `all` when there is no key. */
  matching(keys: readonly string[], all: readonly LedgerTransaction[]): readonly LedgerTransaction[] {
    if (keys.length === 0) return all
    let smallest: readonly LedgerTransaction[] | undefined
    for (const key of keys) {
      const list = this.#lists.get(key) ?? EMPTY
      if (!smallest || list.length < smallest.length) smallest = list
    }
    if (keys.length === 1) return smallest ?? EMPTY
    return (smallest ?? EMPTY).filter((tx) => {
      const have = transactionIndexKeys(tx)
      return keys.every((key) => have.includes(key))
    })
  }

  /** Drops transactions of checkpoints before `first`. */
  compact(first: number): void {
    this.#bucketCache.clear()
    for (const [key, list] of this.#lists) {
      const start = firstIndexWhere(list, (tx) => tx.checkpoint >= first)
      if (start === list.length) this.#lists.delete(key)
      else list.splice(0, start)
    }
  }

  #buckets(tx: LedgerTransaction): LedgerTransaction[][] {
    const id = tx.sender + tx.call.package + tx.call.module + '::' + tx.call.function
    let buckets = this.#bucketCache.get(id)
    if (!buckets) {
      buckets = transactionIndexKeys(tx).map((key) => {
        let list = this.#lists.get(key)
        if (!list) {
          list = []
          this.#lists.set(key, list)
        }
        return list
      })
      if (this.#bucketCache.size >= MAX_CACHED_BUCKET_SETS) this.#bucketCache.clear()
      this.#bucketCache.set(id, buckets)
    }
    return buckets
  }
}
