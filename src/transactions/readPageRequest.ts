import { InvalidArgumentError } from '../errors/request.js'
import type { WalkDirection } from './types.js'

/**
 * The walk vocabulary of one request with its deprecated aliases: `pageSize` (alias `limit`)
 * and `direction` (alias `descending`).
 *
 * @example
 * const input: PageRequestInput = { pageSize: 20, direction: 'backward' }
 */
export interface PageRequestInput {
  pageSize?: number | null | undefined
  direction?: WalkDirection | undefined
  /** @deprecated Use `pageSize`. */
  limit?: number | null | undefined
  /** @deprecated Use `direction`. */
  descending?: boolean | undefined
}

/**
 * Reads the page size and direction of a request, accepting the deprecated `limit` and
 * `descending` too: a positive integer or null (the service's maximum), and `'forward'` or
 * `'backward'`. A name and its alias that disagree throw `INVALID_ARGUMENT`.
 *
 * @example
 * readPageRequest({ limit: 10, descending: true }) // { pageSize: 10, backward: true }
 */
export function readPageRequest(input: PageRequestInput): { pageSize: number | null; backward: boolean } {
  const { pageSize, limit, direction, descending } = input
  if (pageSize !== undefined && pageSize !== null && limit !== undefined && limit !== null && pageSize !== limit) {
    throw new InvalidArgumentError(`pageSize (${pageSize}) and its deprecated alias limit (${limit}) disagree; give pageSize only`)
  }
  const size = pageSize ?? limit ?? null
  if (size !== null && (!Number.isSafeInteger(size) || size < 1)) {
    throw new InvalidArgumentError(`pageSize must be a positive integer or null, got ${String(size)}`)
  }
  if (direction !== undefined && direction !== 'forward' && direction !== 'backward') {
    throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
  }
  if (descending !== undefined && typeof descending !== 'boolean') throw new InvalidArgumentError(`descending must be a boolean, got ${String(descending)}`)
  if (direction !== undefined && descending !== undefined && (direction === 'backward') !== descending) {
    throw new InvalidArgumentError(`direction '${direction}' and its deprecated alias descending (${descending}) disagree; give direction only`)
  }
  return { pageSize: size, backward: direction === 'backward' || descending === true }
}
