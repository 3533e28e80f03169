/**
 * Every stable error code a chainx-sdk error can carry.
 *
 * @example
 * const retryLater: ChainxErrorCode[] = ['RATE_LIMITED', 'TIMEOUT', 'NETWORK']
 */
export type ChainxErrorCode =
  | 'FIRST_AND_LAST'
  | 'PAGE_SIZE_EXCEEDED'
  | 'UNUSED_VARIABLE'
  | 'MISSING_VARIABLE'
  | 'QUERY_LIMIT'
  | 'CURSOR_CHECKPOINT_MISMATCH'
  | 'STALE_CURSOR'
  | 'CURSOR_NOT_ADVANCING'
  | 'EMPTY_PAGES'
  | 'GRAPHQL'
  | 'RATE_LIMITED'
  | 'HTTP'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'INVALID_RESPONSE'
  | 'RESPONSE_TOO_LARGE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTER'
  | 'JSON_RPC'
  | 'SOCKET_CLOSED'
  | 'CLIENT_CLOSED'
  | 'VERSION_CHANGED'
  | 'UNEXPECTED'
  | 'CHUNK_LOAD_FAILED'
  | 'DATABASE'

/** The brand of every ChainxError, registered globally: copies of the SDK side by side recognise each other's errors. */
export const BRAND: unique symbol = Symbol.for('chainx-sdk.ChainxError') as never

/** Whether a value carries the ChainxError brand (and `code`, when given); typed to narrow in ChainxError.ts. */
export function isChainxError(
  value: unknown,
  code?: ChainxErrorCode,
): value is { readonly code: ChainxErrorCode; readonly message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [BRAND]?: unknown })[BRAND] === true &&
    (code === undefined || (value as { code?: unknown }).code === code)
  )
}
