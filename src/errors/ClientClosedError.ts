import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * The client was closed: nothing was sent. A walk that meets it carries `resumeCursor` for a new client.
 *
 * @example
 * await client.close()
 * await client.graphql.epoch().catch((error) => error instanceof ClientClosedError) // true
 */
export class ClientClosedError extends ChainxError {
  override name = 'ClientClosedError'
  declare readonly code: 'CLIENT_CLOSED'
  constructor(options: ChainxErrorOptions = {}) {
    super('CLIENT_CLOSED', 'The client is closed', options)
  }
}
