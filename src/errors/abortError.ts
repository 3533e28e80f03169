import { AbortedError, TimeoutError } from './request.js'

/**
 * The error for a caller's signal that fired: `TIMEOUT` when its reason is a `TimeoutError`
 * (`AbortSignal.timeout(ms)`), `ABORTED` otherwise; the reason is kept as `cause`.
 *
 * @example
 * if (signal.aborted) throw abortError(signal.reason)
 */
export function abortError(reason: unknown): AbortedError | TimeoutError {
  const name = typeof reason === 'object' && reason !== null ? (reason as { name?: unknown }).name : undefined
  return name === 'TimeoutError' ? new TimeoutError({ timeoutMs: undefined, cause: reason }) : new AbortedError({ cause: reason })
}
