import { EventContentError } from '../errors/EventContentError.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { ChainxEvent, EventDecoder, ParsedJsonParser } from './types.js'

/**
 * Runs a `parse` option (see `readParser`) over each event and returns the events with the
 * parsed values as `parsedJson`. The first failure throws `EventContentError` (INVALID_RESPONSE)
 * naming the event.
 */
export function parseEventContent<T>(
  events: readonly ChainxEvent<unknown>[],
  parser: ParsedJsonParser<T> | ((value: unknown, event: ChainxEvent<unknown>) => T),
  status = 200,
): ChainxEvent<T>[] {
  const parse = readParser(parser)
  return events.map((event) => {
    let parsedJson: T
    try {
      parsedJson = parse(event.parsedJson, event)
    } catch (cause) {
      throw new EventContentError({ eventId: event.id, eventType: event.type, status, cause })
    }
    return { ...event, parsedJson }
  })
}

/**
 * A `parse` option as one function of the event's JSON and the event: a function as is, a
 * schema as `schema.parse(parsedJson)`, an event decoder (a generated Move registry) as
 * `decoder.decode(event)`; `InvalidArgumentError` for anything else. Schemas are recognised
 * first: zod 4 schemas and Move definitions have a `decode` too.
 */
export function readParser<T>(parser: ParsedJsonParser<T>): (value: unknown, event: ChainxEvent<unknown>) => T {
  if (typeof parser === 'function') return parser
  if (typeof (parser as { parse?: unknown }).parse === 'function') return (value) => (parser as { parse(value: unknown): T }).parse(value)
  if (typeof (parser as { decode?: unknown }).decode === 'function') return (_value, event) => (parser as EventDecoder<T>).decode(event)
  throw new InvalidArgumentError('parse must be a function, a schema with parse(value) or an event decoder with decode(event)')
}
