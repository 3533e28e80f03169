import { createResourceClient, type CallPage } from '../../src/resources/createResourceClient.js'
import { createResources } from '../../src/resources/createResources.js'
import { eventsResource, type EventsClient } from '../../src/resources/events.js'
import { transactionsResource, type TransactionsClient } from '../../src/resources/transactions.js'
import type { JsonRpcChunk } from '../../src/resources/types.js'
import type { PageShape } from '../../src/pagination/types.js'
import { walkPages } from '../../src/pagination/walkPages.js'
import type { WalkDirection } from '../../src/pagination/walkOptions.js'
import { createTransport, type Transport, type TransportOptions } from '../../src/transport/createTransport.js'

/**
 * `client.events` and `client.transactions` over one JSON-RPC endpoint (and a WebSocket one,
 * when given), built as the client builds them, with the transport made from `transport`.
 */
export function resourcesAt(rpcUrl: string, transport: TransportOptions | Transport = {}, wsUrl?: string) {
  const shared =
    'request' in transport && typeof transport.request === 'function'
      ? (transport as Transport)
      : createTransport(transport as TransportOptions)
  return createResources({ rpcUrl: { kind: 'rpc', urls: [rpcUrl] }, wsUrl: wsUrl ? [wsUrl] : [], transport: shared })
}

/** `client.events` over one JSON-RPC endpoint. */
export function eventsAt(rpcUrl: string, transport: TransportOptions | Transport = {}): EventsClient {
  return resourcesAt(rpcUrl, transport).events
}

/** `client.transactions` over one JSON-RPC endpoint. */
export function transactionsAt(rpcUrl: string, transport: TransportOptions | Transport = {}): TransactionsClient {
  return resourcesAt(rpcUrl, transport).transactions
}

/** One page read as the fakes below receive it: the params of the JSON-RPC call, read back into the walk vocabulary. */
export interface FakeRead {
  filter: unknown
  options?: unknown
  cursor: any
  pageSize: number | undefined
  direction: WalkDirection
  signal: AbortSignal | undefined
}

/**
 * A resource client whose pages come from `read` instead of the network (a fake service in
 * memory): everything else (checks, page machine, watch loop) is the real client's.
 */
function overFake<TClient>(
  resource: typeof eventsResource | typeof transactionsResource,
  read: (request: FakeRead) => Promise<PageShape<any, any>>,
): TClient {
  const chunk = { readEventPage: (result: unknown) => result, readTransactionPage: (result: unknown) => result } as unknown as JsonRpcChunk
  const call: CallPage = async (_method, params, signal, reader) => {
    const [first, cursor, pageSize, backward] = params as [any, any, number | null, boolean]
    const request =
      resource.name === 'transactions'
        ? {
            filter: first.filter,
            options: first.options,
            cursor,
            pageSize: pageSize ?? undefined,
            direction: backward ? 'backward' : 'forward',
            signal,
          }
        : { filter: first, cursor, pageSize: pageSize ?? undefined, direction: backward ? 'backward' : 'forward', signal }
    return reader(await read(request as FakeRead), { status: 200, headers: {}, body: '' } as never)
  }
  return createResourceClient(resource as never, {
    reads: async () => ({ chunk, call }),
    loadWalk: async () => walkPages,
    subscriptions: undefined,
    closed: undefined,
    typeNameLimits: undefined,
    onWalkStart: undefined,
  }) as TClient
}

/** `client.events` over an in-memory `chainx_queryEvents`. */
export function eventsOverFake(read: (request: FakeRead) => Promise<PageShape<any, any>>): EventsClient {
  return overFake<EventsClient>(eventsResource, read)
}

/** `client.transactions` over an in-memory `chainx_queryTransactionBlocks`. */
export function transactionsOverFake(read: (request: FakeRead) => Promise<PageShape<any, any>>): TransactionsClient {
  return overFake<TransactionsClient>(transactionsResource, read)
}
