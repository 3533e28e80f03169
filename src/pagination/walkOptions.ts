import { InvalidArgumentError } from '../errors/request.js'

/**
 * Which way a walk goes: `'forward'` (oldest first: GraphQL `first`/`after`, JSON-RPC
 * ascending) or `'backward'` (newest first: `last`/`before`, JSON-RPC descending). The one
 * word for order across `paginate`, `events.*`, `transactions.*` and every later walk.
 *
 * @example
 * const direction: WalkDirection = 'backward'
 */
export type WalkDirection = 'forward' | 'backward'

/**
 * Reads a walk's `direction` (`'forward'` when undefined); anything else throws
 * `InvalidArgumentError`. Pure: run before any request.
 *
 * @example
 * readDirection('backward') // 'backward'
 * readDirection(undefined) // 'forward'
 */
export function readDirection(direction: unknown): WalkDirection {
  if (direction === undefined) return 'forward'
  if (direction !== 'forward' && direction !== 'backward') {
    throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
  }
  return direction
}
