import { EventContentError } from '../errors/EventContentError.js'
import type { ChainxEvent, ParsedJsonParser } from './types.js'

/**
 * Runs a `parse` option over each event's `parsedJson` and returns the events with the
 * parsed values. A schema (anything with a `parse` method: zod, zod/mini, ...) is called
 * as `schema.parse(parsedJson)`; a function as `fn(parsedJson, event)`. The first failure
 * throws `EventContentError` (INVALID_RESPONSE) naming the event.
 *
 * @example
 * const typed = parseEventContent(page.data, z.object({ price: z.string() }))
 * typed[0].parsedJson.price // string
 */
export function parseEventContent<T>(events: readonly ChainxEvent<unknown>[], parser: ParsedJsonParser<T>, status = 200): ChainxEvent<T>[] {
  const parse =
    typeof (parser as { parse?: unknown }).parse === 'function'
      ? (value: unknown) => (parser as { parse(value: unknown): T }).parse(value)
      : (value: unknown, event: ChainxEvent<unknown>) => (parser as (value: unknown, event: ChainxEvent<unknown>) => T)(value, event)
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
