import { EventContentError } from '../errors/EventContentError.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { ChainxEvent, EventDecoder, ParsedJsonParser } from './types.js'

/**
 * Runs a `parse` option over each event and returns the events with the parsed values as
 * `parsedJson`. A function is called as `fn(parsedJson, event)`; a schema (anything with a
 * `parse` method: zod, zod/mini, a generated Move definition) as `schema.parse(parsedJson)`;
 * an event decoder (a `decode` method and no `parse`: a generated Move registry) as
 * `decoder.decode(event)`. The first failure throws `EventContentError` (INVALID_RESPONSE)
 * naming the event.
 *
 * @example
 * const typed = parseEventContent(page.data, z.object({ price: z.string() }))
 * typed[0].parsedJson.price // string
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
 * A `parse` option as one function of the event's JSON and the event; throws
 * `InvalidArgumentError` for anything else (run before the request). Schemas are recognised
 * first: zod 4 schemas and Move definitions have a `decode` too.
 *
 * @example
 * const parse = readParser(registry)
 * parse(event.parsedJson, event).name // 'market::Listed'
 */
export function readParser<T>(parser: ParsedJsonParser<T>): (value: unknown, event: ChainxEvent<unknown>) => T {
  if (typeof parser === 'function') return parser
  if (typeof (parser as { parse?: unknown }).parse === 'function') return (value) => (parser as { parse(value: unknown): T }).parse(value)
  if (typeof (parser as { decode?: unknown }).decode === 'function') return (_value, event) => (parser as EventDecoder<T>).decode(event)
  throw new InvalidArgumentError('parse must be a function, a schema with parse(value) or an event decoder with decode(event)')
}
