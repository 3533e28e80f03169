import { InvalidArgumentError } from '../errors/request.js'

/**
 * Which way a walk goes: `'forward'` (oldest first: GraphQL `first`/`after`, JSON-RPC ascending)
 * or `'backward'` (newest first: `last`/`before`, JSON-RPC descending).
 *
 * @example
 * const direction: WalkDirection = 'backward'
 */
export type WalkDirection = 'forward' | 'backward'

/** Reads a walk's `direction` (`'forward'` when undefined); anything else throws `InvalidArgumentError`. */
export function readDirection(direction: unknown): WalkDirection {
  if (direction === undefined) return 'forward'
  if (direction !== 'forward' && direction !== 'backward') {
    throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
  }
  return direction
}
