import {
  createSubscriptionMachine,
  type SubscriptionMachine,
  type SubscriptionMachineOptions,
} from '../../subscription/createSubscriptionMachine.js'
import type { ParseTypeNameOptions } from '../parseTypeName.js'
import type { ChainxEvent, EventId, ParsedJsonParser, QueryEventsFn } from '../types.js'
import { eventSubscriptionKind } from './eventSubscriptionKind.js'
import type { SubscribeParameters, Unsubscribe } from './types.js'
import { validateSubscriptionFilter } from './validateSubscriptionFilter.js'
import { warnSubscribeDeprecated } from './warnSubscribeDeprecated.js'

export type { BackfillOptions } from '../../subscription/createSubscriptionMachine.js'

/**
 * Options of `createSubscriptionClient`.
 *
 * @example
 * const options: SubscriptionClientOptions = { wsUrl: 'ws://127.0.0.1:9001', queryEvents: client.events.query, heartbeatMs: 15_000 }
 */
export interface SubscriptionClientOptions extends SubscriptionMachineOptions {
  /**
   * Reads event pages (`client.events.query`); used to fetch what a subscription missed.
   * Without it every reconnect is reported as a `gap`.
   * @default undefined (no backfill)
   */
  queryEvents?: QueryEventsFn | undefined
  /**
   * Limits for checking event type names in filters.
   * @default { maxTypeArgumentDepth: 16, maxTypeArgumentWidth: 32 }
   */
  typeNameLimits?: ParseTypeNameOptions | undefined
  /**
   * The machine (socket, reconnects, heartbeat) to subscribe on, shared with other item kinds;
   * the other options of the machine are then its own.
   * @default a machine of its own, made from these options
   */
  machine?: SubscriptionMachine | undefined
}

/**
 * The subscription side of `client.events`.
 *
 * @example
 * const unsubscribe = await subscriptions.subscribe({ filter: { All: [] }, onEvent: console.log })
 * await subscriptions.close()
 */
export interface SubscriptionClient {
  /**
   * Subscribes to events matching a filter over the shared WebSocket; resolves once the
   * server acknowledged, with the function that unsubscribes.
   *
   * @deprecated The service deprecates `chainx_subscribeEvent` (spec 4.5). Use
   * `client.events.watch`, which polls `chainx_queryEvents` with a cursor and needs no WebSocket.
   */
  subscribe<TParsed = unknown>(parameters: SubscribeParameters<TParsed>): Promise<Unsubscribe>
  /** Ends every subscription (a `closed` state each) and closes the socket. The client can be used again. */
  close(): Promise<void>
}

/**
 * Creates the client behind `client.events.subscribe`: WebSocket subscriptions to
 * `chainx_subscribeEvent` (spec 4.5, 6.4) on the one subscription machine
 * (`createSubscriptionMachine`: one socket, reconnects, heartbeat, backfill through
 * `queryEvents` from the last event handled, liveness checks), so each event reaches
 * `onEvent` once, in order, through socket drops and restarts. Events are an item kind of
 * the machine (`eventSubscriptionKind`: see `planBackfill` for the query each filter uses).
 * The filter is checked before anything is sent.
 *
 * Each process prints one deprecation warning on the first `subscribe`.
 *
 * @example
 * const subscriptions = createSubscriptionClient({ wsUrl: 'ws://127.0.0.1:9001', queryEvents: client.events.query })
 * const unsubscribe = await subscriptions.subscribe({
 *   filter: { MoveModule: { package: '0x2', module: 'market' } },
 *   onEvent: (event) => console.log(event.type, event.parsedJson),
 *   onError: (error) => console.warn(error),
 *   onStateChange: (change) => console.log(change.state),
 * })
 * await unsubscribe() // true
 */
export function createSubscriptionClient(options: SubscriptionClientOptions): SubscriptionClient {
  const machine = options.machine ?? createSubscriptionMachine(options)
  return {
    subscribe<TParsed>(parameters: SubscribeParameters<TParsed>): Promise<Unsubscribe> {
      warnSubscribeDeprecated()
      let kind
      try {
        const filter = validateSubscriptionFilter(parameters.filter, options.typeNameLimits)
        kind = eventSubscriptionKind(filter, options.queryEvents, parameters.parse as ParsedJsonParser<unknown> | undefined)
      } catch (error) {
        return Promise.reject(error)
      }
      return machine.subscribe<ChainxEvent, EventId>(kind, {
        onItem: parameters.onEvent as (event: ChainxEvent) => void | Promise<void>,
        onError: parameters.onError,
        onStateChange: parameters.onStateChange,
      })
    },
    close: () => machine.close(),
  }
}
