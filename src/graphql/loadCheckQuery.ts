import { NetworkError } from '../errors/request.js'
import type { checkQuery } from './checkQuery.js'

type CheckQuery = typeof checkQuery

let loaded: CheckQuery | undefined
let loading: Promise<CheckQuery> | undefined

/**
 * The checks before sending (`checkQuery`), a chunk of their own so that a browser's first load
 * does not carry them: the first query loads them while it fetches `serviceConfig`. Returns the
 * function itself once loaded, so later queries do not wait a tick. A chunk that fails to load
 * (a browser offline) is a `NETWORK` error, and the next query tries again.
 *
 * @example
 * const loading = loadCheckQuery()
 * const check = typeof loading === 'function' ? loading : await loading
 * check({ analysis, variables: {}, bodyBytes: 120, limits: {} })
 */
export function loadCheckQuery(): CheckQuery | Promise<CheckQuery> {
  if (loaded) return loaded
  loading ??= import('./checkQuery.js').then(
    (module) => (loaded = module.checkQuery),
    (cause: unknown) => {
      loading = undefined
      throw new NetworkError({ url: 'chainx-sdk/checkQuery (a chunk of the package)', cause })
    },
  )
  return loading
}
