/**
 * A chunk of the package loaded on first use, the one loader every lazy chunk goes through.
 *
 * @example
 * const checks = lazyChunk(() => import('./queryChecks.js'), (cause) => new ChunkLoadError({ chunk: 'queryChecks', cause }))
 * const { checkQuery } = await checks.load()
 */
export interface LazyChunk<T> {
  /** Loads the chunk (once; concurrent calls share the load). A failed load is retried by the next call. */
  load(): Promise<T>
  /** The chunk once it has loaded, else undefined (no waiting a turn). */
  loaded(): T | undefined
}

/**
 * Creates a `LazyChunk`: `import()` runs on the first `load()`, its result is kept, and a
 * failed import (a browser offline, a deploy that removed the file) is reported through
 * `fail` and forgotten, so the next call imports again.
 *
 * @example
 * const limiter = lazyChunk(() => import('./createRateLimiter.js'), (cause) => new ChunkLoadError({ chunk: 'createRateLimiter', cause }))
 */
export function lazyChunk<T>(importChunk: () => Promise<T>, fail: (cause: unknown) => Error): LazyChunk<T> {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  return {
    load() {
      loading ??= importChunk().then(
        (module) => (loaded = module),
        (cause: unknown) => {
          loading = undefined
          throw fail(cause)
        },
      )
      return loading
    },
    loaded: () => loaded,
  }
}
