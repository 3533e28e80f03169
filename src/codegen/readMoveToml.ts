import { parse } from 'smol-toml'
import { isRecord } from '../utils/isRecord.js'
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
  const { package: pkg, addresses: table } = document
  const name = isRecord(pkg) ? pkg['name'] : undefined
  const addresses = new Map<string, string>()
  // Tables only (a TOML date is an object without entries); addresses that are not strings are skipped.
  for (const [key, value] of Object.entries(isRecord(table) ? table : {})) {
    if (typeof value === 'string') addresses.set(key, value)
  }
  return { name: typeof name === 'string' ? name : undefined, addresses }
}
