/**
 * The parsed form of a JSON-RPC event filter, shared by `chainx_queryEvents` (spec 6.3)
 * and `chainx_subscribeEvent` (spec 6.4). `parseEventFilter` builds it from the wire
 * form; `matchEventFilter` tests an event against it; the query path also uses it to
 * pick an index.
 */

/**
 * A property of an event that filters compare against a single key. `eventKeys` gives the
 * canonical keys of an event for each field.
 *
 * - `transaction`: `id.txDigest`
 * - `sender`: the sender address
 * - `package`: `packageId`
 * - `callingModule`: `<packageId>::<transactionModule>` (the module the transaction called)
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
  | 'typeModule'
  | 'typeStruct'
  | 'typeName'
  | 'type'
  | 'recipient'
  | 'object'

/**
 * A parsed event filter.
 *
 * @example
 * const bySender: EventFilter = { kind: 'key', field: 'sender', key: '0x…' }
 * const both: EventFilter = { kind: 'and', filters: [bySender, { kind: 'all' }] }
 */
export type EventFilter =
  | { kind: 'all' }
  | { kind: 'key'; field: EventKeyField; key: string }
  | { kind: 'timeRange'; startMs: number; endMs: number; endInclusive: boolean }
  | { kind: 'jsonField'; pointer: readonly string[]; value: unknown }
  | { kind: 'and'; filters: readonly EventFilter[] }
  | { kind: 'or'; filters: readonly EventFilter[] }
