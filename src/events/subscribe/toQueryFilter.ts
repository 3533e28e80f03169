import { invalidFilter } from '../filterValueReaders.js'
import type { ParseTypeNameOptions } from '../parseTypeName.js'
import type { EventQueryFilter, EventSubscriptionFilter } from '../types.js'
import { validateSubscriptionFilter } from './validateSubscriptionFilter.js'

/**
 * Turns a subscription filter (spec 6.4) into the query filter (spec 6.3) that selects the same
 * events, for moving from `subscribe` to `watch`, `iterate` or `query`; checked first. The
 * mapping is tabled in docs/subscriptions.md.
 *
 * @throws InvalidFilterError (INVALID_FILTER) saying what to use instead for `Package`,
 * `MoveEventField`, an empty `TimeRange` and combinations of filters: no query equivalent.
 *
 * @example
 * toQueryFilter({ MoveEventModule: { package: '0x2', module: 'market', event: 'Listed' } }) // { MoveEvent: '0x2::market::Listed' }
 */
export function toQueryFilter(filter: EventSubscriptionFilter, options: ParseTypeNameOptions = {}): EventQueryFilter {
  return convert(validateSubscriptionFilter(filter, options), '')
}

const NONE = ' has no query filter equivalent'

function convert(filter: EventSubscriptionFilter, at: string): EventQueryFilter {
  const key = Object.keys(filter)[0] as string
  const path = at === '' ? key : `${at}.${key}`
  if ('MoveModule' in filter) return { MoveModule: { package: filter.MoveModule.package, module: filter.MoveModule.module } }
  if ('MoveEventModule' in filter) {
    const { package: packageId, module, event } = filter.MoveEventModule
    return { MoveEvent: `${packageId}::${module}::${event}` }
  }
  if ('MoveEventType' in filter) return { MoveEvent: filter.MoveEventType }
  if ('Sender' in filter) return { Sender: filter.Sender }
  if ('SenderAddress' in filter) return { Sender: filter.SenderAddress }
  if ('Transaction' in filter) return { Transaction: filter.Transaction }
  if ('TimeRange' in filter) {
    const start = BigInt(filter.TimeRange.start_time)
    const end = BigInt(filter.TimeRange.end_time)
    if (end <= start) throw invalidFilter(path, `the range [${start}, ${end}) selects no event, and a query range cannot be empty`)
    return { TimeRange: { startTime: start.toString(), endTime: (end - 1n).toString() } }
  }
  if ('All' in filter && filter.All.length === 0) return { All: [] }
  if ('All' in filter && filter.All.length === 1) return convert(filter.All[0] as EventSubscriptionFilter, `${path}[0]`)
  if ('Package' in filter) {
    throw invalidFilter(path, `a package filter (use { MoveModule: { package, module } } per module, or filter the events yourself)${NONE}`)
  }
  if ('MoveEventField' in filter) throw invalidFilter(path, `a field filter (query by type and compare parsedJson yourself)${NONE}`)
  const what = 'All' in filter ? `a combination of ${filter.All.length} filters` : `a combination (${key})`
  throw invalidFilter(path, `${what}${NONE} (queries take one key: query each part, or watch one and filter the rest yourself)`)
}
