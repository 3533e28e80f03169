import { createJsonRpcCaller } from '../jsonRpc/createJsonRpcCaller.js'
import type { Transport } from '../transport/createTransport.js'
import type { EndpointGroup } from '../transport/endpoints.js'
import { createQueryEvents } from './createQueryEvents.js'
import type { QueryEventsFn } from './types.js'

/**
 * The entry of the chunk `client.events.query` loads on first use: `chainx_queryEvents` over a
 * JSON-RPC caller of the endpoint (see `createQueryEvents`).
 *
 * @example
 * const query = connectQueryEvents('http://127.0.0.1:9000/json-rpc', createTransport())
 * const page = await query({ filter: { Sender: '0x2' } })
 */
export function connectQueryEvents(url: string | EndpointGroup, transport: Transport): QueryEventsFn {
  return createQueryEvents(createJsonRpcCaller({ url, transport }))
}
