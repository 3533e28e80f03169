import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { ClientClosedError } from '../errors/ClientClosedError.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { lazyChunk } from '../utils/lazyChunk.js'

/**
 * Options of `lazyRpcQuery`.
 *
 * @example
 * const options: LazyRpcQueryOptions<QueryEventsFn> = {
 *   area: 'client.events',
 *   chunk: 'connectQueryEvents',
 *   rpcUrl: 'http://127.0.0.1:9000/json-rpc',
 *   transport: createTransport(),
 *   load: () => import('./connectQueryEvents.js').then((module) => module.connectQueryEvents),
 * }
 */
export interface LazyRpcQueryOptions<TQuery> {
  /** Who needs the endpoint, for the error without one (e.g. `'client.events'`). */
  area: string
  /** The chunk's name, for `ChunkLoadError`. */
  chunk: string
  /** The JSON-RPC endpoint, {rpc_url}, or the group of several; none (or an empty group) makes every call fail. */
  rpcUrl: string | EndpointGroup | undefined
  /** The transport shared with the other clients. */
  transport: Transport
  /** Loads the chunk that builds the read over a JSON-RPC caller. */
  load: () => Promise<(url: string | EndpointGroup, transport: Transport) => TQuery>
  /**
   * Aborted when the client closes: later calls fail with `CLIENT_CLOSED`.
   * @default undefined
   */
  closed?: AbortSignal | undefined
}

/**
 * A JSON-RPC read of the facade (`client.events.query`, `client.transactions.query`) whose code
 * (the JSON-RPC caller, the read's checks and response decoders) loads with its first call, so
 * an app that reads only GraphQL never loads it. Every call checks the client first
 * (`CLIENT_CLOSED`, a missing `rpcUrl`), then loads the chunk (a failed load is
 * `CHUNK_LOAD_FAILED`, tried again by the next call) and runs the read, which checks its
 * parameters before anything is sent. `available` tells whether an endpoint was given.
 *
 * @example
 * const { query, available } = lazyRpcQuery({ area: 'client.events', chunk: 'connectQueryEvents', rpcUrl, transport, load })
 * const page = await query({ filter: { Sender: '0x2' } })
 */
export function lazyRpcQuery<TQuery extends (parameters: never) => Promise<unknown>>(
  options: LazyRpcQueryOptions<TQuery>,
): { query: TQuery; available: boolean } {
  const { rpcUrl, closed, transport } = options
  const available = rpcUrl !== undefined && (typeof rpcUrl === 'string' ? rpcUrl !== '' : rpcUrl.urls.length > 0)
  const chunk = lazyChunk(
    () => options.load().then((connect) => connect(rpcUrl as string | EndpointGroup, transport)),
    (cause) => new ChunkLoadError({ chunk: options.chunk, cause }),
  )
  const query = (parameters: never) => {
    // After close() a rejection, as from the transport: a call that returns a promise never throws.
    if (closed?.aborted) return Promise.reject(new ClientClosedError())
    if (!available) return Promise.reject(new InvalidArgumentError(`${options.area} needs rpcUrl in the ChainxClient options`))
    return chunk.load().then((read) => read(parameters))
  }
  return { query: query as TQuery, available }
}
