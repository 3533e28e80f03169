/** The fields of a decoded cursor; `c` is the checkpoint the page was read at. */
export type CursorFields = { c: number } & Record<string, number | boolean>

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url')
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
}

/**
 * Encodes cursor fields as the service does: JSON, then Base64 URL-safe without padding.
 *
 * @example
 * encodeCursor({ tx: 2, e: 0, c: 1 }) // 'eyJ0eCI6MiwiZSI6MCwiYyI6MX0'
 */
export function encodeCursor(fields: Record<string, number | boolean>): string {
  return toBase64Url(JSON.stringify(fields))
}

/**
 * Decodes a cursor and checks it has exactly the `expected` numeric keys (plus `c`).
 * Throws an Error whose message says what is wrong.
 *
 * @example
 * decodeCursor('eyJ0eCI6MiwiZSI6MCwiYyI6MX0', ['tx', 'e']) // { tx: 2, e: 0, c: 1 }
 */
export function decodeCursor(cursor: string, expected: readonly string[], optionalBooleans: readonly string[] = []): CursorFields {
  let value: unknown
  try {
    value = JSON.parse(fromBase64Url(cursor))
  } catch {
    throw new Error('Failed to decode cursor')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('Failed to decode cursor')
  const record = value as Record<string, unknown>
  for (const key of ['c', ...expected]) {
    const field = record[key]
    if (typeof field !== 'number' || !Number.isSafeInteger(field) || field < 0)
      throw new Error(`Failed to decode cursor: missing field ${key}`)
  }
  for (const key of Object.keys(record)) {
    if (key !== 'c' && !expected.includes(key) && !(optionalBooleans.includes(key) && typeof record[key] === 'boolean')) {
      throw new Error(`Failed to decode cursor: unknown field ${key}`)
    }
  }
  return record as CursorFields
}
