import { InvalidArgumentError } from '../errors/request.js'

/** RFC 9110 `token`: the characters a field name may use. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, space and tab: a field value nothing on the way can misread (RFC 9110 5.5, no obs-text). */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/

/**
 * Checks headers before any request: each name an RFC 9110 token, each value a string of
 * visible ASCII, spaces and tabs (no CR, LF, NUL or non-ASCII such as `café`). Anything else
 * is `INVALID_ARGUMENT` naming the header and where it came from, never its value (it may be
 * a credential). Returns the headers unchanged.
 *
 * @example
 * checkHeaders({ authorization: 'Bearer abc' }, 'the headers option')
 * checkHeaders({ 'x-id': 'a\r\nb' }, 'per-call headers') // throws INVALID_ARGUMENT
 */
export function checkHeaders<T extends Record<string, string>>(headers: T, source: string): T {
  if (typeof headers !== 'object' || headers === null) {
    throw new InvalidArgumentError(`${source} must be an object of header names to string values`)
  }
  for (const name in headers) {
    if (!Object.hasOwn(headers, name)) continue
    if (!TOKEN.test(name)) {
      throw new InvalidArgumentError(`Header name ${JSON.stringify(name.slice(0, 64))} from ${source} is not an HTTP token (RFC 9110)`)
    }
    const value: unknown = headers[name]
    if (typeof value !== 'string') throw new InvalidArgumentError(`Header "${name}" from ${source} must be a string, got ${typeof value}`)
    if (!FIELD_VALUE.test(value)) {
      const at = [...value].findIndex((char) => !FIELD_VALUE.test(char))
      throw new InvalidArgumentError(
        `Header "${name}" from ${source} has a character outside visible ASCII, space and tab at position ${at} (CR, LF, NUL and non-ASCII are refused)`,
      )
    }
  }
  return headers
}
