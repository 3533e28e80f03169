/**
 * Small JSON helpers for the mock JSON-RPC endpoint: serialisation that tolerates
 * `bigint`, JSON Pointer reads and structural equality.
 */

/**
 * `JSON.stringify` that writes `bigint` values as decimal strings (the service writes
 * large integers as strings, spec 6.2) instead of throwing.
 *
 * @example
 * stringifyJson({ amount: 10n }) // '{"amount":"10"}'
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item))
}

/**
 * Splits a slash-prefixed JSON Pointer (RFC 6901) into its unescaped tokens, or returns
 * `undefined` when the text is not a pointer. The empty string points at the whole document.
 *
 * @example
 * parseJsonPointer('/coin/value') // ['coin', 'value']
 * parseJsonPointer('/a~1b') // ['a/b']
 */
export function parseJsonPointer(pointer: string): string[] | undefined {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return undefined
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

/**
 * Reads the value a pointer's tokens address inside `document`; `undefined` when any step
 * is missing. Array steps must be canonical indexes (`0`, `1`, ... with no leading zero).
 *
 * @example
 * readJsonPointer({ a: [{ b: 1 }] }, ['a', '0', 'b']) // 1
 */
export function readJsonPointer(document: unknown, tokens: readonly string[]): unknown {
  let current: unknown = document
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined
      current = current[Number(token)]
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token]
    } else {
      return undefined
    }
  }
  return current
}

/**
 * Structural equality of two JSON values (object key order does not matter; `bigint`
 * equals its decimal string, as it is written on the wire).
 *
 * @example
 * jsonDeepEqual({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 * jsonDeepEqual('1', 1) // false
 */
export function jsonDeepEqual(left: unknown, right: unknown): boolean {
  const a = typeof left === 'bigint' ? left.toString() : left
  const b = typeof right === 'bigint' ? right.toString() : right
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, index) => jsonDeepEqual(item, b[index]))
  }
  const aRecord = a as Record<string, unknown>
  const bRecord = b as Record<string, unknown>
  const aKeys = Object.keys(aRecord).filter((key) => aRecord[key] !== undefined)
  const bKeys = Object.keys(bRecord).filter((key) => bRecord[key] !== undefined)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && jsonDeepEqual(aRecord[key], bRecord[key]))
}
