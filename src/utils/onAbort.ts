interface Waiters {
  callbacks: Set<() => void>
  listener: () => void
}

/** One 'abort' listener per signal, fanning out to every waiter on it. */
const waiters = new WeakMap<AbortSignal, Waiters>()

/**
 * Calls `callback` once when `signal` aborts; the returned function stops listening (call it on every exit path). One listener per
 * signal however many wait (no `MaxListenersExceededWarning`), removed with the last waiter, so a long-lived signal keeps nothing.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let entry = waiters.get(signal)
  if (entry === undefined) {
    const callbacks = new Set<() => void>()
    const listener = () => {
      waiters.delete(signal)
      for (const waiter of callbacks) waiter()
      callbacks.clear()
    }
    entry = { callbacks, listener }
    waiters.set(signal, entry)
    signal.addEventListener('abort', listener, { once: true })
  }
  // A wrapper of its own: the same callback registered twice is two waiters.
  const waiter = () => callback()
  const registered = entry
  registered.callbacks.add(waiter)
  return () => {
    if (!registered.callbacks.delete(waiter) || registered.callbacks.size > 0) return
    // The last waiter left: the signal keeps no listener (and no closure) of ours.
    if (waiters.get(signal) === registered) waiters.delete(signal)
    signal.removeEventListener('abort', registered.listener)
  }
}
