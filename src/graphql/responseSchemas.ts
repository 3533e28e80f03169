import * as z from 'zod/mini'
import type { Usage } from '../utils/usage.js'

export type { Usage }

/**
 * The usage extension (spec 2.4, 4.1 rule 3): six integers describing the request.
 *
 * @example
 * UsageSchema.parse({ inputNodes: 2, outputNodes: 2, depth: 2, variables: 0, fragments: 0, queryPayload: 37 })
 */
export const UsageSchema: z.ZodMiniType<Usage> = z.object({
  inputNodes: z.int(),
  outputNodes: z.int(),
  depth: z.int(),
  variables: z.int(),
  fragments: z.int(),
  queryPayload: z.int(),
})

const GraphQLErrorEntrySchema = z.object({
  message: z.string(),
  locations: z.optional(z.array(z.object({ line: z.number(), column: z.number() }))),
  path: z.optional(z.array(z.union([z.string(), z.number()]))),
  extensions: z.optional(z.looseObject({ code: z.optional(z.string()) })),
})

/**
 * The GraphQL response envelope. `data` is only checked to be an object or null here;
 * its shape is the operation's, typed by codegen.
 *
 * @example
 * const envelope = GraphQLEnvelopeSchema.safeParse(JSON.parse(body))
 */
export const GraphQLEnvelopeSchema = z.object({
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  errors: z.optional(z.array(GraphQLErrorEntrySchema)),
  extensions: z.optional(z.looseObject({ usage: z.optional(UsageSchema) })),
})

/**
 * Relay PageInfo (spec 2.3).
 *
 * @example
 * PageInfoSchema.parse({ hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' })
 */
export const PageInfoSchema = z.object({
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  startCursor: z.nullable(z.string()),
  endCursor: z.nullable(z.string()),
})
