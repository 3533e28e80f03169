import type { ChainxError as ChainxErrorBase } from './ChainxErrorBase.js'
import type { ChunkLoadError } from './ChunkLoadError.js'
import type { ClientClosedError } from './ClientClosedError.js'
import type { ChainxErrorCode } from './codes.js'
import type { DatabaseError } from './DatabaseError.js'
import type * as GraphQL from './graphql.js'
import type * as JsonRpc from './jsonRpc.js'
import type * as Pagination from './pagination.js'
import type * as Request from './request.js'
import type { ServiceVersionChangedError } from './ServiceVersionChangedError.js'
import type { UnexpectedError } from './UnexpectedError.js'

export type { ChainxErrorOptions, ErrorCauseSummary } from './ChainxErrorBase.js'
export type { ChainxErrorCode } from './codes.js'
// The values are the base class and the brand check, as they are: this module has no code of its own (so no chunk of its own
// in a split build). The declarations below shadow their plain types with the ones that narrow to the union.
export * from './ChainxErrorBase.js'
export * from './codes.js'

/**
 * The class of the error that carries each code: what `isChainxError(error, code)` narrows to.
 *
 * @example
 * const error: ChainxErrorByCode['RATE_LIMITED'] = new RateLimitedError({ status: 429, retryAfterMs: 1_000 })
 * console.log(error.retryAfterMs)
 */
export interface ChainxErrorByCode {
  FIRST_AND_LAST: GraphQL.FirstAndLastError
  PAGE_SIZE_EXCEEDED: GraphQL.PageSizeExceededError
  UNUSED_VARIABLE: GraphQL.UnusedVariableError
  MISSING_VARIABLE: GraphQL.MissingVariableError
  QUERY_LIMIT: GraphQL.QueryLimitError
  CURSOR_CHECKPOINT_MISMATCH: Pagination.CursorCheckpointMismatchError
  STALE_CURSOR: Pagination.StaleCursorError
  CURSOR_NOT_ADVANCING: Pagination.CursorNotAdvancingError
  EMPTY_PAGES: Pagination.EmptyPagesError
  GRAPHQL: GraphQL.GraphQLError & { readonly code: 'GRAPHQL' }
  RATE_LIMITED: Request.RateLimitedError
  HTTP: Request.HttpError
  NETWORK: Request.NetworkError
  TIMEOUT: Request.TimeoutError
  ABORTED: Request.AbortedError
  INVALID_RESPONSE: Request.InvalidResponseError
  RESPONSE_TOO_LARGE: Request.ResponseTooLargeError
  INVALID_ARGUMENT: Request.InvalidArgumentError
  INVALID_FILTER: JsonRpc.InvalidFilterError
  JSON_RPC: JsonRpc.JsonRpcError
  SOCKET_CLOSED: JsonRpc.SocketClosedError
  CLIENT_CLOSED: ClientClosedError
  VERSION_CHANGED: ServiceVersionChangedError
  UNEXPECTED: UnexpectedError
  CHUNK_LOAD_FAILED: ChunkLoadError
  DATABASE: DatabaseError
}

/**
 * Every chainx-sdk error as a union discriminated by `code` (what `instanceof ChainxError` narrows to): `switch (error.code)` narrows.
 *
 * @example
 * function retryIn(error: ChainxErrorUnion): number | undefined {
 *   switch (error.code) {
 *     case 'RATE_LIMITED': return error.retryAfterMs
 *     case 'HTTP': return error.retryAfterMs
 *     default: return undefined
 *   }
 * }
 */
export type ChainxErrorUnion = ChainxErrorByCode[ChainxErrorCode]

/** The constructor of `ChainxError` as the package exports it: `error instanceof ChainxError` narrows to `ChainxErrorUnion`. */
export interface ChainxErrorClass {
  new (...args: ConstructorParameters<typeof ChainxErrorBase>): ChainxErrorBase
  readonly prototype: ChainxErrorBase
  /** A brand check: true for the errors of any copy of the SDK, narrowed to `ChainxErrorUnion`. */
  [Symbol.hasInstance](value: unknown): value is ChainxErrorUnion
}

/**
 * Base class of every chainx-sdk error: a stable `code`, a short `message`, `details` and `cause`; `instanceof` holds across copies.
 *
 * @example
 * import { ChainxError } from 'chainx-sdk'
 * try {
 *   await client.graphql.epoch({ id: 1 })
 * } catch (error) {
 *   if (error instanceof ChainxError && error.code === 'RATE_LIMITED') console.log('slow down')
 * }
 */
export declare const ChainxError: ChainxErrorClass
/** A chainx-sdk error: `code`, `shortMessage`, `details`, `cause`, `toJSON()`, `walk()` (`ChainxErrorUnion` narrows by `code`). */
export type ChainxError = ChainxErrorBase

/**
 * Whether a value is a ChainxError of any copy of the SDK, optionally with a given code: narrows to `ChainxErrorUnion` (so
 * `switch (error.code)` narrows in each case), or with a code to its class.
 *
 * @example
 * if (isChainxError(error, 'RATE_LIMITED')) await sleep(error.retryAfterMs ?? 1_000)
 * if (isChainxError(error)) {
 *   switch (error.code) {
 *     case 'STALE_CURSOR': restart(error.delivered); break
 *     case 'HTTP': console.log(error.status); break
 *   }
 * }
 */
export declare function isChainxError(error: unknown): error is ChainxErrorUnion
export declare function isChainxError<C extends ChainxErrorCode>(error: unknown, code: C): error is ChainxErrorByCode[C]
