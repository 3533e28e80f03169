import type { ChainxError } from '../errors/ChainxError.js'

/**
 * Whether a failure is transient: the same request may succeed later or elsewhere (network
 * faults, timeouts, 5xx, 429, an undecodable body). Such a failure is retried and moves a call
 * to the next endpoint; any other (a rejected query, `INVALID_ARGUMENT`, `INVALID_FILTER`)
 * ends the call where it is. One table decides it: each error's `retryable`.
 *
 * @example
 * if (isTransient(error)) pool.failed(entry, error)
 */
export function isTransient(error: ChainxError): boolean {
  return error.retryable
}
