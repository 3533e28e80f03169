import { ChainxError } from '../errors/ChainxError.js'
import {
  FirstAndLastError,
  GraphQLError,
  MissingVariableError,
  PageSizeExceededError,
  QueryLimitError,
  UnusedVariableError,
  type GraphQLErrorEntry,
  type QueryLimitName,
} from '../errors/graphql.js'
import { CursorCheckpointMismatchError, StaleCursorError } from '../errors/pagination.js'
import { RateLimitedError } from '../errors/request.js'
import type { Usage } from '../utils/usage.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'

type LimitMatch = { limit: QueryLimitName; value?: number; max?: number }

// How the service words each limit (graphql-anchor 2.4); group 1 is the maximum.
const LIMIT_MESSAGES: [RegExp, (match: RegExpExecArray, message: string) => LimitMatch][] = [
  [/^Query nesting is over (\d+)/, (m) => ({ limit: 'maxQueryDepth', max: Number(m[1]) })],
  [/^Query has over (\d+) nodes/, (m) => ({ limit: 'maxQueryNodes', max: Number(m[1]) })],
  [/^Estimated output nodes exceeds (\d+)/, (m) => ({ limit: 'maxOutputNodes', max: Number(m[1]) })],
  [
    /^(?:Query part|Overall request) too large: (\d+) bytes/,
    (m, message) => {
      const max = /must be (\d+) bytes or fewer/.exec(message)?.[1]
      return { limit: 'maxQueryPayloadSize', value: Number(m[1]), ...(max ? { max: Number(max) } : {}) }
    },
  ],
  [/^Query payload is too large\. The maximum allowed is (\d+) bytes/, (m) => ({ limit: 'maxQueryPayloadSize', max: Number(m[1]) })],
  [/request timed out\. Limit: ([\d.]+)s/i, (m) => ({ limit: 'requestTimeoutMs', max: Number(m[1]) * 1000 })],
]

/** The SDK's typed error for a response's `errors`, by the first entry's message and code; `data` and entries kept. */
export function mapGraphQLErrors(
  errors: GraphQLErrorEntry[],
  data: unknown,
  version: ServiceVersion | undefined,
  usage?: Usage | undefined,
): ChainxError {
  const first = errors[0]
  const message = first?.message ?? ''
  const base = { sent: true, errors, data, version, usage }

  if (message === "'first' and 'last' must not be used together") return new FirstAndLastError(base)
  const pageSize = /^Connection's page size of (\d+) exceeds max of (\d+)/.exec(message)
  if (pageSize) {
    return new PageSizeExceededError({ ...base, pageSize: Number(pageSize[1]), maxPageSize: Number(pageSize[2]) })
  }
  const unused = /^Variable "\$(\w+)" is not used/.exec(message)
  if (unused) return new UnusedVariableError({ ...base, variable: unused[1] as string })
  const missing = /^Variable "\$(\w+)" (?:of required type .* was not provided|is not defined)/.exec(message)
  if (missing) return new MissingVariableError({ ...base, variable: missing[1] as string })
  if (message.startsWith('The provided cursors are taken from different checkpoints')) {
    return new CursorCheckpointMismatchError(base)
  }
  if (/outside the available range/.test(message)) return new StaleCursorError(base)
  for (const [pattern, read] of LIMIT_MESSAGES) {
    const match = pattern.exec(message)
    if (match) return new QueryLimitError({ ...base, ...read(match, message) })
  }
  if (isRateLimitGraphQLError(first?.extensions?.code, message)) {
    return new RateLimitedError({ status: 200, version, cause: new GraphQLError(base) })
  }
  return new GraphQLError(base)
}

/** Whether an error entry is the rate limit: the spec gives no code (graphql-anchor 4), so `RATE_LIMITED` or the "too many requests" text. */
export function isRateLimitGraphQLError(extensionCode: unknown, message: string): boolean {
  return extensionCode === 'RATE_LIMITED' || /too many requests/i.test(message)
}
