import type { KindQuery, SubscriptionKind } from '../../subscription/SubscriptionKind.js'
import { eventKey, sameEventId, timestampOf } from '../eventId.js'
import { chainxEventDecoder } from '../eventSchemas.js'
import { parseEventContent, type EventParser } from '../parseEventContent.js'
import type { ChainxEvent, EventId, EventSubscriptionFilter } from '../types.js'
import { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
import { planBackfill } from './planBackfill.js'

/**
 * Events as an item kind of the one subscription machine, keyed by event id, backfilled through
 * `queryEvents` with the query `planBackfill` picks (checked locally with `matchSubscriptionFilter`
 * when that query selects more), `parse` applied before delivery.
 */
export function eventSubscriptionKind(
  filter: EventSubscriptionFilter,
  queryEvents: KindQuery<ChainxEvent, EventId> | undefined,
  { parse }: { parse?: EventParser<unknown> | undefined } = {},
): SubscriptionKind<ChainxEvent, EventId> {
  const plan = planBackfill(filter)
  return {
    noun: 'event',
    queryName: 'queryEvents',
    subscribeMethod: 'chainx_subscribeEvent',
    unsubscribeMethod: 'chainx_unsubscribeEvent',
    subscribeParams: [filter],
    decode: (result) => chainxEventDecoder(result) as ChainxEvent,
    key: eventKey,
    cursorOf: (event) => event.id,
    cursorKey: eventKey,
    sameCursor: sameEventId,
    timestampOf,
    query: queryEvents && ((page) => queryEvents({ ...page, filter: plan.query })),
    exact: plan.exact,
    matches: (event) => matchSubscriptionFilter(filter, event),
    prepare: parse && ((event) => parseEventContent([event], parse)[0] as ChainxEvent),
  }
}
