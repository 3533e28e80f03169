import { ClientClosedError } from '../errors/ClientClosedError.js'
import { lazySubscriptions } from '../subscription/lazySubscriptions.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { lazyRpcQuery } from '../jsonRpc/lazyRpcQuery.js'
import type { PageIterable } from '../pagination/types.js'
import { iterateEvents, type EventWalkPage, type IterateEventsOptions } from './iterateEvents.js'
import type { SubscriptionClient, SubscriptionClientOptions } from './subscribe/createSubscriptionClient.js'
import type { ChainxEvent, EventId, QueryEventsFn } from './types.js'
import { watchEvents, type EventWatcher, type WatchEventsOptions } from './watchEvents.js'

/**
 * Options of `createEventsClient`.
 *
 * @example
 * const options: EventsClientOptions = { rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport({ timeoutMs: 10_000 }) }
 * const events = createEventsClient(options)
 */
export interface EventsClientOptions {
  /**
   * The JSON-RPC endpoint, {rpc_url}, or the group of several: needed by `query`, `iterate` and
   * `watch` (they throw `InvalidArgumentError` without it), and by `subscribe`'s backfill.
   * @default undefined
   */
  rpcUrl?: string | EndpointGroup | undefined
  /** The transport shared with the GraphQL client (timeouts, retries, rate limit, hooks). */
  transport: Transport
  /**
   * The WebSocket endpoint, {ws_url}: needed by the deprecated `subscribe`.
   * @default undefined
   */
  wsUrl?: string | readonly string[] | undefined
  /**
   * Settings of the WebSocket subscriptions.
   * @default see `SubscriptionClientOptions`
   */
  subscriptions?: Omit<SubscriptionClientOptions, 'wsUrl' | 'queryEvents'> | undefined
  /**
   * Aborted when the client closes: every running `watch` then ends cleanly, and every later
   * call fails with `CLIENT_CLOSED`.
   * @default undefined (never closed from outside; `close()` still closes the subscriptions)
   */
  closed?: AbortSignal | undefined
}

/**
 * `client.events`: JSON-RPC event reads in the walk vocabulary. `query` reads one page of
 * `chainx_queryEvents`, `iterate` walks every page, `watch` follows new events by polling,
 * and the deprecated `subscribe` listens on a WebSocket.
 *
 * @example
 * const { data, nextCursor } = await client.events.query({ filter: { Sender: '0x2' }, pageSize: 10 })
 * // follow what comes after the first page
 * for await (const event of client.events.watch({ filter: { Sender: '0x2' }, cursor: nextCursor })) console.log(event.id)
 */
export interface EventsClient {
  /** One page of events; see `createQueryEvents`. */
  query: QueryEventsFn
  /**
   * Walks every page of `chainx_queryEvents` for a filter, yielding events once each, on the
   * shared page machine (bounds, prefetch). `walk.cursor` is the id of the last event yielded:
   * pass it back as `cursor` to resume.
   *
   * @example
   * const walk = client.events.iterate({ filter: { Sender: alice }, maxItems: 1_000 })
   * for await (const event of walk) await save(event, walk.cursor)
   */
  iterate<TParsed = unknown>(options: IterateEventsOptions<TParsed>): PageIterable<ChainxEvent<TParsed>, EventWalkPage<TParsed>, EventId>
  /** An endless, resumable stream of matching events; see `watchEvents`. */
  watch<TParsed = unknown>(options: WatchEventsOptions<TParsed>): EventWatcher<TParsed>
  /**
   * Subscribes over the WebSocket; see `SubscriptionClient.subscribe`.
   *
   * @deprecated The service deprecates `chainx_subscribeEvent` (spec 4.5). Use `watch`, which
   * polls `chainx_queryEvents` with a cursor and needs no WebSocket (`toQueryFilter` turns a
   * subscription filter into a query filter).
   */
  subscribe: SubscriptionClient['subscribe']
}

/**
 * What `createEventsClient` returns: `client.events`, and `close` for the facade.
 *
 * @example
 * const events: EventsClientHandle = createEventsClient({ transport })
 * await events.close()
 */
export interface EventsClientHandle extends EventsClient {
  /** Closes the subscription WebSocket, if one was opened. */
  close(): Promise<void>
}

/**
 * Creates `client.events`, the one place it is built: `query`, `iterate`, `watch` and the
 * deprecated `subscribe`, whose WebSocket client is loaded on first use (it stays out of the
 * main chunk).
 *
 * @example
 * const events = createEventsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const page = await events.query({ filter: { Sender: '0x2' } })
 * for await (const event of events.watch({ filter: { Sender: '0x2' }, cursor: page.nextCursor })) console.log(event.type)
 */
export function createEventsClient(options: EventsClientOptions): EventsClientHandle {
  const { rpcUrl, wsUrl, closed } = options
  const assertOpen = () => {
    if (closed?.aborted) throw new ClientClosedError()
  }
  // The JSON-RPC caller and the event decoders load with the first read (they stay out of the first load).
  const { query, available } = lazyRpcQuery<QueryEventsFn>({
    area: 'client.events',
    chunk: 'connectQueryEvents',
    rpcUrl,
    transport: options.transport,
    closed,
    load: () => import('./connectQueryEvents.js').then((module) => module.connectQueryEvents),
  })
  // The deprecated WebSocket client is a chunk of its own; a failed load is retried by the next subscribe.
  const subscriptions = lazySubscriptions({
    area: 'client.events',
    chunk: 'createSubscriptionClient',
    wsUrl,
    closed,
    open: (wsUrl) =>
      import('./subscribe/createSubscriptionClient.js').then((module) =>
        module.createSubscriptionClient({
          ...options.subscriptions,
          wsUrl,
          queryEvents: available ? query : undefined,
          onConnectionStart: options.transport.onConnectionStart,
        }),
      ),
  })
  return {
    query,
    iterate: (iterateOptions) => (assertOpen(), iterateEvents(query, iterateOptions, options.transport.onWalkStart)),
    watch: (watchOptions) => (assertOpen(), watchEvents(query, watchOptions, closed)),
    subscribe: async (parameters) => (await subscriptions.open()).subscribe(parameters),
    close: () => subscriptions.close(),
  }
}
