import { describeValue } from './decode.js'

/**
 * JSON text of a value parsed from a response, for an error's body excerpt: a value too
 * deep for `JSON.stringify` (which throws `RangeError` on deep nesting) is described instead.
 *
 * @example
 * new InvalidResponseError({ status: 101, body: jsonText(frame.params), reason: 'malformed event' })
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? describeValue(value)
  } catch {
    return describeValue(value)
  }
}
