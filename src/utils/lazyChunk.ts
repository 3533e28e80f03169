/** A chunk of the package loaded on first use, the one loader every lazy chunk goes through. */
export interface LazyChunk<T> {
  /** Loads the chunk (once; concurrent calls share the load). A failed load is retried by the next call. */
  load(): Promise<T>
  /** The chunk once it has loaded, else undefined (no waiting a turn). */
  loaded(): T | undefined
}

/** A `LazyChunk`: `import()` on the first `load()`, kept; a failed import is reported through `fail` and tried again next call. */
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
