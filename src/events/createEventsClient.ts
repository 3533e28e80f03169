import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import { createQueryEvents } from './createQueryEvents.js'
import type { QueryEventsFn } from './types.js'
import { watchEvents, type EventWatcher, type WatchEventsOptions } from './watchEvents.js'

/**
 * Options of `createEventsClient`.
 *
 * @example
 * const options: EventsClientOptions = { rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport({ timeoutMs: 10_000 }) }
 * const events = createEventsClient(options)
 */
export interface EventsClientOptions {
  /** The JSON-RPC endpoint, {rpc_url}, or the group of several. */
  rpcUrl: string | EndpointGroup
  /** The transport shared with the GraphQL client (timeouts, retries, rate limit, hooks). */
  transport: Transport
}

/**
 * JSON-RPC event reads: `query` (one page of `chainx_queryEvents`) and `watch` (follow new
 * events by polling). The facade adds `subscribe` and `iterate` next to these.
 *
 * @example
 * const { data, nextCursor } = await client.events.query({ filter: { Sender: '0x2' }, limit: 10 })
 * // follow what comes after the first page
 * for await (const event of client.events.watch({ filter: { Sender: '0x2' }, cursor: nextCursor })) console.log(event.id)
 */
export interface EventsClient {
  /** One page of events; see `createQueryEvents`. */
  query: QueryEventsFn
  /** An endless, resumable stream of matching events; see `watchEvents`. */
  watch<TParsed = Record<string, unknown>>(options: WatchEventsOptions<TParsed>): EventWatcher<TParsed>
}

/**
 * Creates the events client behind `client.events`.
 *
 * @example
 * const events = createEventsClient({ rpcUrl: 'http://127.0.0.1:9000/json-rpc', transport: createTransport() })
 * const page = await events.query({ filter: { Sender: '0x2' } })
 * for await (const event of events.watch({ filter: { Sender: '0x2' }, cursor: page.nextCursor })) console.log(event.type)
 */
export function createEventsClient(options: EventsClientOptions): EventsClient {
  const query = createQueryEvents(createJsonRpcCaller({ url: options.rpcUrl, transport: options.transport }))
  return {
    query,
    watch: (watchOptions) => watchEvents(query, watchOptions),
  }
}
