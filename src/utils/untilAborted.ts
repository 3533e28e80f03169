import { onAbort as listen } from './onAbort.js'

/**
 * Settles with `promise`, or rejects as soon as `signal` aborts (with `onAbort(reason)`,
 * by default the signal's reason), even while the promise is still pending. The listener
 * is removed when either happens; waits on one signal share a single listener.
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
    // Through the shared listener: many waits on one signal add one listener, not one each.
    const stop = listen(signal, () => reject(onAbort(signal.reason)))
    promise.then(resolve, reject).finally(stop)
  })
}
