import type { KindQuery, SubscriptionKind } from '../../subscription/SubscriptionKind.js'
import { eventKey } from '../eventKey.js'
import { chainxEventDecoder } from '../eventSchemas.js'
import { parseEventContent } from '../parseEventContent.js'
import { sameEventId } from '../sameEventId.js'
import type { ChainxEvent, EventId, EventSubscriptionFilter, ParsedJsonParser } from '../types.js'
import { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
import { planBackfill } from './planBackfill.js'

/**
 * JSON-RPC method that subscribes to events (spec 4.5); notifications carry the same method name.
 *
 * @example
 * socket.call(SUBSCRIBE_METHOD, [{ All: [] }]) // resolves with a numeric subscription id
 */
export const SUBSCRIBE_METHOD = 'chainx_subscribeEvent'

/**
 * JSON-RPC method that unsubscribes from events; answers `true`, or `false` for an unknown id.
 *
 * @example
 * socket.call(UNSUBSCRIBE_METHOD, [subscriptionId]) // true
 */
export const UNSUBSCRIBE_METHOD = 'chainx_unsubscribeEvent'

/**
 * Events as an item kind of the one subscription machine: `chainx_subscribeEvent` with the
 * validated filter, each notification checked by `chainxEventDecoder`, keyed by event id,
 * backfilled through `queryEvents` with the query `planBackfill` picks (checked locally with
 * `matchSubscriptionFilter` when that query selects more), `parse` applied before delivery.
 *
 * @example
 * machine.subscribe(eventSubscriptionKind(filter, client.events.query, { parse }), { onItem: console.log })
 */
export function eventSubscriptionKind(
  filter: EventSubscriptionFilter,
  queryEvents: KindQuery<ChainxEvent, EventId> | undefined,
  { parse }: { parse?: ParsedJsonParser<unknown> | undefined } = {},
): SubscriptionKind<ChainxEvent, EventId> {
  const plan = planBackfill(filter)
  return {
    noun: 'event',
    queryName: 'queryEvents',
    subscribeMethod: SUBSCRIBE_METHOD,
    unsubscribeMethod: UNSUBSCRIBE_METHOD,
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

/**
 * An event's `timestampMs` as a number, when it is an integer string.
 *
 * @example
 * timestampOf({ ...event, timestampMs: '1700000000000' }) // 1700000000000
 */
export function timestampOf(event: ChainxEvent | undefined): number | undefined {
  const text = event?.timestampMs
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined
}
