// Stands in for src/transport/selectHttp.ts in the build of the SDK that bench/overhead.ts
// measures: the real module checks the options as always, then the HttpFn the benchmark put
// at STUB_HTTP is returned, so everything above the HttpFn runs as it ships.
import type { HttpFn } from '../../src/transport/types.js'
import * as real from '../../src/transport/selectHttp.js'

export * from '../../src/transport/selectHttp.js'

/** Where the benchmark puts its stub HttpFn (global: the benchmark and the build are separate module graphs). */
export const STUB_HTTP = Symbol.for('chainx-sdk bench/overhead stub HttpFn')

export function selectHttp(...args: Parameters<typeof real.selectHttp>): HttpFn {
  real.selectHttp(...args)
  const http = (globalThis as { [STUB_HTTP]?: HttpFn })[STUB_HTTP]
  if (!http) throw new Error('bench/overhead: set globalThis[STUB_HTTP] before creating a client')
  return http
}
