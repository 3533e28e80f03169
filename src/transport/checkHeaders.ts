import { InvalidArgumentError } from '../errors/request.js'

/** RFC 9110 `token`: the characters a field name may use. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, space and tab: a field value nothing on the way can misread (RFC 9110 5.5, no obs-text). */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/

/**
 * Checks headers before any request (names RFC 9110 tokens, values visible ASCII, spaces and
 * tabs): else `INVALID_ARGUMENT` naming the header and its source, never its value.
 */
export function checkHeaders<T extends Record<string, string>>(headers: T, source: string): T {
  for (const name in headers) {
    const value: unknown = headers[name]
    if (!TOKEN.test(name) || typeof value !== 'string' || !FIELD_VALUE.test(value)) {
      const what = TOKEN.test(name) ? 'value: a string of visible ASCII, space and tab' : 'name: an RFC 9110 token'
      throw new InvalidArgumentError(`Header ${JSON.stringify(name.slice(0, 64))} from ${source} needs a valid ${what}`)
    }
  }
  return headers
}
