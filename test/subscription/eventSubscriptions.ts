import { eventSubscriptionKind } from '../../src/events/subscribe/eventSubscriptionKind.js'
import { readParser } from '../../src/events/parseEventContent.js'
import { validateSubscriptionFilter } from '../../src/events/subscribe/validateSubscriptionFilter.js'
import type { ChainxEvent, EventId, ParsedJsonParser } from '../../src/events/types.js'
import {
  SUBSCRIBE_DEPRECATION_CODE,
  SUBSCRIBE_DEPRECATION_MESSAGE,
  type EventsClient,
  type SubscribeParameters,
} from '../../src/resources/events.js'
import type { SubscriptionOptions } from '../../src/resources/createResources.js'
import { createSubscriptionMachine, type SubscriptionMachine } from '../../src/subscription/createSubscriptionMachine.js'
import type { KindQuery } from '../../src/subscription/SubscriptionKind.js'
import type { Unsubscribe } from '../../src/subscription/types.js'
import { warnDeprecatedOnce } from '../../src/subscription/warnDeprecatedOnce.js'

export type { SubscribeParameters, Unsubscribe }
export type { SubscriptionStateChange } from '../../src/subscription/types.js'
export type { WebSocketConstructor, WebSocketLike } from '../../src/jsonRpc/webSocketTypes.js'

/** What the event subscription tests read pages through: `client.events.query`, or a fake of it. */
export type QueryEventsLike = EventsClient['query']

/** Options of the harness: the machine's, the backfill query, and optionally a machine to share. */
export interface SubscriptionClientOptions extends SubscriptionOptions {
  wsUrl: string | readonly string[]
  queryEvents?: QueryEventsLike | undefined
  machine?: SubscriptionMachine | undefined
}

/** The harness's client: `subscribe` as `client.events.subscribe`, `close` as the client's. */
export interface SubscriptionClient {
  subscribe<TParsed = Record<string, unknown>>(parameters: SubscribeParameters<TParsed>): Promise<Unsubscribe>
  close(): Promise<void>
}

/**
 * The event subscriptions of the one subscription machine, driven directly with a backfill
 * query of the test's choosing (a fake chain in memory, or `client.events.query`): the machine
 * and the event item kind exactly as `client.events.subscribe` runs them.
 */
export function createSubscriptionClient(options: SubscriptionClientOptions): SubscriptionClient {
  const { queryEvents, machine: shared, typeNameLimits, ...machineOptions } = options
  const machine = shared ?? createSubscriptionMachine(machineOptions)
  return {
    subscribe(parameters) {
      warnDeprecatedOnce('chainx-sdk.subscribe.deprecationWarned', SUBSCRIBE_DEPRECATION_MESSAGE, SUBSCRIBE_DEPRECATION_CODE)
      let kind
      try {
        const filter = validateSubscriptionFilter(parameters.filter, typeNameLimits)
        kind = eventSubscriptionKind(filter, queryEvents as KindQuery<ChainxEvent, EventId> | undefined, {
          parse: parameters.parse === undefined ? undefined : readParser(parameters.parse as ParsedJsonParser<unknown>),
        })
      } catch (error) {
        return Promise.reject(error)
      }
      return machine.subscribe<ChainxEvent, EventId>(kind, {
        onItem: parameters.onEvent as (event: ChainxEvent) => void,
        onError: parameters.onError,
        onStateChange: parameters.onStateChange,
      })
    },
    close: () => machine.close(),
  }
}
