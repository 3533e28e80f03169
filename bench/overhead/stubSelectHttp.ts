// Stands in for src/transport/selectHttp.ts in bench/overhead.ts (see stubHttpHooks.mjs): the
// real module checks the options as always, then the benchmark's stub HttpFn is returned.
import type { HttpFn } from '../../src/transport/types.js'
import * as real from '../../src/transport/selectHttp.js'

export * from '../../src/transport/selectHttp.js'

/** The HttpFn every transport created from now on sends through (set by the benchmark). */
export const stub: { http: HttpFn | undefined } = { http: undefined }

export function selectHttp(...args: Parameters<typeof real.selectHttp>): HttpFn {
  real.selectHttp(...args)
  const { http } = stub
  if (!http) throw new Error('bench/overhead: set stub.http before creating a client')
  return http
}
