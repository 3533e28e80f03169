import { InvalidFilterError } from '../errors/jsonRpc.js'
import { isRecord } from '../utils/isRecord.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import { TypeNameError } from '../errors/TypeNameError.js'
import { isMoveAddress, isMoveIdentifier, parseStructTag, type ParseTypeNameOptions } from './parseTypeName.js'

// The parts of the filter checks (event queries, event subscriptions, transactions): each reader
// checks one value and throws INVALID_FILTER at `path` when it is not what it should be.

export function invalidFilter(path: string, reason: string, cause?: unknown): InvalidFilterError {
  return new InvalidFilterError({ path, reason, cause })
}

/** How a value is named in messages. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return `a list of ${value.length}`
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

/**
 * The check of a filter's one key from `checks`; any other key fails naming the ones `checks`
 * takes, and saying why when it is one of `elsewhere` (a filter of another kind).
 */
export function checkOf<C>(checks: Record<string, C>, key: string, path: string, takes: string, elsewhere: [string[], string]): C {
  if (Object.hasOwn(checks, key)) return checks[key] as C
  const reason = elsewhere[0].includes(key) ? `${key} ${elsewhere[1]}; ${takes}` : `unknown filter key; ${takes}`
  throw invalidFilter(path, `${reason} ${Object.keys(checks).join(', ')}`)
}

/** The one key of a filter and its value. */
export function readOneKey(filter: unknown, path: string): [key: string, value: unknown] {
  if (!isRecord(filter)) throw invalidFilter(path, `expected an object with one key, got ${describe(filter)}`)
  const [key, ...more] = Object.keys(filter)
  if (key === undefined || more.length > 0)
    throw invalidFilter(path, `expected exactly one key, got ${key === undefined ? 'none' : [key, ...more].join(', ')}`)
  return [key, filter[key]]
}

/** An object with the fields `names` (none missing) and maybe `optional` ones, no others. */
export function readFields(
  value: unknown,
  path: string,
  names: readonly string[],
  optional: readonly string[] = [],
): Record<string, unknown> {
  const all = [...names, ...optional]
  if (!isRecord(value))
    throw invalidFilter(path, `expected { ${[...names, ...optional.map((name) => `${name}?`)].join(', ')} }, got ${describe(value)}`)
  for (const name of Object.keys(value)) {
    if (!all.includes(name)) throw invalidFilter(`${path}.${name}`, `unknown field, expected ${all.join(', ')}`)
  }
  for (const name of names) {
    if (value[name] === undefined) throw invalidFilter(`${path}.${name}`, 'missing')
  }
  return value
}

export function readString(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw invalidFilter(path, `expected a non-empty string, got ${describe(value)}`)
  return value
}

/** An address or object ID: `0x` and 1 to 64 hex digits. */
export function readAddress(value: unknown, path: string): void {
  if (typeof value !== 'string' || !isMoveAddress(value)) {
    throw invalidFilter(path, `expected an address (0x and 1 to 64 hex digits), got ${describe(value)}`)
  }
}

/** A Move identifier; `what` names it in the message (e.g. `a module name`). */
export function readIdentifier(value: unknown, path: string, what: string): string {
  if (typeof value !== 'string' || !isMoveIdentifier(value))
    throw invalidFilter(path, `expected ${what} (a Move identifier), got ${describe(value)}`)
  return value
}

export function readDigest(value: unknown, path: string): string {
  if (typeof value !== 'string' || !isTransactionDigest(value)) {
    throw invalidFilter(path, `expected a transaction digest (Base58, 32 bytes), got ${describe(value)}`)
  }
  return value
}

/** `{ package, module }`, and `event` with `withEvent`: an address and Move names. */
export function readModule(value: unknown, path: string, withEvent = false): void {
  const fields = readFields(value, path, withEvent ? ['package', 'module', 'event'] : ['package', 'module'])
  readAddress(fields.package, `${path}.package`)
  readIdentifier(fields.module, `${path}.module`, 'a module name')
  if (withEvent) readIdentifier(fields.event, `${path}.event`, 'an event struct name')
}

/** A struct tag string, parsed by `parseStructTag`; its `TypeNameError` is kept as the cause. */
export function readStructTag(value: unknown, path: string, options: ParseTypeNameOptions): void {
  if (typeof value !== 'string') throw invalidFilter(path, `expected a struct tag string, got ${describe(value)}`)
  try {
    parseStructTag(value, options)
  } catch (error) {
    if (error instanceof TypeNameError) throw invalidFilter(path, `expected <package>::<module>::<Struct>: ${error.shortMessage}`, error)
    throw error
  }
}

/** Milliseconds in 0..2^64-1, a safe integer number or a string of up to 20 digits. */
export function readMillis(value: unknown, path: string): bigint {
  let millis: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) millis = BigInt(value)
  else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) millis = BigInt(value)
  if (millis === undefined || millis < 0n || millis >= 2n ** 64n) {
    throw invalidFilter(path, `expected milliseconds as an integer in 0..2^64-1 (a number or a string of digits), got ${describe(value)}`)
  }
  return millis
}

/** A time range `{ [start]: millis, [end]: millis }`, start not after end, its bounds as strings. */
export function readTimeRange<K extends string>(value: unknown, path: string, [start, end]: [K, K], note = ''): Record<K, string> {
  const fields = readFields(value, path, [start, end])
  const from = readMillis(fields[start], `${path}.${start}`)
  const to = readMillis(fields[end], `${path}.${end}`)
  if (from > to) throw invalidFilter(path, `${start} (${from}) is after ${end} (${to})${note}`)
  return { [start]: from.toString(), [end]: to.toString() } as Record<K, string>
}
