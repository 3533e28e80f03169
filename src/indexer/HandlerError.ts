import { UnexpectedError } from '../errors/UnexpectedError.js'

/**
 * A pipeline's `handle` threw (or its SQL failed): its batch was rolled back, its watermark did
 * not move, and the pipeline stopped. `run` rejects with it once every pipeline has stopped at a
 * batch boundary. An `UnexpectedError` (`UNEXPECTED`) whose message names the pipeline and the
 * batch's first item; `cause` holds what the handler threw.
 *
 * @example
 * await indexer.run().catch((error) => {
 *   if (error instanceof HandlerError) console.log(error.pipeline, error.firstItemId, error.cause)
 * })
 */
export class HandlerError extends UnexpectedError {
  override name = 'HandlerError'
  /** The pipeline whose handler threw. */
  readonly pipeline: string
  /** The id of the batch's first item (an event's `id`, a transaction's `digest`). */
  readonly firstItemId: unknown
  /** How many items the rolled-back batch held. */
  readonly batchSize: number
  constructor(args: { pipeline: string; firstItemId: unknown; batchSize: number; cause: unknown }) {
    super({
      source: `pipeline ${JSON.stringify(args.pipeline)}'s handle on the batch from ${describeId(args.firstItemId)}`,
      cause: args.cause,
    })
    this.pipeline = args.pipeline
    this.firstItemId = args.firstItemId
    this.batchSize = args.batchSize
  }
}

function describeId(id: unknown): string {
  if (typeof id === 'string') return id
  if (typeof id === 'object' && id !== null && 'txDigest' in id && 'eventSeq' in id)
    return `event ${String(id.txDigest)}:${String(id.eventSeq)}`
  return JSON.stringify(id) ?? String(id)
}
