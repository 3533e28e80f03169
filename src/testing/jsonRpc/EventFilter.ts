/**
 * The parsed form of a JSON-RPC event filter, shared by `chainx_queryEvents` (spec 6.3)
 * and `chainx_subscribeEvent` (spec 6.4). `parseEventFilter` builds it from the wire
 * form; `matchEventFilter` tests an event against it; the query path also uses it to
 * pick an index.
 */
import type { EventKeyField } from '../ledger/eventKeys.js'

export type { EventKeyField }

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
