import { ChunkLoadError } from '../errors/ChunkLoadError.js'
import { lazyChunk, type LazyChunk } from '../utils/lazyChunk.js'

/**
 * The failover chunk (`./failover/index.ts`); a failed import is `CHUNK_LOAD_FAILED` and the
 * next call imports again.
 */
export const failoverChunk: LazyChunk<typeof import('./failover/index.js')> = lazyChunk(
  () => import('./failover/index.js'),
  (cause) => new ChunkLoadError({ chunk: 'failover', cause }),
)
