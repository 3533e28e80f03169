import type { LedgerEvent } from './types.js'
import { canonicalAddress, splitStructTag, type StructTagParts } from './moveTypes.js'

/**
 * A property of an event that filters compare against a single key. `eventKeys` gives the
 * canonical keys of an event for each field.
 *
 * - `transaction`: `id.txDigest`
 * - `sender`: the sender address
 * - `package`: `packageId`
 * - `callingModule`: `<packageId>::<transactionModule>` (the module the transaction called)
 * - `typePackage`: `<address>` of the package that defines the event type
 * - `typeModule`: `<address>::<module>` of the module that defines the event type
 * - `typeStruct`: `<address>::<module>::<Struct>`, type arguments dropped
 * - `typeName`: the struct name alone
 * - `type`: the whole type, type arguments included
 * - `recipient`: each address that received objects in the event's transaction
 * - `object`: each object the event's transaction touched
 *
 * @example
 * const field: EventKeyField = 'callingModule'
 */
export type EventKeyField =
  | 'transaction'
  | 'sender'
  | 'package'
  | 'callingModule'
  | 'typePackage'
  | 'typeModule'
  | 'typeStruct'
  | 'typeName'
  | 'type'
  | 'recipient'
  | 'object'

/** Which part of the event's struct tag each type field keys on. */
const TYPE_PARTS = {
  typePackage: 'address',
  typeModule: 'module',
  typeStruct: 'struct',
  typeName: 'name',
  type: 'full',
} as const satisfies Partial<Record<EventKeyField, keyof StructTagParts>>

/**
 * The canonical keys an event has for `field` (one key for most fields, any number for
 * `recipient` and `object`). Both the filter matcher and the query indexes use this, so a
 * filter and an index can never disagree.
 *
 * @example
 * eventKeys('callingModule', event) // ['0x…02::market']
 * eventKeys('object', event) // ['0x…a1', '0x…b2']
 * eventKeys('type', eventWithAMalformedType) // []
 */
export function eventKeys(field: EventKeyField, event: LedgerEvent): readonly string[] {
  switch (field) {
    case 'transaction':
      return [event.id.txDigest]
    case 'sender':
      return [canonicalAddress(event.sender)]
    case 'package':
      return [canonicalAddress(event.packageId)]
    case 'callingModule':
      return [`${canonicalAddress(event.packageId)}::${event.transactionModule}`]
    case 'typePackage':
    case 'typeModule':
    case 'typeStruct':
    case 'typeName':
    case 'type': {
      const parts = splitStructTag(event.type)
      return parts === undefined ? [] : [parts[TYPE_PARTS[field]]]
    }
    case 'recipient':
      return [...new Set(event.recipients.map(canonicalAddress))]
    case 'object':
      return [...new Set(event.objects.map(canonicalAddress))]
  }
}

/**
 * The event's `timestampMs` as a number, or `undefined` when it is absent or not an integer string.
 *
 * @example
 * eventTimestampMs(event) // 1700000000000
 */
export function eventTimestampMs(event: LedgerEvent): number | undefined {
  const text: unknown = event.timestampMs
  if (typeof text === 'number') return text
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined
}
