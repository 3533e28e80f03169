import type { EventSubscriptionFilter } from '../types.js'

/**
 * A millisecond time: a number, a bigint, a string of digits or a `Date`.
 *
 * @example
 * subscriptionFilter.timeRange(new Date('2026-01-01'), 1_767_225_600_000n)
 */
export type MillisInput = number | bigint | string | Date

/**
 * Builders of subscription filters (spec 6.4): each returns the plain typed value `subscribe` sends.
 *
 * @example
 * const filter = subscriptionFilter.all(subscriptionFilter.moveModule('0x2', 'market'), subscriptionFilter.sender('0xa11ce'))
 */
export const subscriptionFilter = {
  /** Events of that package (S3). */
  package: (packageId: string): EventSubscriptionFilter => ({ Package: packageId }),
  /** Events emitted in that module, the one the transaction called (S4). */
  moveModule: (packageId: string, module: string): EventSubscriptionFilter => ({ MoveModule: { package: packageId, module } }),
  /** Events of that full type, type arguments included (S5). */
  moveEventType: (type: string): EventSubscriptionFilter => ({ MoveEventType: type }),
  /** Events of struct `event` defined in that module (S6). */
  moveEventModule: (packageId: string, module: string, event: string): EventSubscriptionFilter => ({
    MoveEventModule: { package: packageId, module, event },
  }),
  /** Events whose field at `path` (slash-prefixed, e.g. `/price`) equals `value` (S7). */
  moveEventField: (path: string, value: unknown): EventSubscriptionFilter => ({ MoveEventField: { path, value } }),
  /** Events of transactions started by that address (S8). */
  senderAddress: (address: string): EventSubscriptionFilter => ({ SenderAddress: address }),
  /** Events by that sender (S9). */
  sender: (address: string): EventSubscriptionFilter => ({ Sender: address }),
  /** Events of that transaction (S10). */
  transaction: (digest: string): EventSubscriptionFilter => ({ Transaction: digest }),
  /** Events with `start <= timestampMs < end` (S11); bounds are sent as strings of milliseconds. */
  timeRange: (start: MillisInput, end: MillisInput): EventSubscriptionFilter => ({
    TimeRange: { start_time: millisText(start), end_time: millisText(end) },
  }),
  /** Events that pass every filter; with none, every event (S12, S13). */
  all: (...filters: EventSubscriptionFilter[]): EventSubscriptionFilter => ({ All: filters }),
  /** Events that pass at least one filter (S13). */
  any: (...filters: EventSubscriptionFilter[]): EventSubscriptionFilter => ({ Any: filters }),
  /** Events that pass both filters (S13). */
  and: (a: EventSubscriptionFilter, b: EventSubscriptionFilter): EventSubscriptionFilter => ({ And: [a, b] }),
  /** Events that pass either filter (S13). */
  or: (a: EventSubscriptionFilter, b: EventSubscriptionFilter): EventSubscriptionFilter => ({ Or: [a, b] }),
} as const

function millisText(value: MillisInput): string {
  if (value instanceof Date) return String(value.getTime())
  return typeof value === 'string' ? value : BigInt(value).toString()
}
