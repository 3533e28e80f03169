import type { InvalidFilterError } from '../errors/jsonRpc.js'
import { createFilterValueReaders, invalidFilter, isPlainObject } from './filterValueReaders.js'
import { isMoveIdentifier, type ParseTypeNameOptions } from './parseTypeName.js'
import type { EventQueryFilter } from './types.js'

const QUERY_KEYS = [
  'All',
  'Transaction',
  'MoveModule',
  'MoveEventModule',
  'MoveEvent',
  'MoveEventType',
  'EventType',
  'Sender',
  'Recipient',
  'Object',
  'TimeRange',
] as const
const COMBINATORS: ReadonlySet<string> = new Set(['Any', 'And', 'Or', 'Not'])
const SUBSCRIPTION_ONLY: ReadonlySet<string> = new Set(['Package', 'MoveEventField', 'SenderAddress'])
// Pure (no destructuring): an app that never calls this drops the module from its bundle.
const readers = /* @__PURE__ */ createFilterValueReaders({
  list: () => 'an array',
  millis: 'milliseconds as an integer in 0..2^64-1 (a number or a string of digits)',
})

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
  if (!isPlainObject(filter)) throw invalidFilter('', `expected an object with one key, got ${readers.describe(filter)}`)
  const keys = Object.keys(filter)
  if (keys.length !== 1) throw invalidFilter('', `expected exactly one key, got ${keys.length === 0 ? 'none' : keys.join(', ')}`)
  const key = keys[0] as string
  const value: unknown = (filter as Record<string, unknown>)[key]
  if (COMBINATORS.has(key)) throw combination(key)
  switch (key as (typeof QUERY_KEYS)[number]) {
    case 'All':
      if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return { All: [] }
      if (Array.isArray(value)) throw combination('All')
      throw invalidFilter('All', `expected [] or null, got ${readers.describe(value)}`)
    case 'Transaction':
      return { Transaction: readers.readDigest(value, 'Transaction') }
    case 'MoveModule':
    case 'MoveEventModule': {
      const fields = readers.readFields(value, key, ['package', 'module'])
      readers.readAddress(fields.package, `${key}.package`)
      readers.readIdentifier(fields.module, `${key}.module`, 'a module name')
      return filter
    }
    case 'MoveEvent': {
      const text = readers.readString(value, 'MoveEvent')
      if (!isMoveIdentifier(text)) readers.readStructTag(text, 'MoveEvent', options)
      return filter
    }
    case 'MoveEventType':
      readers.readStructTag(readers.readString(value, key), key, options)
      return filter
    case 'EventType': {
      const text = readers.readString(value, 'EventType')
      if (/::|</.test(text)) readers.readStructTag(text, 'EventType', options)
      else if (!isMoveIdentifier(text))
        throw invalidFilter('EventType', `expected an event kind or a struct tag, got ${JSON.stringify(text)}`)
      return filter
    }
    case 'Sender':
    case 'Object':
      readers.readAddress(value, key)
      return filter
    case 'Recipient': {
      if (!isPlainObject(value) || Object.keys(value).length !== 1) {
        throw invalidFilter('Recipient', `expected an owner such as { AddressOwner: <address> }, got ${readers.describe(value)}`)
      }
      const owner = Object.keys(value)[0] as string
      if (owner !== 'AddressOwner' && owner !== 'ObjectOwner') {
        throw invalidFilter(`Recipient.${owner}`, 'unknown owner kind, expected AddressOwner or ObjectOwner')
      }
      readers.readAddress(value[owner], `Recipient.${owner}`)
      return filter
    }
    case 'TimeRange': {
      const fields = readers.readFields(value, 'TimeRange', ['startTime', 'endTime'])
      const start = readers.readMillis(fields.startTime, 'TimeRange.startTime')
      const end = readers.readMillis(fields.endTime, 'TimeRange.endTime')
      if (start > end)
        throw invalidFilter('TimeRange', `startTime (${start}) is after endTime (${end}); the range is closed, [startTime, endTime]`)
      return { TimeRange: { startTime: start.toString(), endTime: end.toString() } }
    }
  }
  if (SUBSCRIPTION_ONLY.has(key))
    throw invalidFilter(key, `${key} is a subscription filter (spec 6.4); queries take ${QUERY_KEYS.join(', ')}`)
  throw invalidFilter(key, `unknown filter key; queries take ${QUERY_KEYS.join(', ')}`)
}

function combination(key: string): InvalidFilterError {
  return invalidFilter(
    key,
    'combinations (All with a list, Any, And, Or, Not) are not supported by queries (spec 6.3); run one query per filter, or filter the results locally',
  )
}
