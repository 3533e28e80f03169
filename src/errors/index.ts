export {
  ChainxError,
  isChainxError,
  type ChainxErrorByCode,
  type ChainxErrorClass,
  type ChainxErrorCode,
  type ChainxErrorOptions,
  type ChainxErrorUnion,
  type ErrorCauseSummary,
} from './ChainxError.js'
export {
  AbortedError,
  HttpError,
  InvalidArgumentError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  ResponseTooLargeError,
  TimeoutError,
} from './request.js'
export * from './graphql.js'
export * from './pagination.js'
export * from './jsonRpc.js'
export { EventContentError } from './EventContentError.js'
export { TypeNameError } from './TypeNameError.js'
export { MoveEventError } from './MoveEventError.js'
export { ClientClosedError } from './ClientClosedError.js'
export { UnexpectedError } from './UnexpectedError.js'
export { KNOWN_SERVICE_MESSAGES, shouldRetry, type KnownServiceMessage, type RetryAttempt, type RetryContext } from './shouldRetry.js'
// A type only: the class lives in the failover chunk (tell it by its code, `isChainxError(error, 'VERSION_CHANGED')`).
export type { ServiceVersionChangedError } from './ServiceVersionChangedError.js'
export { ChunkLoadError } from './ChunkLoadError.js'
export { DatabaseError } from './DatabaseError.js'
