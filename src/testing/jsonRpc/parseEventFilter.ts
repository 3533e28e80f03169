import type { EventFilter } from './EventFilter.js'
import { JSON_RPC_CODES, JsonRpcFault, invalidAt, invalidType } from './JsonRpcFault.js'
import { parseJsonPointer } from './jsonValue.js'
import { isAddress, normalizeAddress } from '../ledger/moveAddress.js'
import { isMoveIdentifier, splitStructTag, type StructTagParts } from '../ledger/moveTypes.js'

/**
 * Where a filter is used: `chainx_queryEvents` (spec 6.3) or `chainx_subscribeEvent` (spec 6.4).
 *
 * @example
 * parseEventFilter(filter, 'subscription' satisfies EventFilterContext)
 */
export type EventFilterContext = 'query' | 'subscription'

/** Filter keys `chainx_queryEvents` accepts (spec 6.3, plus the real service's `MoveEventType`). */
const QUERY_FILTER_KEYS: readonly string[] = [
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
]

/** Filter keys `chainx_subscribeEvent` accepts (spec 6.4, plus the reference service's `Any`, `And`, `Or`). */
const SUBSCRIPTION_FILTER_KEYS: readonly string[] = [
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
]

/**
 * Deepest nesting of combinators a subscription filter may have; deeper is -32602.
 *
 * @example
 * parseEventFilter({ Any: [{ Any: [{ All: [] }] }] }, 'subscription') // depth 2: fine
 */
export const MAX_FILTER_DEPTH = 16

const ALL: EventFilter = { kind: 'all' }

/**
 * Parses the wire form of an event filter into an `EventFilter`, or throws a `JsonRpcFault`
 * worded as the real service words it (-32602 with a serde-like detail in `data`).
 *
 * Choices where the spec leaves room:
 * - `All` for queries takes `[]`, `null` or no value (the bare string `"All"` too); a
 *   non-empty list is a combination and is rejected. For subscriptions `All` takes a list
 *   and means AND of all (empty list: every event).
 * - `MoveEvent` (queries) takes a struct name: a bare name (`Listed`) matches that struct in
 *   any module; a struct tag without type arguments (`0x…::market::PriceUpdated`) matches
 *   every instantiation; a struct tag with type arguments matches exactly.
 * - `EventType` (queries) is a full event type, matched exactly like `MoveEventType`.
 * - `TimeRange` takes strings or integers of milliseconds. Queries read `{startTime, endTime}`
 *   as the closed interval [startTime, endTime] (spec 6.3); subscriptions read
 *   `{start_time, end_time}` (or camelCase) as [start, end), as the reference matcher does.
 * - `MoveEventModule` takes an optional `event` (struct name) in subscriptions (spec 6.4).
 * - Addresses and type names compare in canonical form (`0x2` equals `0x00…02`).
 *
 * @example
 * parseEventFilter({ Sender: '0x1' }, 'query') // { kind: 'key', field: 'sender', key: '0x00…01' }
 * parseEventFilter({ Any: [] }, 'query') // throws -32602 "Feature is not supported: ..."
 * parseEventFilter({ And: [{ Package: '0x2' }, { Sender: '0x1' }] }, 'subscription')
 */
export function parseEventFilter(value: unknown, context: EventFilterContext): EventFilter {
  return parseNode(value, context, '', 0)
}

