import { abortError } from '../errors/request.js'

/**
 * Throws `AbortedError` when the caller's signal is aborted.
 *
 * @example
 * throwIfAborted(options.signal)
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal.reason)
}
