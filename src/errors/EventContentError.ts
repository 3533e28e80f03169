import type { ChainxErrorOptions } from './ChainxErrorBase.js'
import { InvalidResponseError } from './request.js'

/** An event's id as the service sends it (the same shape as `EventId` of the events API). */
interface EventIdLike {
  txDigest: string
  eventSeq: string
}

/**
 * The `parse` option of an events query rejected an event's `parsedJson` (`cause`: the parser's error); the whole page fails.
 *
 * @example
 * try {
 *   await client.events.query({ filter, parse: PriceUpdated })
 * } catch (error) {
 *   if (error instanceof EventContentError) console.log(error.eventId, error.cause)
 * }
 */
export class EventContentError extends InvalidResponseError {
  override name = 'EventContentError'
  /** The event whose `parsedJson` was rejected. */
  readonly eventId: EventIdLike
  /** The event's type. */
  readonly eventType: string

  constructor(args: ChainxErrorOptions & { eventId: EventIdLike; eventType: string; status: number }) {
    super({
      ...args,
      body: '',
      reason: `parsedJson of event ${args.eventId.txDigest}:${args.eventId.eventSeq} (${args.eventType}) was rejected by the parse option`,
      details: args.cause instanceof Error ? args.cause.message : args.details,
    })
    this.eventId = args.eventId
    this.eventType = args.eventType
  }
}
