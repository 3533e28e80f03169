import { InvalidArgumentError } from '../errors/request.js'

/**
 * Refuses option keys a method does not know (even with an `undefined` value), naming the key and the nearest valid one; a value
 * that is not an object is left to the caller's own check.
 */
export function checkKeys(where: string, options: unknown, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue
    const near = nearest(key, known)
    const hint = near === undefined ? `valid options: ${known.map((name) => `\`${name}\``).join(', ')}` : `did you mean \`${near}\`?`
    throw new InvalidArgumentError(`${where}: unknown option \`${key}\`: ${hint}`)
  }
}

/** The known key closest to `key` by edit distance (case-insensitive), when it is close enough to be a slip. */
function nearest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [name, distance]
  }
  return best
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    }
    previous = row
  }
  return previous[b.length] as number
}
