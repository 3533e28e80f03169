type Callbacks = Set<() => void>

/** One 'abort' listener per signal, fanning out to every waiter on it. */
const waiters = new WeakMap<AbortSignal, Callbacks>()

/**
 * Calls `callback` once when `signal` aborts; the returned function stops listening. However
 * many calls wait on one signal, the signal gets a single listener, so a signal shared by
 * many concurrent requests never prints `MaxListenersExceededWarning`.
 *
 * @example
 * const stop = onAbort(signal, () => socket.destroy())
 * try { await work() } finally { stop() }
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiters.get(signal)
  if (callbacks === undefined) {
    const created: Callbacks = new Set()
    callbacks = created
    waiters.set(signal, created)
    signal.addEventListener(
      'abort',
      () => {
        waiters.delete(signal)
        for (const waiter of created) waiter()
        created.clear()
      },
      { once: true },
    )
  }
  const entry = () => callback()
  callbacks.add(entry)
  const registered = callbacks
  return () => void registered.delete(entry)
}
