export { createEventsClient, type EventsClient, type EventsClientOptions } from './createEventsClient.js'
export {
  createJsonRpcCaller,
  RATE_LIMIT_RPC_CODE,
  type JsonRpcCallOptions,
  type JsonRpcCaller,
  type JsonRpcCallerOptions,
} from './createJsonRpcCaller.js'
export { createQueryEvents, QUERY_EVENTS_METHOD } from './createQueryEvents.js'
export { EventContentError } from './EventContentError.js'
export { ChainxEventSchema, EventIdSchema, EventPageSchema } from './eventSchemas.js'
export { eventKey } from './eventKey.js'
export { eventSeqOf } from './eventSeqOf.js'
export { eventTimestamp } from './eventTimestamp.js'
export { formatTypeName, type FormatTypeNameOptions } from './formatTypeName.js'
export { isTransactionDigest } from './isTransactionDigest.js'
export { parseEventContent } from './parseEventContent.js'
export {
  isMoveAddress,
  isMoveIdentifier,
  parseStructTag,
  parseTypeName,
  TypeNameError,
  type MovePrimitive,
  type MoveStructTag,
  type MoveTypeTag,
  type ParseTypeNameOptions,
} from './parseTypeName.js'
export type * from './types.js'
export { validateEventQueryFilter } from './validateEventQueryFilter.js'
export { watchEvents, type EventWatcher, type WatchErrorInfo, type WatchEventsOptions } from './watchEvents.js'
