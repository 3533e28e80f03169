import { isRecord } from '../../utils/isRecord.js'
import * as read from '../filterValueReaders.js'
import type { ParseTypeNameOptions } from '../parseTypeName.js'
import type { EventSubscriptionFilter } from '../types.js'

/** Deepest nesting of combinators accepted (the mock and reference services stop at 16). */
const MAX_DEPTH = 16
const QUERY_ONLY = ['MoveEvent', 'EventType', 'Recipient', 'Object']

/** Checks one key's value at `at` (`child` checks an inner filter); returns the filter when the service reads it in another form. */
type Check = (
  value: unknown,
  at: string,
  key: string,
  options: ParseTypeNameOptions,
  child: (inner: unknown, index: number) => unknown,
) => unknown

const readList: Check = (value, at, key, _options, child) => {
  if (!Array.isArray(value)) throw read.invalidFilter(at, `expected a list of filters, got ${read.describe(value)}`)
  return { [key]: value.map(child) }
}
const readPair: Check = (value, at, key, _options, child) => {
  if (!Array.isArray(value) || value.length !== 2) throw read.invalidFilter(at, `expected exactly two filters, got ${read.describe(value)}`)
  return { [key]: [child(value[0], 0), child(value[1], 1)] }
}

/** The keys of a subscription filter (spec 6.4, plus the reference service's `Any`, `And`, `Or`) and their checks. */
const CHECKS: Record<string, Check> = {
  Package: read.readAddress,
  MoveModule: (value, at) => read.readModule(value, at),
  MoveEventType: (value, at, _key, options) => read.readStructTag(value, at, options),
  MoveEventModule: (value, at) => read.readModule(value, at, true),
  MoveEventField(value, at) {
    const fields = read.readFields(value, at, ['path', 'value'])
    if (typeof fields.path !== 'string' || !fields.path.startsWith('/')) {
      const got = read.describe(fields.path)
      throw read.invalidFilter(`${at}.path`, `expected a field path starting with '/' (a JSON Pointer such as /price), got ${got}`)
    }
    if (!isJson(fields.value)) throw read.invalidFilter(`${at}.value`, 'expected a JSON value')
  },
  SenderAddress: read.readAddress,
  Sender: read.readAddress,
  Transaction: (value, at) => void read.readDigest(value, at),
  TimeRange: (value, at) => ({ TimeRange: read.readTimeRange(value, at, ['start_time', 'end_time']) }),
  All: readList,
  Any: readList,
  And: readPair,
  Or: readPair,
}

/**
 * Checks a `chainx_subscribeEvent` filter (spec 6.4; combinators nested at most 16 deep) before
 * anything is sent and returns it in the form the service reads (`TimeRange` bounds as strings).
 *
 * @throws InvalidFilterError (INVALID_FILTER) whose `path` points at the offending part, e.g. `All[1].MoveModule.package`.
 *
 * @example
 * validateSubscriptionFilter({ And: [{ Sender: '0x1' }, { Package: '0x2' }] }) // returned as given
 */
export function validateSubscriptionFilter(filter: EventSubscriptionFilter, options: ParseTypeNameOptions = {}): EventSubscriptionFilter {
  return check(filter, '', 0, options)
}

function check(filter: unknown, path: string, depth: number, options: ParseTypeNameOptions): EventSubscriptionFilter {
  if (depth > MAX_DEPTH) throw read.invalidFilter(path, `filters are nested deeper than ${MAX_DEPTH} levels`)
  const [key, value] = read.readOneKey(filter, path)
  const at = path === '' ? key : `${path}.${key}`
  const checkValue = read.checkOf(CHECKS, key, at, 'subscriptions take', [QUERY_ONLY, 'is a query filter (spec 6.3)'])
  const checked = checkValue(value, at, key, options, (inner, index) => check(inner, `${at}[${index}]`, depth + 1, options))
  return (checked ?? filter) as EventSubscriptionFilter
}

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 64) return false
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1))
  if (isRecord(value)) return Object.values(value).every((item) => isJson(item, depth + 1))
  return false
}
