import { onAbort } from './onAbort.js'

/**
 * Aborts `controller` (same reason) when any of `signals` aborts; the returned function stops following. Unlike `AbortSignal.any`,
 * its listeners (`onAbort`) go when it is called: call it on every exit path.
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
