// Module hooks for bench/overhead.ts: every import of src/transport/selectHttp resolves to
// ./stubSelectHttp.ts instead, which hands the transport the benchmark's stub HttpFn. The real
// module stays reachable with `?real` (the stub re-exports it), so the transport, its options
// checks and everything above it run unchanged; only the HttpFn is swapped.
const SELECT_HTTP = /\/src\/transport\/selectHttp\.ts$/

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context)
  if (SELECT_HTTP.test(resolved.url) && !context.parentURL?.endsWith('/bench/overhead/stubSelectHttp.ts')) {
    return { ...resolved, url: new URL('./stubSelectHttp.ts', import.meta.url).href }
  }
  return resolved
}
