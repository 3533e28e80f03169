import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { ClientClosedError } from '../errors/ClientClosedError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { lazyChunk, type LazyChunk } from '../utils/lazyChunk.js'

/**
 * Options of `lazySubscriptions`.
 *
 * @example
 * const options: LazySubscriptionsOptions<SubscriptionClient> = {
 *   area: 'client.events',
 *   chunk: 'createSubscriptionClient',
 *   wsUrl: 'ws://127.0.0.1:9001',
 *   closed: undefined,
 *   open: (wsUrl) => import('./subscribe/createSubscriptionClient.js').then((module) => module.createSubscriptionClient({ wsUrl })),
 * }
 */
export interface LazySubscriptionsOptions<TClient> {
  /** Who subscribes, for the error without `wsUrl` (e.g. `'client.events'`). */
  area: string
  /** The chunk's name, for `ChunkLoadError`. */
  chunk: string
  /** The WebSocket endpoint, {ws_url}, or several; none makes every subscribe fail. */
  wsUrl: string | readonly string[] | undefined
  /** Aborted when the client closes: later subscribes fail with `CLIENT_CLOSED`. */
  closed: AbortSignal | undefined
  /** Loads the chunk and creates the subscription client over the endpoint. */
  open: (wsUrl: string | readonly string[]) => Promise<TClient>
}

/**
 * The deprecated WebSocket client of a facade (`client.events.subscribe`,
 * `client.transactions.subscribe`), a chunk of its own loaded by the first subscribe: `open()`
 * checks the client (`CLIENT_CLOSED`, a missing `wsUrl`) and resolves with the one
 * subscription client, created once (a failed load is `CHUNK_LOAD_FAILED`, tried again by the
 * next call); `close()` closes it, once it has loaded if it is still loading, and the next
 * `open()` creates a new one.
 *
 * @example
 * const subscriptions = lazySubscriptions({ area: 'client.events', chunk: 'createSubscriptionClient', wsUrl, closed, open })
 * const unsubscribe = await (await subscriptions.open()).subscribe({ filter: { All: [] }, onEvent: console.log })
 * await subscriptions.close()
 */
export function lazySubscriptions<TClient extends { close(): Promise<void> }>(
  options: LazySubscriptionsOptions<TClient>,
): { open(): Promise<TClient>; close(): Promise<void> } {
  const { area, wsUrl, closed } = options
  let opened: LazyChunk<TClient> | undefined
  return {
    async open() {
      if (closed?.aborted) throw new ClientClosedError()
      if (!wsUrl || wsUrl.length === 0) throw new InvalidArgumentError(`${area}.subscribe needs wsUrl in the ChainxClient options`)
      opened ??= lazyChunk(
        () => options.open(wsUrl),
        (cause) => new ChunkLoadError({ chunk: options.chunk, cause }),
      )
      return opened.load()
    },
    async close() {
      const closing = opened
      opened = undefined
      // One still loading is closed once it is; one that failed to load has nothing open.
      await (await closing?.load().catch(() => undefined))?.close()
    },
  }
}
