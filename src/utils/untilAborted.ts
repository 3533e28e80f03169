/**
 * Settles with `promise`, or rejects as soon as `signal` aborts (with `onAbort(reason)`,
 * by default the signal's reason), even while the promise is still pending. The listener
 * is removed when either happens.
 *
 * @example
 * const limits = await untilAborted(sharedFetch, signal, (reason) => new AbortedError({ cause: reason }))
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  onAbort: (reason: unknown) => unknown = (reason) => reason,
): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort(signal.reason))
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort(signal.reason))
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}
