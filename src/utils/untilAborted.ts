import { onAbort as listen } from './onAbort.js'

/** Settles with `promise`, or rejects with `onAbort(reason)` as soon as `signal` aborts, the promise still pending. */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  onAbort: (reason: unknown) => unknown = (reason) => reason,
): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort(signal.reason))
  return new Promise<T>((resolve, reject) => {
    const stop = listen(signal, () => reject(onAbort(signal.reason)))
    promise.then(resolve, reject).finally(stop)
  })
}
