import type { LedgerEvent } from '../ledger/types.js'
import type { EventKeyField } from './EventFilter.js'
import { canonicalAddress, splitStructTag, type StructTagParts } from './moveNames.js'

/** Which part of the event's struct tag each type field keys on. */
const TYPE_PARTS = { typeModule: 'module', typeStruct: 'struct', typeName: 'name', type: 'full' } as const satisfies Partial<
  Record<EventKeyField, keyof StructTagParts>
>

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
