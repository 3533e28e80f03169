import { onAbort } from './onAbort.js'

/**
 * Aborts `controller` (with the same reason) when any of `signals` aborts, at once if one
 * already has; the returned function stops following them. Where `AbortSignal.any` would
 * register the combined signal on each source until garbage collection, this adds one shared
 * listener entry per source (`onAbort`) and removes it when the follower is done: call the
 * returned function on every exit path (end, break, throw, abort).
 *
 * @example
 * const own = new AbortController()
 * const unfollow = followSignal(own, callerSignal, clientClosed)
 * try { await walk(own.signal) } finally { unfollow() }
 */
export function followSignal(controller: AbortController, ...signals: readonly (AbortSignal | undefined)[]): () => void {
  const stops: (() => void)[] = []
  const unfollow = () => {
    for (const stop of stops.splice(0)) stop()
  }
  for (const signal of signals) {
    if (signal === undefined) continue
    if (signal.aborted) {
      unfollow()
      controller.abort(signal.reason)
      return unfollow
    }
    stops.push(
      onAbort(signal, () => {
        unfollow()
        controller.abort(signal.reason)
      }),
    )
  }
  return unfollow
}
