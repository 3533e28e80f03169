import * as z from 'zod/mini'

const U64_STRING = /^\d{1,20}$/

/** A JSON object, checked without copying it (a `z.record` would copy every key). */
const JsonObjectSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected a JSON object',
)

/**
 * An event ID (spec 2.1): `eventSeq` is a string holding an integer (spec 6.2).
 *
 * @example
 * EventIdSchema.parse({ txDigest: 'Eg3y…', eventSeq: '0' })
 */
export const EventIdSchema = z.object({
  txDigest: z.string().check(z.minLength(1)),
  eventSeq: z.string().check(z.regex(U64_STRING)),
})

/**
 * An event in JSON-RPC shape (spec 2.1). `eventSeq` and `timestampMs` stay strings;
 * `parsedJson` must be a JSON object; `timestampMs` may be absent or null (the service
 * leaves it out when unknown). Fields this schema does not name are kept.
 *
 * @example
 * const event = ChainxEventSchema.parse(json) // throws a ZodError on a malformed event
 */
export const ChainxEventSchema = z.looseObject({
  id: EventIdSchema,
  packageId: z.string(),
  transactionModule: z.string(),
  sender: z.string(),
  type: z.string(),
  parsedJson: JsonObjectSchema,
  bcs: z.string(),
  bcsEncoding: z.optional(z.enum(['base64', 'base58'])),
  timestampMs: z.optional(z.nullable(z.string().check(z.regex(U64_STRING)))),
})

/**
 * The result of `chainx_queryEvents`: `data`, `nextCursor` (EventId or null), `hasNextPage`.
 *
 * @example
 * const page = EventPageSchema.safeParse(result)
 * if (page.success) console.log(page.data.hasNextPage)
 */
export const EventPageSchema = z.object({
  data: z.array(ChainxEventSchema),
  nextCursor: z.optional(z.nullable(EventIdSchema)),
  hasNextPage: z.boolean(),
})
