import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * The client was closed (`client.close()`, or the end of an `await using` block): nothing was
 * sent. Never retried; create a new client to go on. A walk that meets it carries
 * `resumeCursor`, so the new client can resume where the closed one stopped.
 *
 * @example
 * await client.close()
 * await client.graphql.epoch().catch((error) => error instanceof ClientClosedError) // true
 */
export class ClientClosedError extends ChainxError {
  override name = 'ClientClosedError'
  /** Always `'CLIENT_CLOSED'`. */
  declare readonly code: 'CLIENT_CLOSED'
  constructor(options: ChainxErrorOptions = {}) {
    super('CLIENT_CLOSED', 'The client is closed', options)
  }
}
