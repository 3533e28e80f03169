import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import type { SubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
import type { SubscriptionMachineOptions } from '../subscription/subscriptionOptionRules.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { lazyChunk } from '../utils/lazyChunk.js'
import type { ParseTypeNameOptions } from '../events/parseTypeName.js'
import { createResourceClient, type CallPage, type ResourceContext } from './createResourceClient.js'
import { eventsResource, type EventsClient } from './events.js'
import { transactionsResource, type TransactionsClient } from './transactions.js'
import type { JsonRpcChunk } from './types.js'

/**
 * Settings of the client's one WebSocket, shared by every `subscribe`: heartbeat, reconnects,
 * backfill, liveness checks, the WebSocket class, and the limits of event type names in filters.
 *
 * @example
 * const subscriptions: SubscriptionOptions = { heartbeatMs: 15_000, reconnect: { retries: 5 } }
 */
export interface SubscriptionOptions extends Omit<SubscriptionMachineOptions, 'wsUrl' | 'logger'> {
  /** Limits of event type names in event subscription filters. @default { maxTypeArgumentDepth: 16, maxTypeArgumentWidth: 32 } */
  typeNameLimits?: ParseTypeNameOptions | undefined
}

export interface ResourcesOptions {
  /** The JSON-RPC endpoints; none makes every read fail with `INVALID_ARGUMENT` naming `rpcUrl`. */
  rpcUrl: EndpointGroup
  /** The WebSocket endpoints; none makes every subscribe fail with `INVALID_ARGUMENT` naming `wsUrl`. */
  wsUrl: readonly string[]
  transport: Transport
  subscriptions?: SubscriptionOptions | undefined
  /** Aborted when the client closes: running watches end, later calls fail with `CLIENT_CLOSED`. */
  closed?: AbortSignal | undefined
}

/**
 * The client's JSON-RPC resources, built from their descriptors. They share one chunk (loaded by
 * the first read or subscribe) and one subscription machine, so one WebSocket; `close()` closes
 * it, a later subscribe opens a new one.
 */
export function createResources(options: ResourcesOptions) {
  const { transport, closed } = options
  const jsonRpc = lazyChunk(
    () => import('./jsonRpcChunk.js'),
    (cause) => new ChunkLoadError({ chunk: 'jsonRpc', cause }),
  )
  let call: CallPage | undefined
  const reads =
    options.rpcUrl.urls.length === 0
      ? undefined
      : async () => {
          const chunk = await jsonRpc.load()
          call ??= chunk.createJsonRpcCaller({ url: options.rpcUrl, transport }).call
          return { chunk, call }
        }
  const { typeNameLimits, ...machineOptions } = options.subscriptions ?? {}
  let machine: Promise<{ chunk: JsonRpcChunk; machine: SubscriptionMachine }> | undefined
  const open = () => {
    // A failed load is forgotten, so the next subscribe loads again.
    const opening = jsonRpc.load().then((chunk) => ({
      chunk,
      machine: chunk.createSubscriptionMachine({
        ...machineOptions,
        wsUrl: options.wsUrl,
        onConnectionStart: transport.onConnectionStart,
        logger: transport.logger,
      }),
    }))
    opening.catch(() => {
      if (machine === opening) machine = undefined
    })
    return opening
  }
  const context: ResourceContext = {
    reads,
    subscriptions: options.wsUrl.length === 0 ? undefined : { load: () => (machine ??= open()) },
    closed,
    typeNameLimits,
    onWalkStart: transport.onWalkStart,
    loadWalk: () => jsonRpc.load().then((chunk) => chunk.walkPages),
  }
  return {
    events: createResourceClient(eventsResource, context) as unknown as EventsClient,
    transactions: createResourceClient(transactionsResource, context) as unknown as TransactionsClient,
    async close() {
      const closing = machine
      machine = undefined
      // One still loading is closed once it is; one that failed to load has nothing open.
      await (await closing?.catch(() => undefined))?.machine.close()
    },
  }
}
