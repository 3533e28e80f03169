/** A small deterministic pseudo-random source (mulberry32). Not for cryptography. */
export interface Random {
  /** Next float in [0, 1). */
  next(): number
  /** Integer in [0, max). */
  int(max: number): number
  /** Integer in [min, max] (both inclusive). */
  between(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
  /** `length` random bytes. */
  bytes(length: number): Uint8Array
}

/**
 * Creates a seeded PRNG (mulberry32): the same seed always gives the same sequence.
 *
 * @example
 * const random = createRandom(42)
 * random.int(10) // the same number on every run
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number): number => Math.floor(next() * max)
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
    bytes: (length) => {
      const out = new Uint8Array(length)
      for (let i = 0; i < length; i += 4) {
        const word = (next() * 4294967296) >>> 0
        for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (word >>> (j * 8)) & 0xff
      }
      return out
    },
  }
}
