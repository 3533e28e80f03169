import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk } from '../utils/lazyChunk.js'

/** The chunk `queryChecks` loads (queryChecks.ts). */
export type QueryChecks = typeof import('./queryChecks.js')

/**
 * The chunk of the checks before sending and the reading of responses: the first query loads it
 * while it fetches `serviceConfig`, later ones find it `loaded()`. A failed load (a browser
 * offline) is a `CHUNK_LOAD_FAILED` error, and the next query tries again.
 */
export const queryChecks = lazyChunk<QueryChecks>(
  () => import('./queryChecks.js'),
  (cause) => new ChunkLoadError({ chunk: 'queryChecks', cause }),
)
