export {
  paginate,
  type GraphQLPage,
  type NodeOf,
  type PageInfo,
  type PageVariables,
  type PaginateArguments,
  type PaginateOptions,
} from './paginate.js'
export { iterateEvents, type EventWalkPage, type IterateEventsOptions } from './iterateEvents.js'
export { createPageIterator, type PageIteratorConfig, type PageRequest } from './createPageIterator.js'
export { findConnection, type FoundConnection } from './findConnection.js'
export { checkPagingVariables } from './checkPagingVariables.js'
export {
  resolvePageSize,
  resolvePaginationOptions,
  type PaginationOptionsInput,
  type ResolvedPaginationOptions,
} from './resolvePaginationOptions.js'
export type {
  FetchedPage,
  ItemKey,
  PageDirection,
  PageIterable,
  PageProgress,
  RestartInfo,
  StaleOptions,
  WalkOptions,
  WalkPage,
} from './types.js'