function parseNode(value: unknown, context: EventFilterContext, path: string, depth: number): EventFilter {
  if (depth > MAX_FILTER_DEPTH) throw invalidAt(path, `filter is nested deeper than ${MAX_FILTER_DEPTH} levels`)
  if (value === 'All') return ALL
  if (!isPlainObject(value)) throw invalidType(value, 'an event filter object with one key', path)
  const variants = Object.keys(value)
  if (variants.length !== 1) {
    throw invalidAt(path, `expected an event filter object with exactly one key, found ${variants.length}`)
  }
  const variant = variants[0] as string
  const inner = value[variant]
  const at = path === '' ? variant : `${path}.${variant}`
  if (context === 'query' && variant === 'Any') {
    throw new JsonRpcFault(JSON_RPC_CODES.invalidParams, "Feature is not supported: 'Any' queries are not supported by the fullnode.")
  }
  const allowed = context === 'query' ? QUERY_FILTER_KEYS : SUBSCRIPTION_FILTER_KEYS
  if (!allowed.includes(variant)) {
    throw invalidAt(path, `unknown variant \`${variant}\`, expected one of ${allowed.map((key) => `\`${key}\``).join(', ')}`)
  }
  const parseChild = (child: unknown, index: number): EventFilter => parseNode(child, context, `${at}[${index}]`, depth + 1)

  switch (variant) {
    case 'All':
      return context === 'query' ? parseQueryAll(inner, at) : parseList(inner, at, 'and', parseChild)
    case 'Any':
      return parseList(inner, at, 'or', parseChild)
    case 'And':
    case 'Or':
      return parsePair(inner, at, variant === 'And' ? 'and' : 'or', parseChild)
    case 'Transaction':
      return { kind: 'key', field: 'transaction', key: readDigest(inner, at) }
    case 'Sender':
    case 'SenderAddress':
      return { kind: 'key', field: 'sender', key: readAddress(inner, at) }
    case 'Package':
      return { kind: 'key', field: 'package', key: readAddress(inner, at) }
    case 'Object':
      return { kind: 'key', field: 'object', key: readAddress(inner, at) }
    case 'Recipient': {
      const owner = readStruct(inner, at, ['AddressOwner'], ['AddressOwner'])
      return { kind: 'key', field: 'recipient', key: readAddress(owner.AddressOwner, `${at}.AddressOwner`) }
    }
    case 'MoveModule': {
      const fields = readStruct(inner, at, ['package', 'module'], ['package', 'module'])
      return { kind: 'key', field: 'callingModule', key: readModule(fields, at) }
    }
    case 'MoveEventModule': {
      const known = context === 'subscription' ? ['package', 'module', 'event'] : ['package', 'module']
      const fields = readStruct(inner, at, known, ['package', 'module'])
      const module = readModule(fields, at)
      if (fields.event === undefined || fields.event === null) return { kind: 'key', field: 'typeModule', key: module }
      return { kind: 'key', field: 'typeStruct', key: `${module}::${readIdentifier(fields.event, `${at}.event`)}` }
    }
    case 'MoveEventType':
    case 'EventType':
      return { kind: 'key', field: 'type', key: readStructTag(inner, at).full }
    case 'MoveEvent':
      return parseMoveEvent(inner, at)
    case 'TimeRange':
      return parseTimeRange(inner, at, context)
    case 'MoveEventField':
      return parseMoveEventField(inner, at)
  }
  throw new JsonRpcFault(JSON_RPC_CODES.internalError, 'Internal error', `filter key ${variant} has no parser`)
}

function parseQueryAll(inner: unknown, at: string): EventFilter {
  if (inner === undefined || inner === null) return ALL
  if (!Array.isArray(inner)) throw invalidType(inner, 'an empty array', at)
  if (inner.length > 0) throw invalidAt(at, `invalid length ${inner.length}, expected an empty array`)
  return ALL
}

function parseList(
  inner: unknown,
  at: string,
  kind: 'and' | 'or',
  parseChild: (child: unknown, index: number) => EventFilter,
): EventFilter {
  if (kind === 'and' && (inner === undefined || inner === null)) return ALL
  if (!Array.isArray(inner)) throw invalidType(inner, 'a sequence of event filters', at)
  if (kind === 'and' && inner.length === 0) return ALL
  return { kind, filters: inner.map(parseChild) }
}

function parsePair(
  inner: unknown,
  at: string,
  kind: 'and' | 'or',
  parseChild: (child: unknown, index: number) => EventFilter,
): EventFilter {
  if (!Array.isArray(inner)) throw invalidType(inner, 'a tuple of 2 event filters', at)
  if (inner.length !== 2) throw invalidAt(at, `invalid length ${inner.length}, expected a tuple of 2 event filters`)
  return { kind, filters: inner.map(parseChild) }
}

function parseMoveEvent(inner: unknown, at: string): EventFilter {
  if (typeof inner !== 'string') throw invalidType(inner, 'a struct name or struct tag string', at)
  if (isMoveIdentifier(inner)) return { kind: 'key', field: 'typeName', key: inner }
  const { full, struct } = readStructTag(inner, at)
  return full === struct ? { kind: 'key', field: 'typeStruct', key: struct } : { kind: 'key', field: 'type', key: full }
}

function parseTimeRange(inner: unknown, at: string, context: EventFilterContext): EventFilter {
  if (context === 'query') {
    const fields = readStruct(inner, at, ['startTime', 'endTime'], ['startTime', 'endTime'])
    return {
      kind: 'timeRange',
      startMs: readMillis(fields.startTime, `${at}.startTime`),
      endMs: readMillis(fields.endTime, `${at}.endTime`),
      endInclusive: true,
    }
  }
  const fields = readStruct(inner, at, ['start_time', 'end_time', 'startTime', 'endTime'], [])
  const start = fields.start_time ?? fields.startTime
  const end = fields.end_time ?? fields.endTime
  if (start === undefined) throw invalidAt(at, 'missing field `start_time`')
  if (end === undefined) throw invalidAt(at, 'missing field `end_time`')
  return {
    kind: 'timeRange',
    startMs: readMillis(start, `${at}.start_time`),
    endMs: readMillis(end, `${at}.end_time`),
    endInclusive: false,
  }
}

function parseMoveEventField(inner: unknown, at: string): EventFilter {
  const fields = readStruct(inner, at, ['path', 'value'], ['path', 'value'])
  if (typeof fields.path !== 'string') throw invalidType(fields.path, 'a JSON pointer string', `${at}.path`)
  const pointer = parseJsonPointer(fields.path)
  if (pointer === undefined)
    throw invalidAt(`${at}.path`, `invalid JSON pointer ${JSON.stringify(fields.path)}: expected a path starting with "/"`)
  return { kind: 'jsonField', pointer, value: fields.value }
}

function readStruct(inner: unknown, at: string, known: readonly string[], required: readonly string[]): Record<string, unknown> {
  const expected = `a map with fields ${known.map((name) => `\`${name}\``).join(', ')}`
  if (!isPlainObject(inner)) throw invalidType(inner, expected, at)
  for (const name of Object.keys(inner)) {
    if (!known.includes(name))
      throw invalidAt(at, `unknown field \`${name}\`, expected one of ${known.map((key) => `\`${key}\``).join(', ')}`)
  }
  for (const name of required) {
    if (inner[name] === undefined) throw invalidAt(at, `missing field \`${name}\``)
  }
  return inner
}

