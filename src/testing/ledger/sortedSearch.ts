/**
 * First index in `[lo, hi)` whose item satisfies `isAtOrAfter`, assuming the predicate is
 * false for a prefix of the range and true for the rest (binary search, O(log n)).
 * Returns `hi` when no item satisfies it.
 *
 * @example
 * firstIndexWhere([1, 3, 5, 7], (n) => n >= 5) // 2
 */
export function firstIndexWhere<T>(items: readonly T[], isAtOrAfter: (item: T) => boolean, lo = 0, hi = items.length): number {
  let low = lo
  let high = hi
  while (low < high) {
    const mid = (low + high) >>> 1
    if (isAtOrAfter(items[mid] as T)) high = mid
    else low = mid + 1
  }
  return low
}
