import type { Usage } from '../utils/usage.js'
import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * One entry of a GraphQL response's `errors` array, as the service sent it.
 *
 * @example
 * const entry: GraphQLErrorEntry = { message: 'Requested data is outside the available range', path: ['events'], extensions: { code: 'BAD_USER_INPUT' } }
 */
export interface GraphQLErrorEntry {
  message: string
  locations?: { line: number; column: number }[] | undefined
  path?: (string | number)[] | undefined
  extensions?: { code?: string | undefined; [key: string]: unknown } | undefined
}

/**
 * Which server limit a query went over.
 *
 * @example
 * const limit: QueryLimitName = 'maxQueryNodes'
 * if (error instanceof QueryLimitError && error.limit === limit) console.warn('split the query')
 */
export type QueryLimitName = 'maxQueryDepth' | 'maxQueryNodes' | 'maxOutputNodes' | 'maxQueryPayloadSize' | 'requestTimeoutMs'

interface GraphQLErrorArgs extends ChainxErrorOptions {
  /** False when the SDK rejected the query before sending it. */
  sent: boolean
  /** The service's `errors`, when the service rejected the query. */
  errors?: GraphQLErrorEntry[] | undefined
  /** Partial data the service returned next to its errors. */
  data?: unknown
  /** The usage extension, when it was asked for and the service sent it with the errors. */
  usage?: Usage | undefined
}

/**
 * The codes a `GraphQLError` (or one of its subclasses) carries.
 *
 * @example
 * const code: GraphQLErrorCode = 'QUERY_LIMIT'
 */
export type GraphQLErrorCode =
  | 'GRAPHQL'
  | 'FIRST_AND_LAST'
  | 'PAGE_SIZE_EXCEEDED'
  | 'UNUSED_VARIABLE'
  | 'MISSING_VARIABLE'
  | 'QUERY_LIMIT'
  | 'CURSOR_CHECKPOINT_MISMATCH'
  | 'STALE_CURSOR'

/**
 * The service (or the checks before sending) rejected a GraphQL query: subclasses name the rule, `GRAPHQL` is any other error.
 *
 * @example
 * if (error instanceof GraphQLError) console.log(error.errors[0]?.extensions?.code, error.data)
 */
export class GraphQLError extends ChainxError {
  override name = 'GraphQLError'
  /** `'GRAPHQL'`, or the code of the subclass that names the rule. */
  declare readonly code: GraphQLErrorCode
  /** Whether the query reached the service (false: rejected locally, nothing sent). */
  readonly sent: boolean
  /** The service's error entries (empty when rejected locally). */
  readonly errors: GraphQLErrorEntry[]
  /** Partial data returned with the errors, if any. */
  readonly data: unknown
  /** The usage extension sent with the errors (the service keeps it through execution errors, not limit errors). */
  readonly usage: Usage | undefined

  constructor(args: GraphQLErrorArgs & { message?: string }, code: GraphQLErrorCode = 'GRAPHQL') {
    super(code, args.message ?? args.errors?.[0]?.message ?? 'GraphQL query failed', args)
    this.sent = args.sent
    this.errors = args.errors ?? []
    this.data = args.data
    this.usage = args.usage
  }
}

/**
 * `first` and `last` were both given (spec 4.2 rule 4).
 *
 * @example
 * error.code === 'FIRST_AND_LAST'
 */
export class FirstAndLastError extends GraphQLError {
  override name = 'FirstAndLastError'
  declare readonly code: 'FIRST_AND_LAST'
  constructor(args: GraphQLErrorArgs) {
    super({ ...args, message: "'first' and 'last' must not be used together" }, 'FIRST_AND_LAST')
  }
}

/**
 * `first` or `last` exceeds the service's `maxPageSize` (spec 4.2 rule 3).
 *
 * @example
 * if (error instanceof PageSizeExceededError) console.log(error.pageSize, error.maxPageSize)
 */
export class PageSizeExceededError extends GraphQLError {
  override name = 'PageSizeExceededError'
  declare readonly code: 'PAGE_SIZE_EXCEEDED'
  readonly pageSize: number
  readonly maxPageSize: number
  constructor(args: GraphQLErrorArgs & { pageSize: number; maxPageSize: number }) {
    super({ ...args, message: `Page size ${args.pageSize} exceeds max of ${args.maxPageSize}` }, 'PAGE_SIZE_EXCEEDED')
    this.pageSize = args.pageSize
    this.maxPageSize = args.maxPageSize
  }
}

/**
 * A variable is declared but the operation never uses it (spec 7).
 *
 * @example
 * if (error instanceof UnusedVariableError) console.log(error.variable)
 */
export class UnusedVariableError extends GraphQLError {
  override name = 'UnusedVariableError'
  declare readonly code: 'UNUSED_VARIABLE'
  readonly variable: string
  constructor(args: GraphQLErrorArgs & { variable: string }) {
    super({ ...args, message: `Variable "$${args.variable}" is declared but not used` }, 'UNUSED_VARIABLE')
    this.variable = args.variable
  }
}

/**
 * A declared or used variable has no value and no default (spec 7).
 *
 * @example
 * if (error instanceof MissingVariableError) console.log(error.variable)
 */
export class MissingVariableError extends GraphQLError {
  override name = 'MissingVariableError'
  declare readonly code: 'MISSING_VARIABLE'
  readonly variable: string
  constructor(args: GraphQLErrorArgs & { variable: string }) {
    super({ ...args, message: `Variable "$${args.variable}" has no value` }, 'MISSING_VARIABLE')
    this.variable = args.variable
  }
}

/**
 * The query goes over one of the service's limits (spec 8.2): which, the query's value (when known) and the maximum.
 *
 * @example
 * if (error instanceof QueryLimitError) console.log(error.limit, error.value, error.max)
 */
export class QueryLimitError extends GraphQLError {
  override name = 'QueryLimitError'
  declare readonly code: 'QUERY_LIMIT'
  readonly limit: QueryLimitName
  readonly value: number | undefined
  readonly max: number | undefined
  constructor(args: GraphQLErrorArgs & { limit: QueryLimitName; value?: number | undefined; max?: number | undefined }) {
    const value = args.value === undefined ? '' : ` (${args.value})`
    const max = args.max === undefined ? '' : ` of ${args.max}`
    super({ ...args, message: `Query exceeds ${args.limit}${max}${value}` }, 'QUERY_LIMIT')
    this.limit = args.limit
    this.value = args.value
    this.max = args.max
  }
}
