import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A chunk of the package loaded on first use (or `ws` in Node) failed to load; the next call that needs it tries again.
 *
 * @example
 * if (error instanceof ChunkLoadError) console.log(error.chunk, error.cause)
 */
export class ChunkLoadError extends ChainxError {
  override name = 'ChunkLoadError'
  declare readonly code: 'CHUNK_LOAD_FAILED'
  /** Which chunk, e.g. `'queryChecks'`. */
  readonly chunk: string
  // `dependency`: what to say when the module is another package (`ws`), with what to do about it.
  constructor(args: ChainxErrorOptions & { chunk: string; dependency?: string | undefined }) {
    const what = args.dependency ?? `chainx-sdk/${args.chunk} (a chunk of the package)`
    super('CHUNK_LOAD_FAILED', `Could not load ${what}; the next call tries again`, args)
    this.chunk = args.chunk
  }
}
