import { InvalidArgumentError } from '../errors/request.js'

/**
 * JSON text of what the caller asked to send: a value `JSON.stringify` refuses (a `BigInt`, a
 * cycle) is `InvalidArgumentError` before anything is sent.
 */
export function requestJson(value: unknown, what: string): string {
  try {
    return JSON.stringify(value)
  } catch (cause) {
    throw new InvalidArgumentError(`${what} must be JSON-serialisable`, { cause })
  }
}
