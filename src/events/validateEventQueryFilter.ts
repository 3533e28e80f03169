import type { InvalidFilterError } from '../errors/jsonRpc.js'
import * as read from './filterValueReaders.js'
import { isMoveIdentifier, type ParseTypeNameOptions } from './parseTypeName.js'
import type { EventQueryFilter } from './types.js'

type Check = (value: unknown, key: string, options: ParseTypeNameOptions) => EventQueryFilter | void

/** The check of each key's value; one that returns a filter returns it in the form the service accepts. */
const CHECKS: Record<string, Check> = {
  All(value) {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return { All: [] }
    if (Array.isArray(value)) throw combination('All')
    throw read.invalidFilter('All', `expected [] or null, got ${read.describe(value)}`)
  },
  Transaction: (value, key) => ({ Transaction: read.readDigest(value, key) }),
  MoveModule: (value, key) => read.readModule(value, key),
  MoveEventModule: (value, key) => read.readModule(value, key),
  MoveEvent(value, key, options) {
    const text = read.readString(value, key)
    if (!isMoveIdentifier(text)) read.readStructTag(text, key, options)
  },
  MoveEventType: (value, key, options) => read.readStructTag(read.readString(value, key), key, options),
  EventType(value, key, options) {
    const text = read.readString(value, key)
    if (/::|</.test(text)) read.readStructTag(text, key, options)
    else if (!isMoveIdentifier(text)) throw read.invalidFilter(key, `expected an event kind or a struct tag, got ${JSON.stringify(text)}`)
  },
  Sender: read.readAddress,
  Recipient(value, key) {
    const [owner, address] = read.readOneKey(value, key)
    if (owner !== 'AddressOwner' && owner !== 'ObjectOwner') {
      throw read.invalidFilter(`${key}.${owner}`, 'unknown owner kind, expected AddressOwner or ObjectOwner')
    }
    read.readAddress(address, `${key}.${owner}`)
  },
  Object: read.readAddress,
  TimeRange: (value, key) => ({
    TimeRange: read.readTimeRange(value, key, ['startTime', 'endTime'], '; the range is closed, [startTime, endTime]'),
  }),
}
const COMBINATORS = ['Any', 'And', 'Or', 'Not']
const SUBSCRIPTION_ONLY = ['Package', 'MoveEventField', 'SenderAddress']

/**
 * Checks a `chainx_queryEvents` filter (spec 6.3, exactly one key; type names within `options`'
 * limits) before anything is sent, and returns it in the form the service accepts: `All` as `[]`,
 * `TimeRange` bounds as strings. Combinations are not supported by queries (spec 6.3, J16).
 *
 * @throws InvalidFilterError (INVALID_FILTER) whose `path` points at the offending part.
 *
 * @example
 * validateEventQueryFilter({ TimeRange: { startTime: 0, endTime: 1_700_000_000_000 } }) // bounds as strings
 */
export function validateEventQueryFilter(filter: EventQueryFilter, options: ParseTypeNameOptions = {}): EventQueryFilter {
  const [key, value] = read.readOneKey(filter, '')
  if (COMBINATORS.includes(key)) throw combination(key)
  const check = read.checkOf(CHECKS, key, key, 'queries take', [SUBSCRIPTION_ONLY, 'is a subscription filter (spec 6.4)'])
  return check(value, key, options) ?? filter
}

function combination(key: string): InvalidFilterError {
  return read.invalidFilter(
    key,
    'combinations (All with a list, Any, And, Or, Not) are not supported by queries (spec 6.3); run one query per filter, or filter the results locally',
  )
}
