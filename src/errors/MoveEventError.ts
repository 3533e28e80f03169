import type { ChainxErrorOptions } from './ChainxErrorBase.js'
import { InvalidResponseError } from './request.js'

/**
 * An event could not be read with the generated Move definitions (unknown type, `parsedJson` or BCS that does not fit, or the two
 * disagree when verified). `status` is 0: no HTTP response is involved.
 *
 * @example
 * try {
 *   registry.decode(event, { verify: true })
 * } catch (error) {
 *   if (error instanceof MoveEventError) console.log(error.eventType, error.reason)
 * }
 */
export class MoveEventError extends InvalidResponseError {
  override name = 'MoveEventError'
  /** Type of the event that could not be read. */
  readonly eventType: string
  /** What went wrong, without the type. */
  readonly reason: string

  constructor(args: ChainxErrorOptions & { eventType: string; reason: string }) {
    super({
      ...args,
      status: 0,
      body: '',
      reason: args.reason,
      message: `Move event ${args.eventType}: ${args.reason}`,
      details: args.details ?? (args.cause instanceof Error ? args.cause.message : undefined),
    })
    this.eventType = args.eventType
    this.reason = args.reason
  }
}
