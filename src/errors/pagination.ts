import type { ChainxErrorOptions } from './ChainxError.js'
import { ChainxError } from './ChainxError.js'
import { GraphQLError, type GraphQLErrorEntry } from './graphql.js'

/**
 * An `after` and a `before` cursor from different checkpoints were used together
 * (spec 4.2 rule 5).
 *
 * @example
 * error.code === 'CURSOR_CHECKPOINT_MISMATCH'
 */
export class CursorCheckpointMismatchError extends GraphQLError {
  override name = 'CursorCheckpointMismatchError'
  constructor(args: ChainxErrorOptions & { errors?: GraphQLErrorEntry[]; data?: unknown }) {
    super(
      { ...args, sent: true, message: 'Cursors from different checkpoints used together' },
      'CURSOR_CHECKPOINT_MISMATCH',
    )
  }
}

/**
 * A cursor's checkpoint has left the available range (spec 4.2 rule 6). When thrown by
 * an auto-paging walk, `delivered` counts the items already yielded and `lastCursor`
 * is the last cursor that worked.
 *
 * @example
 * if (error instanceof StaleCursorError) console.log(error.delivered, error.lastCursor)
 */
export class StaleCursorError extends GraphQLError {
  override name = 'StaleCursorError'
  /** Items the walk delivered before the cursor went stale. */
  override delivered: number | undefined
  /** The last cursor that produced a page. */
  lastCursor: string | null | undefined
  constructor(
    args: ChainxErrorOptions & {
      errors?: GraphQLErrorEntry[]
      data?: unknown
      delivered?: number
      lastCursor?: string | null
    },
  ) {
    super({ ...args, sent: true, message: 'Cursor is outside the available range' }, 'STALE_CURSOR')
    this.delivered = args.delivered
    this.lastCursor = args.lastCursor
  }
}

/**
 * The service returned the same cursor again while claiming more pages; the walk stops
 * instead of looping forever.
 *
 * @example
 * error.code === 'CURSOR_NOT_ADVANCING'
 */
export class CursorNotAdvancingError extends ChainxError {
  override name = 'CursorNotAdvancingError'
  /** The repeated cursor, as received (opaque). */
  readonly cursor: unknown
  /** Items delivered before the repeat was seen. */
  override delivered: number
  constructor(args: ChainxErrorOptions & { cursor: unknown; delivered: number }) {
    super('CURSOR_NOT_ADVANCING', 'Server returned the same cursor twice while claiming more pages', args)
    this.cursor = args.cursor
    this.delivered = args.delivered
  }
}

/**
 * The service answered a run of consecutive empty pages that each claimed more
 * (`maxEmptyPages` of them, 100 by default): the walk stops rather than request empty
 * pages forever. A legitimate sparse filter (a scan-limited GraphQL filter) can raise
 * `maxEmptyPages` or set it to `Infinity`.
 *
 * @example
 * if (error instanceof EmptyPagesError) console.log(`${error.pages} empty pages; resume from`, error.resumeCursor)
 */
export class EmptyPagesError extends ChainxError {
  override name = 'EmptyPagesError'
  /** Consecutive empty pages that claimed more, the last one included. */
  readonly pages: number
  constructor(args: ChainxErrorOptions & { pages: number }) {
    super('EMPTY_PAGES', `Service sent ${args.pages} empty pages in a row while claiming more`, args)
    this.pages = args.pages
  }
}
