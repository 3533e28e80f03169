import { describeValue } from './decode.js'

/** JSON text of a parsed response value, for an error's body excerpt (a value too deep for `JSON.stringify` is described). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? describeValue(value)
  } catch {
    return describeValue(value)
  }
}
