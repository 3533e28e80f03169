import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk } from '../utils/lazyChunk.js'

/**
 * The chunk `loadQueryChecks` loads.
 *
 * @example
 * const { checkQuery }: QueryChecks = await loadQueryChecks()
 */
export type QueryChecks = typeof import('./queryChecks.js')

const chunk = lazyChunk<QueryChecks>(
  () => import('./queryChecks.js'),
  (cause) => new ChunkLoadError({ chunk: 'queryChecks', cause }),
)

/**
 * Loads the chunk of `checkQuery` and `mapGraphQLErrors` (see queryChecks.ts): the first query
 * loads it while it fetches `serviceConfig`, later ones find it loaded. A chunk that fails to
 * load (a browser offline) is a `CHUNK_LOAD_FAILED` error, and the next query tries again.
 *
 * @example
 * const { checkQuery } = await loadQueryChecks()
 * checkQuery({ analysis, variables: {}, bodyBytes: 120, limits: {} })
 */
export function loadQueryChecks(): Promise<QueryChecks> {
  return chunk.load()
}

/**
 * The chunk of `loadQueryChecks` once it has loaded, else undefined: a query that finds it
 * loaded runs its checks without waiting a turn.
 *
 * @example
 * const checks = loadedQueryChecks() ?? (await loadQueryChecks())
 */
export function loadedQueryChecks(): QueryChecks | undefined {
  return chunk.loaded()
}
