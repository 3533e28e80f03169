import { NetworkError } from '../errors/request.js'

/**
 * The chunk `loadQueryChecks` loads.
 *
 * @example
 * const { checkQuery }: QueryChecks = await loadQueryChecks()
 */
export type QueryChecks = typeof import('./queryChecks.js')

let loading: Promise<QueryChecks> | undefined
let loaded: QueryChecks | undefined

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
  loading ??= import('./queryChecks.js').then(
    (module) => (loaded = module),
    (cause: unknown) => {
      loading = undefined
      throw new NetworkError({ url: 'chainx-sdk/queryChecks (a chunk of the package)', cause })
    },
  )
  return loading
}

/**
 * The chunk of `loadQueryChecks` once it has loaded, else undefined: a query that finds it
 * loaded runs its checks without waiting a turn.
 *
 * @example
 * const checks = loadedQueryChecks() ?? (await loadQueryChecks())
 */
export function loadedQueryChecks(): QueryChecks | undefined {
  return loaded
}
