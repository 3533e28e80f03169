import type { LedgerEvent } from '../ledger/types.js'
import type { EventFilter } from './EventFilter.js'
import { eventKeys, eventTimestampMs } from '../ledger/eventKeys.js'
import { jsonDeepEqual, readJsonPointer } from './jsonValue.js'

/**
 * Whether `event` passes `filter`. The one matcher behind both `chainx_queryEvents` and
 * `chainx_subscribeEvent`:
 *
 * - `all`: every event
 * - `key`: one of the event's `eventKeys(field)` equals the filter's key
 * - `timeRange`: `startMs <= timestampMs <= endMs` (or `< endMs` when `endInclusive` is
 *   false); an event without a timestamp never matches
 * - `jsonField`: the JSON Pointer into `parsedJson` exists and deep-equals the value
 * - `and` / `or`: every / any inner filter (an empty `and` matches all, an empty `or` none)
 *
 * @example
 * matchEventFilter({ kind: 'key', field: 'sender', key: canonicalAddress('0x1') }, event)
 * matchEventFilter({ kind: 'jsonField', pointer: ['price'], value: '100' }, event)
 */
export function matchEventFilter(filter: EventFilter, event: LedgerEvent): boolean {
  switch (filter.kind) {
    case 'all':
      return true
    case 'key':
      return eventKeys(filter.field, event).includes(filter.key)
    case 'timeRange': {
      const timestamp = eventTimestampMs(event)
      if (timestamp === undefined || timestamp < filter.startMs) return false
      return filter.endInclusive ? timestamp <= filter.endMs : timestamp < filter.endMs
    }
    case 'jsonField': {
      const found = readJsonPointer(event.parsedJson, filter.pointer)
      return found !== undefined && jsonDeepEqual(found, filter.value)
    }
    case 'and':
      return filter.filters.every((inner) => matchEventFilter(inner, event))
    case 'or':
      return filter.filters.some((inner) => matchEventFilter(inner, event))
  }
}