function readModule(fields: Record<string, unknown>, at: string): string {
  return `${readAddress(fields.package, `${at}.package`)}::${readIdentifier(fields.module, `${at}.module`)}`
}

function readAddress(value: unknown, at: string): string {
  if (typeof value !== 'string') throw invalidType(value, 'a hex address string', at)
  if (!isAddress(value)) throw invalidAt(at, `invalid address ${JSON.stringify(value)}: expected 0x followed by 1 to 64 hex digits`)
  return normalizeAddress(value)
}

function readIdentifier(value: unknown, at: string): string {
  if (typeof value !== 'string') throw invalidType(value, 'a Move identifier string', at)
  if (!isMoveIdentifier(value)) throw invalidAt(at, `invalid Move identifier ${JSON.stringify(value)}`)
  return value
}

function readStructTag(value: unknown, at: string): StructTagParts {
  if (typeof value !== 'string') throw invalidType(value, 'a struct tag string', at)
  const parts = splitStructTag(value)
  if (parts === undefined) throw invalidAt(at, `invalid struct tag ${JSON.stringify(value)}: expected <address>::<module>::<Struct>`)
  return parts
}

function readDigest(value: unknown, at: string): string {
  if (typeof value !== 'string') throw invalidType(value, 'a transaction digest string', at)
  if (value === '') throw invalidAt(at, 'invalid transaction digest: empty string')
  return value
}

function readMillis(value: unknown, at: string): number {
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  throw invalidType(value, 'milliseconds as a string or non-negative integer', at)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
