import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'
import { GraphQLError, type GraphQLErrorEntry } from './graphql.js'

/**
 * An `after` and a `before` cursor from different checkpoints were used together (spec 4.2 rule 5).
 *
 * @example
 * error.code === 'CURSOR_CHECKPOINT_MISMATCH'
 */
export class CursorCheckpointMismatchError extends GraphQLError {
  override name = 'CursorCheckpointMismatchError'
  declare readonly code: 'CURSOR_CHECKPOINT_MISMATCH'
  constructor(args: ChainxErrorOptions & { errors?: GraphQLErrorEntry[]; data?: unknown }) {
    super({ ...args, sent: true, message: 'Cursors from different checkpoints used together' }, 'CURSOR_CHECKPOINT_MISMATCH')
  }
}

/**
 * A cursor's checkpoint has left the available range (spec 4.2 rule 6); the message says the remedy.
 *
 * @example
 * if (error instanceof StaleCursorError) console.log(error.delivered, error.resumeCursor)
 */
export class StaleCursorError extends GraphQLError {
  override name = 'StaleCursorError'
  declare readonly code: 'STALE_CURSOR'
  /** Items the walk delivered before the cursor went stale. */
  override delivered: number | undefined
  constructor(args: ChainxErrorOptions & { errors?: GraphQLErrorEntry[]; data?: unknown; delivered?: number }) {
    super(
      {
        ...args,
        sent: true,
        message:
          "Cursor is outside the available range: its checkpoint is no longer served; start over without a cursor (or onStale: 'restart'), or resume by checkpoint",
      },
      'STALE_CURSOR',
    )
    this.delivered = args.delivered
  }
}

/**
 * The service returned the same cursor again while claiming more pages; the walk stops instead of looping forever.
 *
 * @example
 * error.code === 'CURSOR_NOT_ADVANCING'
 */
export class CursorNotAdvancingError extends ChainxError {
  override name = 'CursorNotAdvancingError'
  declare readonly code: 'CURSOR_NOT_ADVANCING'
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
 * `maxEmptyPages` empty pages in a row (100 by default) each claimed more: the walk stops (a sparse filter may raise the limit).
 *
 * @example
 * if (error instanceof EmptyPagesError) console.log(`${error.pages} empty pages; resume from`, error.resumeCursor)
 */
export class EmptyPagesError extends ChainxError {
  override name = 'EmptyPagesError'
  declare readonly code: 'EMPTY_PAGES'
  /** Consecutive empty pages that claimed more, the last one included. */
  readonly pages: number
  constructor(args: ChainxErrorOptions & { pages: number }) {
    super('EMPTY_PAGES', `Service sent ${args.pages} empty pages in a row while claiming more`, args)
    this.pages = args.pages
  }
}
