import { ChainxError, type ChainxErrorOptions } from './ChainxError.js'

/**
 * A chunk of the package (a part loaded on first use: the query checks, the rate limiter, the
 * subscription client, a Node transport) failed to load: a browser offline, or a deploy that
 * removed the file. The next call that needs it tries again.
 *
 * @example
 * if (error instanceof ChunkLoadError) console.log(error.chunk, error.cause)
 */
export class ChunkLoadError extends ChainxError {
  override name = 'ChunkLoadError'
  /** Always `'CHUNK_LOAD_FAILED'`. */
  declare readonly code: 'CHUNK_LOAD_FAILED'
  /** Which chunk, e.g. `'queryChecks'`. */
  readonly chunk: string
  constructor(args: ChainxErrorOptions & { chunk: string }) {
    super('CHUNK_LOAD_FAILED', `Could not load chainx-sdk/${args.chunk} (a chunk of the package); the next call tries again`, args)
    this.chunk = args.chunk
  }
}
