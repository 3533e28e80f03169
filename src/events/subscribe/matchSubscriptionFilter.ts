import { isU64String } from '../eventSchemas.js'
import { formatMoveAddress, formatTypeName } from '../formatTypeName.js'
import { isMoveAddress, parseStructTag, type MoveStructTag } from '../parseTypeName.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../types.js'

/**
 * Whether `event` passes a subscription filter (spec 6.4), with the reference service's semantics
 * (`MoveModule` the called module, `MoveEventModule` the one defining the type, `TimeRange`
 * `[start_time, end_time)`); addresses and type names compare canonically. The backfill keeps
 * only what the subscription would have delivered when its query selects more.
 */
export function matchSubscriptionFilter(filter: EventSubscriptionFilter, event: ChainxEvent<unknown>): boolean {
  const matches = (inner: EventSubscriptionFilter) => matchSubscriptionFilter(inner, event)
  if ('All' in filter || 'And' in filter) return ('All' in filter ? filter.All : filter.And).every(matches)
  if ('Any' in filter || 'Or' in filter) return ('Any' in filter ? filter.Any : filter.Or).some(matches)
  if ('Package' in filter) return sameAddress(event.packageId, filter.Package)
  if ('MoveModule' in filter) {
    return event.transactionModule === filter.MoveModule.module && sameAddress(event.packageId, filter.MoveModule.package)
  }
  if ('MoveEventType' in filter) return canonicalType(event.type) === canonicalType(filter.MoveEventType)
  if ('MoveEventModule' in filter) {
    const tag = structTagOf(event.type)
    const { package: packageId, module, event: name } = filter.MoveEventModule
    return tag !== undefined && tag.module === module && tag.name === name && sameAddress(tag.address, packageId)
  }
  if ('MoveEventField' in filter) {
    const found = readJsonPointer(event.parsedJson, filter.MoveEventField.path)
    return found.exists && jsonEqual(found.value, filter.MoveEventField.value)
  }
  if ('Sender' in filter) return sameAddress(event.sender, filter.Sender)
  if ('SenderAddress' in filter) return sameAddress(event.sender, filter.SenderAddress)
  if ('Transaction' in filter) return event.id.txDigest === filter.Transaction
  if ('TimeRange' in filter) {
    const at = isU64String(event.timestampMs) ? BigInt(event.timestampMs) : undefined
    return at !== undefined && BigInt(filter.TimeRange.start_time) <= at && at < BigInt(filter.TimeRange.end_time)
  }
  return false
}

function sameAddress(a: string, b: string): boolean {
  const canonical = (address: string) => (isMoveAddress(address) ? formatMoveAddress(address) : address)
  return canonical(a) === canonical(b)
}

function structTagOf(type: string): MoveStructTag | undefined {
  try {
    return parseStructTag(type)
  } catch {
    return undefined
  }
}

function canonicalType(type: string): string {
  const tag = structTagOf(type)
  return tag === undefined ? type : formatTypeName(tag)
}

function readJsonPointer(root: unknown, pointer: string): { exists: boolean; value?: unknown } {
  if (pointer === '') return { exists: true, value: root }
  let current = root
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < current.length) current = current[Number(token)]
    else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token]
    } else return { exists: false }
  }
  return { exists: true, value: current }
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}
