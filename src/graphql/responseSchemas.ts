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

/** The usage extension (spec 2.4, 4.1 rule 3): six integers describing the request. */
const usageDecoder: Decoder<Usage> = object({
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

/** The GraphQL response envelope; `data` is only checked to be an object or null (its shape is the operation's). */
export const graphQLEnvelopeDecoder = object({
  data: optional(nullable(jsonObject)),
  errors: optional(array(graphQLErrorEntry)),
  extensions: optional(object({ usage: optional(usageDecoder) })),
})

/** The limits `serviceConfig` reports (spec 8.2, 4.2 rule 3). */
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

type ServiceConfig = Partial<Record<keyof ServiceLimits, number | null>>
const limit = optional(nullable(nonNegativeInteger))
const checkpointBound = nullable(object({ sequenceNumber: nonNegativeInteger }))

/** The data of a `serviceConfig` query: each limit a non-negative integer, or absent/null (not selected, or unknown to this version). */
export const serviceConfigDataDecoder = object({
  serviceConfig: object(Object.fromEntries(SERVICE_LIMIT_NAMES.map((name) => [name, limit]))) as Decoder<ServiceConfig>,
})

/** The data of an `availableRange` query: the first and last checkpoints (null when unknown). */
export const availableRangeDataDecoder = object({
  availableRange: object({ first: checkpointBound, last: checkpointBound }),
})

/** The limits a `serviceConfig` result gives, leaving out the null ones. */
export function readServiceLimits(config: ServiceConfig): Partial<ServiceLimits> {
  return Object.fromEntries(SERVICE_LIMIT_NAMES.map((name) => [name, config[name]]).filter(([, value]) => typeof value === 'number'))
}
