import { InvalidFilterError } from '../errors/jsonRpc.js'
import { isTransactionDigest } from './isTransactionDigest.js'
import { isMoveAddress, isMoveIdentifier, parseStructTag, TypeNameError, type ParseTypeNameOptions } from './parseTypeName.js'
import type { EventQueryFilter } from './types.js'

const QUERY_KEYS = [
  'All', 'Transaction', 'MoveModule', 'MoveEventModule', 'MoveEvent', 'MoveEventType', 'EventType',
  'Sender', 'Recipient', 'Object', 'TimeRange',
] as const
const COMBINATORS: ReadonlySet<string> = new Set(['Any', 'And', 'Or', 'Not'])
const SUBSCRIPTION_ONLY: ReadonlySet<string> = new Set(['Package', 'MoveEventField', 'SenderAddress'])
const U64_MAX = 2n ** 64n - 1n

/**
 * Checks a `chainx_queryEvents` filter (spec 6.3) before anything is sent, and returns it
 * in the form the service accepts: `All` as `[]`, `TimeRange` bounds as strings of
 * milliseconds (the service reads u64 values only from strings). Everything else is
 * returned as given.
 *
 * Rules: exactly one key of `All`, `Transaction`, `MoveModule`, `MoveEventModule`,
 * `MoveEvent`, `MoveEventType`, `EventType`, `Sender`, `Recipient`, `Object`,
 * `TimeRange`; addresses and object IDs are `0x` and 1 to 64 hex digits; digests are
 * Base58 (32 bytes); module and struct names are Move identifiers; event types are
 * struct tags checked by `parseTypeName` (with its depth and width limits); `MoveEvent`
 * is a struct name or a struct tag; `EventType` is any non-empty kind, checked as a
 * struct tag when it looks like one; `TimeRange` bounds are integers in 0..2^64-1 with
 * `startTime <= endTime`. Combinations (`And`, `Or`, `Any`, `Not`, `All` with a
 * non-empty list) are not supported by queries (spec 6.3, J16).
 *
 * Throws `InvalidFilterError` (INVALID_FILTER) whose `path` points at the offending part.
 *
 * @example
 * validateEventQueryFilter({ TimeRange: { startTime: 0, endTime: 1_700_000_000_000 } })
 * // { TimeRange: { startTime: '0', endTime: '1700000000000' } }
 * validateEventQueryFilter({ And: [{ Sender: '0x1' }, { All: [] }] } as never)
 * // throws InvalidFilterError, path 'And'
 */
