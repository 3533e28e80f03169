import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A chunk of the package (a part loaded on first use: the query checks, the rate limiter, the
 * subscription client, a Node transport, failover, telemetry) or a package it loads on first use
 * (`ws` in Node) failed to load: a browser offline, a deploy that removed the file, a package not
 * installed. The next call that needs it tries again.
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
  // `dependency`: what to say instead of "a chunk of the package" when the module is another
  // package (`ws`), with what to do about it.
  constructor(args: ChainxErrorOptions & { chunk: string; dependency?: string | undefined }) {
    const what = args.dependency ?? `chainx-sdk/${args.chunk} (a chunk of the package)`
    super('CHUNK_LOAD_FAILED', `Could not load ${what}; the next call tries again`, args)
    this.chunk = args.chunk
  }
}
