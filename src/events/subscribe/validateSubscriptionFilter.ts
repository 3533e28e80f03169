import { createFilterValueReaders, invalidFilter, isPlainObject } from '../filterValueReaders.js'
import type { ParseTypeNameOptions } from '../parseTypeName.js'
import type { EventSubscriptionFilter } from '../types.js'

/**
 * Keys a subscription filter may have (spec 6.4, plus the reference service's `Any`, `And`, `Or`).
 *
 * @example
 * SUBSCRIPTION_FILTER_KEYS.includes('Package') // true
 */
export const SUBSCRIPTION_FILTER_KEYS = [
  'Package',
  'MoveModule',
  'MoveEventType',
  'MoveEventModule',
  'MoveEventField',
  'SenderAddress',
  'Sender',
  'Transaction',
  'TimeRange',
  'All',
  'Any',
  'And',
  'Or',
] as const

/**
 * Deepest nesting of combinators accepted (the mock and reference services stop at 16).
 *
 * @example
 * validateSubscriptionFilter(seventeenLevelsDeep) // throws InvalidFilterError
 */
export const MAX_SUBSCRIPTION_FILTER_DEPTH = 16

// Pure: an app that imports the package but never subscribes drops this module from its bundle.
const QUERY_ONLY: ReadonlySet<string> = /* @__PURE__ */ new Set(['MoveEvent', 'EventType', 'Recipient', 'Object'])
// Pure (no destructuring): an app that never calls this drops the module from its bundle.
const readers = /* @__PURE__ */ createFilterValueReaders({
  list: (list) => `a list of ${list.length}`,
  millis: 'milliseconds as a string of digits in 0..2^64-1',
})

/**
 * Checks a `chainx_subscribeEvent` filter (spec 6.4) before anything is sent and returns
 * it in the form the service reads (`TimeRange` bounds as strings of milliseconds).
 *
 * Rules: exactly one key of `Package`, `MoveModule`, `MoveEventType`, `MoveEventModule`,
 * `MoveEventField`, `SenderAddress`, `Sender`, `Transaction`, `TimeRange`, `All`, `Any`,
 * `And`, `Or`; addresses and package IDs are `0x` and 1 to 64 hex digits; module and
 * struct names are Move identifiers; event types are struct tags checked by
 * `parseTypeName`; digests are Base58 of 32 bytes; `MoveEventField.path` is a JSON
 * Pointer starting with `/` and `value` is JSON; `TimeRange` has `start_time <= end_time`,
 * integers in 0..2^64-1; `All`/`Any` take a list of filters and `And`/`Or` exactly two,
 * nested at most 16 deep.
 *
 * Throws `InvalidFilterError` (INVALID_FILTER) whose `path` points at the offending part,
 * e.g. `All[1].MoveModule.package`.
 *
 * @example
 * validateSubscriptionFilter({ And: [{ Sender: '0x1' }, { Package: '0x2' }] }) // returned as given
 * validateSubscriptionFilter({ MoveModule: { package: 'x', module: 'm' } })
 * // throws InvalidFilterError, path 'MoveModule.package'
 */
export function validateSubscriptionFilter(filter: EventSubscriptionFilter, options: ParseTypeNameOptions = {}): EventSubscriptionFilter {
  return check(filter, '', 0, options)
}

function check(filter: unknown, path: string, depth: number, options: ParseTypeNameOptions): EventSubscriptionFilter {
  if (depth > MAX_SUBSCRIPTION_FILTER_DEPTH)
    throw invalidFilter(path, `filters are nested deeper than ${MAX_SUBSCRIPTION_FILTER_DEPTH} levels`)
  if (!isPlainObject(filter)) throw invalidFilter(path, `expected an object with one key, got ${readers.describe(filter)}`)
  const keys = Object.keys(filter)
  if (keys.length !== 1) throw invalidFilter(path, `expected exactly one key, got ${keys.length === 0 ? 'none' : keys.join(', ')}`)
  const key = keys[0] as string
  const value = filter[key]
  const at = path === '' ? key : `${path}.${key}`
  const child = (inner: unknown, index: number) => check(inner, `${at}[${index}]`, depth + 1, options)
  switch (key as (typeof SUBSCRIPTION_FILTER_KEYS)[number]) {
    case 'Package':
    case 'Sender':
    case 'SenderAddress':
      readers.readAddress(value, at)
      return filter as EventSubscriptionFilter
    case 'MoveModule': {
      const fields = readers.readFields(value, at, ['package', 'module'])
      readers.readAddress(fields.package, `${at}.package`)
      readers.readIdentifier(fields.module, `${at}.module`, 'a module name')
      return filter as EventSubscriptionFilter
    }
    case 'MoveEventModule': {
      const fields = readers.readFields(value, at, ['package', 'module', 'event'])
      readers.readAddress(fields.package, `${at}.package`)
      readers.readIdentifier(fields.module, `${at}.module`, 'a module name')
      readers.readIdentifier(fields.event, `${at}.event`, 'an event struct name')
      return filter as EventSubscriptionFilter
    }
    case 'MoveEventType':
      readers.readStructTag(value, at, options)
      return filter as EventSubscriptionFilter
    case 'MoveEventField': {
      const fields = readers.readFields(value, at, ['path', 'value'])
      if (typeof fields.path !== 'string' || !fields.path.startsWith('/')) {
        throw invalidFilter(
          `${at}.path`,
          `expected a field path starting with '/' (a JSON Pointer such as /price), got ${readers.describe(fields.path)}`,
        )
      }
      if (!isJson(fields.value)) throw invalidFilter(`${at}.value`, 'expected a JSON value')
      return filter as EventSubscriptionFilter
    }
    case 'Transaction':
      readers.readDigest(value, at)
      return filter as EventSubscriptionFilter
    case 'TimeRange': {
      const fields = readers.readFields(value, at, ['start_time', 'end_time'])
      const start = readers.readMillis(fields.start_time, `${at}.start_time`)
      const end = readers.readMillis(fields.end_time, `${at}.end_time`)
      if (start > end) throw invalidFilter(at, `start_time (${start}) is after end_time (${end})`)
      return { TimeRange: { start_time: start.toString(), end_time: end.toString() } }
    }
    case 'All':
    case 'Any': {
      if (!Array.isArray(value)) throw invalidFilter(at, `expected a list of filters, got ${readers.describe(value)}`)
      const list = value.map(child)
      return (key === 'All' ? { All: list } : { Any: list }) as EventSubscriptionFilter
    }
    case 'And':
    case 'Or': {
      if (!Array.isArray(value) || value.length !== 2)
        throw invalidFilter(at, `expected exactly two filters, got ${readers.describe(value)}`)
      const pair = [child(value[0], 0), child(value[1], 1)] as [EventSubscriptionFilter, EventSubscriptionFilter]
      return (key === 'And' ? { And: pair } : { Or: pair }) as EventSubscriptionFilter
    }
  }
  if (QUERY_ONLY.has(key))
    throw invalidFilter(at, `${key} is a query filter (spec 6.3); subscriptions take ${SUBSCRIPTION_FILTER_KEYS.join(', ')}`)
  throw invalidFilter(at, `unknown filter key; subscriptions take ${SUBSCRIPTION_FILTER_KEYS.join(', ')}`)
}

function isJson(value: unknown, depth = 0): boolean {
  if (depth > 64) return false
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every((item) => isJson(item, depth + 1))
  if (isPlainObject(value)) return Object.values(value).every((item) => isJson(item, depth + 1))
  return false
}
