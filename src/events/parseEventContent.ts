import { EventContentError } from '../errors/EventContentError.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { ChainxEvent, EventDecoder, ParsedJsonParser } from './types.js'

/** A checked `parse` option (see `readParser`). */
export type EventParser<T> = (value: unknown, event: ChainxEvent<unknown>) => T

/**
 * Returns the events with their `parsedJson` parsed; the first failure throws
 * `EventContentError` (INVALID_RESPONSE) naming the event.
 */
export function parseEventContent<T>(events: readonly ChainxEvent<unknown>[], parse: EventParser<T>, status = 200): ChainxEvent<T>[] {
  return events.map((event) => {
    try {
      return { ...event, parsedJson: parse(event.parsedJson, event) }
    } catch (cause) {
      throw new EventContentError({ eventId: event.id, eventType: event.type, status, cause })
    }
  })
}

/**
 * A `parse` option as one function of the event's JSON and the event: a function as is, a schema
 * as `schema.parse(parsedJson)` (first: zod 4 schemas and Move definitions have a `decode` too),
 * an event decoder (a generated Move registry) as `decoder.decode(event)`.
 */
export function readParser<T>(parser: ParsedJsonParser<T>): EventParser<T> {
  if (typeof parser === 'function') return parser
  if (typeof (parser as { parse?: unknown }).parse === 'function') return (value) => (parser as { parse(value: unknown): T }).parse(value)
  if (typeof (parser as { decode?: unknown }).decode === 'function') return (_value, event) => (parser as EventDecoder<T>).decode(event)
  throw new InvalidArgumentError('parse must be a function, a schema with parse(value) or an event decoder with decode(event)')
}
