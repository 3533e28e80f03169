import { parse } from 'smol-toml'
import { MoveCodegenError } from './MoveCodegenError.js'

/**
 * Reads the `[package]` name and the string `[addresses]` of a `Move.toml` (smol-toml, TOML 1.0).
 * @throws MoveCodegenError when the text is not valid TOML (the message gives line and column)
 */
export function readMoveToml(text: string) {
  let document: Record<string, unknown>
  try {
    document = parse(text)
  } catch (error) {
    const line = (error as { line?: unknown }).line
    const message = `not valid TOML: ${String((error as Error).message).split('\n')[0]}`
    throw new MoveCodegenError([{ file: 'Move.toml', line: typeof line === 'number' ? line : 1, message }])
  }
  const pkg = table(document['package'])
  const name = pkg['name']
  const addresses = new Map<string, string>()
  for (const [key, value] of Object.entries(table(document['addresses']))) {
    if (typeof value === 'string') addresses.set(key, value)
  }
  return { name: typeof name === 'string' ? name : undefined, addresses }
}

/** A TOML table as a record, or an empty one when `value` is absent or not a table. */
function table(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
    ? (value as Record<string, unknown>)
    : {}
}