export function validateEventQueryFilter(filter: EventQueryFilter, options: ParseTypeNameOptions = {}): EventQueryFilter {
  if (!isPlainObject(filter)) throw invalid('', `expected an object with one key, got ${describe(filter)}`)
  const keys = Object.keys(filter)
  if (keys.length !== 1) throw invalid('', `expected exactly one key, got ${keys.length === 0 ? 'none' : keys.join(', ')}`)
  const key = keys[0] as string
  const value: unknown = (filter as Record<string, unknown>)[key]
  if (COMBINATORS.has(key)) throw combination(key)
  switch (key as (typeof QUERY_KEYS)[number]) {
    case 'All':
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return { All: [] }
      if (Array.isArray(value)) throw combination('All')
      throw invalid('All', `expected [] or null, got ${describe(value)}`)
    case 'Transaction':
      return { Transaction: readDigest(value, 'Transaction') }
    case 'MoveModule':
    case 'MoveEventModule': {
      const fields = readFields(value, key, ['package', 'module'])
      readAddress(fields.package, `${key}.package`)
      readIdentifier(fields.module, `${key}.module`, 'a module name')
      return filter
    }
    case 'MoveEvent': {
      const text = readString(value, 'MoveEvent')
      if (!isMoveIdentifier(text)) readStructTag(text, 'MoveEvent', options)
      return filter
    }
    case 'MoveEventType':
      readStructTag(readString(value, key), key, options)
      return filter
    case 'EventType': {
      const text = readString(value, 'EventType')
      if (/::|</.test(text)) readStructTag(text, 'EventType', options)
      else if (!isMoveIdentifier(text)) throw invalid('EventType', `expected an event kind or a struct tag, got ${JSON.stringify(text)}`)
      return filter
    }
    case 'Sender':
    case 'Object':
      readAddress(value, key)
      return filter
    case 'Recipient': {
      if (!isPlainObject(value) || Object.keys(value).length !== 1) {
        throw invalid('Recipient', `expected an owner such as { AddressOwner: <address> }, got ${describe(value)}`)
      }
      const owner = Object.keys(value)[0] as string
      if (owner !== 'AddressOwner' && owner !== 'ObjectOwner') {
        throw invalid(`Recipient.${owner}`, 'unknown owner kind, expected AddressOwner or ObjectOwner')
      }
      readAddress(value[owner], `Recipient.${owner}`)
      return filter
    }
    case 'TimeRange': {
      const fields = readFields(value, 'TimeRange', ['startTime', 'endTime'])
      const start = readMillis(fields.startTime, 'TimeRange.startTime')
      const end = readMillis(fields.endTime, 'TimeRange.endTime')
      if (start > end) throw invalid('TimeRange', `startTime (${start}) is after endTime (${end}); the range is closed, [startTime, endTime]`)
      return { TimeRange: { startTime: start.toString(), endTime: end.toString() } }
    }
  }
  if (SUBSCRIPTION_ONLY.has(key)) throw invalid(key, `${key} is a subscription filter (spec 6.4); queries take ${QUERY_KEYS.join(', ')}`)
  throw invalid(key, `unknown filter key; queries take ${QUERY_KEYS.join(', ')}`)
}

function combination(key: string): InvalidFilterError {
  return invalid(
    key,
    'combinations (All with a list, Any, And, Or, Not) are not supported by queries (spec 6.3); run one query per filter, or filter the results locally',
  )
}

function invalid(path: string, reason: string, cause?: unknown): InvalidFilterError {
  return new InvalidFilterError({ path, reason, cause })
}

function readFields(value: unknown, path: string, names: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(path, `expected { ${names.join(', ')} }, got ${describe(value)}`)
  for (const name of Object.keys(value)) {
    if (!names.includes(name)) throw invalid(`${path}.${name}`, `unknown field, expected ${names.join(', ')}`)
  }
  for (const name of names) {
    if (value[name] === undefined) throw invalid(`${path}.${name}`, 'missing')
  }
  return value
}

function readString(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(path, `expected a non-empty string, got ${describe(value)}`)
  return value
}

function readAddress(value: unknown, path: string): void {
  if (typeof value !== 'string' || !isMoveAddress(value)) {
    throw invalid(path, `expected an address (0x and 1 to 64 hex digits), got ${describe(value)}`)
  }
}

function readIdentifier(value: unknown, path: string, what: string): void {
  if (typeof value !== 'string' || !isMoveIdentifier(value)) throw invalid(path, `expected ${what} (a Move identifier), got ${describe(value)}`)
}

function readDigest(value: unknown, path: string): string {
  if (typeof value !== 'string' || !isTransactionDigest(value)) {
    throw invalid(path, `expected a transaction digest (Base58, 32 bytes), got ${describe(value)}`)
  }
  return value
}

function readStructTag(text: string, path: string, options: ParseTypeNameOptions): void {
  try {
    parseStructTag(text, options)
  } catch (error) {
    if (error instanceof TypeNameError) throw invalid(path, `expected <package>::<module>::<Struct>: ${error.shortMessage}`, error)
    throw error
  }
}

function readMillis(value: unknown, path: string): bigint {
  let millis: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) millis = BigInt(value)
  else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) millis = BigInt(value)
  if (millis === undefined || millis < 0n || millis > U64_MAX) {
    throw invalid(path, `expected milliseconds as an integer in 0..2^64-1 (a number or a string of digits), got ${describe(value)}`)
  }
  return millis
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
