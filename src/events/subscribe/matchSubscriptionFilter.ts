import { formatMoveAddress, formatTypeName } from '../formatTypeName.js'
import { isMoveAddress, parseStructTag, type MoveStructTag } from '../parseTypeName.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../types.js'

/**
 * Whether `event` passes a subscription filter (spec 6.4), on the client, with the
 * reference service's semantics. The backfill after a reconnect uses it to keep only what
 * the subscription would have delivered when the query it runs selects more.
 *
 * - `Package`: `packageId`; `MoveModule`: `packageId` and `transactionModule` (the called module)
 * - `MoveEventType`: the whole type, type arguments included
 * - `MoveEventModule`: the module that defines the event type, and the struct name
 * - `MoveEventField`: the JSON Pointer `path` into `parsedJson` exists and deep-equals `value`
 * - `Sender`, `SenderAddress`: `sender`; `Transaction`: `id.txDigest`
 * - `TimeRange`: `start_time <= timestampMs < end_time`; no timestamp never matches
 * - `All`, `And`: every inner filter (empty `All`: every event); `Any`, `Or`: any of them
 *
 * Addresses and type names compare in canonical form (`0x2` equals `0x00…02`).
 *
 * @example
 * matchSubscriptionFilter({ Package: '0x2' }, event)
 * matchSubscriptionFilter({ Any: [{ Sender: '0xa' }, { MoveEventField: { path: '/price', value: '100' } }] }, event)
 */
export function matchSubscriptionFilter(filter: EventSubscriptionFilter, event: ChainxEvent<unknown>): boolean {
  if ('All' in filter) return filter.All.every((inner) => matchSubscriptionFilter(inner, event))
  if ('And' in filter) return filter.And.every((inner) => matchSubscriptionFilter(inner, event))
  if ('Any' in filter) return filter.Any.some((inner) => matchSubscriptionFilter(inner, event))
  if ('Or' in filter) return filter.Or.some((inner) => matchSubscriptionFilter(inner, event))
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
    const timestamp = event.timestampMs
    if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp)) return false
    const at = BigInt(timestamp)
    return BigInt(filter.TimeRange.start_time) <= at && at < BigInt(filter.TimeRange.end_time)
  }
  return false
}

function sameAddress(a: string, b: string): boolean {
  return canonicalAddress(a) === canonicalAddress(b)
}

function canonicalAddress(address: string): string {
  return isMoveAddress(address) ? formatMoveAddress(address) : address
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
