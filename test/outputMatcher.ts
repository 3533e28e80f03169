// How a guide's ```text output block is compared with what its ```ts run block printed.

/** Whether `actual` lines match `expected` lines, with `…` wildcards (bounded: a few dozen lines). */
export function matchesOutput(actual: readonly string[], expected: readonly string[]): boolean {
  const patterns = expected.map((line) =>
    line === '…' ? undefined : new RegExp(`^${line.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
  )
  const match = (a: number, e: number): boolean => {
    if (e === patterns.length) return a === actual.length
    const pattern = patterns[e]
    if (pattern === undefined) {
      for (let next = a; next <= actual.length; next++) if (match(next, e + 1)) return true
      return false
    }
    return a < actual.length && pattern.test(actual[a] as string) && match(a + 1, e + 1)
  }
  return match(0, 0)
}
