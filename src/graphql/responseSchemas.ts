import {
  array,
  either,
  finiteNumber,
  jsonObject,
  nonNegativeInteger,
  nullable,
  object,
  optional,
  safeInteger,
  string,
  type Decoder,
} from '../utils/decode.js'
import type { Usage } from '../utils/usage.js'
import type { ServiceLimits } from './serviceLimits.js'

export type { Usage }

/**
 * The usage extension (spec 2.4, 4.1 rule 3): six integers describing the request.
 *
 * @example
 * usageDecoder({ inputNodes: 2, outputNodes: 2, depth: 2, variables: 0, fragments: 0, queryPayload: 37 })
 */
export const usageDecoder: Decoder<Usage> = object({
  inputNodes: safeInteger,
  outputNodes: safeInteger,
  depth: safeInteger,
  variables: safeInteger,
  fragments: safeInteger,
  queryPayload: safeInteger,
})

const graphQLErrorEntry = object({
  message: string,
  locations: optional(array(object({ line: finiteNumber, column: finiteNumber }))),
  path: optional(array(either(string, finiteNumber))),
  extensions: optional(object({ code: optional(string) })),
})

/**
 * The GraphQL response envelope. `data` is only checked to be an object or null here;
 * its shape is the operation's, typed by codegen.
 *
 * @example
 * const { data, errors } = graphQLEnvelopeDecoder(JSON.parse(body))
 */
export const graphQLEnvelopeDecoder = object({
  data: optional(nullable(jsonObject)),
  errors: optional(array(graphQLErrorEntry)),
  extensions: optional(object({ usage: optional(usageDecoder) })),
})

/**
 * The limits `serviceConfig` reports (spec 8.2, 4.2 rule 3).
 *
 * @example
 * for (const name of SERVICE_LIMIT_NAMES) console.log(name, limits[name])
 */
export const SERVICE_LIMIT_NAMES = [
  'maxQueryDepth',
  'maxQueryNodes',
  'maxOutputNodes',
  'maxDbQueryCost',
  'defaultPageSize',
  'maxPageSize',
  'requestTimeoutMs',
  'maxQueryPayloadSize',
  'maxTypeArgumentDepth',
  'maxTypeArgumentWidth',
  'maxTypeNodes',
  'maxMoveValueDepth',
] as const satisfies readonly (keyof ServiceLimits)[]

const limit = optional(nullable(nonNegativeInteger))

/**
 * The `serviceConfig` field of a result: each limit a non-negative integer, or absent/null
 * (not selected, or unknown to this service version).
 *
 * @example
 * serviceConfigDecoder({ maxPageSize: 50, defaultPageSize: 20 })
 */
export const serviceConfigDecoder: Decoder<Partial<Record<keyof ServiceLimits, number | null>>> = object(
  Object.fromEntries(SERVICE_LIMIT_NAMES.map((name) => [name, limit])),
)

const checkpointBound = nullable(object({ sequenceNumber: nonNegativeInteger }))

/**
 * The data of a `serviceConfig` query.
 *
 * @example
 * serviceConfigDataDecoder({ serviceConfig: { maxPageSize: 50 } })
 */
export const serviceConfigDataDecoder = object({ serviceConfig: serviceConfigDecoder })

/**
 * The data of an `availableRange` query: the first and last checkpoints (null when unknown).
 *
 * @example
 * availableRangeDataDecoder({ availableRange: { first: { sequenceNumber: 0 }, last: { sequenceNumber: 41 } } })
 */
export const availableRangeDataDecoder = object({
  availableRange: object({ first: checkpointBound, last: checkpointBound }),
})
