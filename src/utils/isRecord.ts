/**
 * Tells whether a value is a plain JSON-like object: not null, not an array.
 *
 * @example
 * isRecord(JSON.parse('{"a":1}')) // true
 * isRecord([1]) // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
