import { NetworkError } from '../errors/request.js'

type QueryChecks = typeof import('./queryChecks.js')

let loading: Promise<QueryChecks> | undefined

/**
 * Loads the chunk of `checkQuery` and `mapGraphQLErrors` (see queryChecks.ts): the first query
 * loads it while it fetches `serviceConfig`, later ones find it loaded. A chunk that fails to
 * load (a browser offline) is a `NETWORK` error, and the next query tries again.
 *
 * @example
 * const { checkQuery } = await loadQueryChecks()
 * checkQuery({ analysis, variables: {}, bodyBytes: 120, limits: {} })
 */
export function loadQueryChecks(): Promise<QueryChecks> {
  loading ??= import('./queryChecks.js').catch((cause: unknown) => {
    loading = undefined
    throw new NetworkError({ url: 'chainx-sdk/queryChecks (a chunk of the package)', cause })
  })
  return loading
}
