import { isChainxError, type ChainxErrorUnion } from '../errors/ChainxError.js'
import type { PageIterable } from './types.js'

/**
 * An error thrown out of a walk: any chainx-sdk error (narrowable by `code`), with the items
 * the walk delivered and `resumeCursor` typed as that walk's cursor (a GraphQL cursor string
 * for `paginate`, an `EventId` for `events.iterate`), ready to pass back as `cursor`.
 *
 * @example
 * const error: WalkError<string> = caught as WalkError<string>
 * client.paginate(EventsDocument, {}, { cursor: error.resumeCursor })
 */
export type WalkError<TCursor> = ChainxErrorUnion & {
  /** Items the walk delivered before it stopped. */
  delivered: number
  /** Where to resume: pass it as the walk's `cursor` option (`null`: from the start). */
  resumeCursor: TCursor | null
}

/**
 * Whether `error` was thrown out of `walk` (any walk of the SDK stamps its errors with
 * `delivered` and `resumeCursor`); narrows it to `WalkError` with the walk's cursor type.
 *
 * @example
 * const walk = client.events.iterate({ filter: { All: [] } })
 * try {
 *   for await (const event of walk) await save(event)
 * } catch (error) {
 *   if (isWalkError(error, walk)) resumeLater(error.resumeCursor) // EventId | null
 *   else throw error
 * }
 */
export function isWalkError<TCursor>(error: unknown, walk: PageIterable<unknown, unknown, TCursor>): error is WalkError<TCursor> {
  void walk
  return isChainxError(error) && typeof error.delivered === 'number' && error.resumeCursor !== undefined
}
