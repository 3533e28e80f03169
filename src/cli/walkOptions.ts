/**
 * Which way an export walks: oldest first (`forward`) or newest first (`backward`).
 *
 * @example
 * const direction: WalkDirection = 'backward'
 */
export type WalkDirection = 'forward' | 'backward'

/**
 * The walk flags every export takes, in the SDK's walk vocabulary.
 *
 * @example
 * const walk: WalkFlags = { direction: 'backward', pageSize: 50, maxItems: 1_000 }
 */
export interface WalkFlags {
  direction: WalkDirection
  pageSize: number | undefined
  maxItems: number | undefined
}

/**
 * The options `client.events.iterate` takes for the walk flags. The one place where the
 * CLI's vocabulary meets the SDK's: `iterateEvents` still names the direction `descending`
 * (issue 23 adds `direction` to it; then this returns `{ direction, pageSize, maxItems }`).
 *
 * @example
 * client.events.iterate({ filter, ...eventWalkOptions({ direction: 'backward', pageSize: 50, maxItems: undefined }) })
 */
export function eventWalkOptions({ direction, pageSize, maxItems }: WalkFlags): { descending: boolean; pageSize?: number; maxItems?: number } {
  return { descending: direction === 'backward', ...defined({ pageSize, maxItems }) }
}

/**
 * The options `paginate` and `client.transactions.iterate` take for the walk flags (they
 * already speak `direction`).
 *
 * @example
 * client.paginate(document, vars, { ...walkOptions({ direction: 'forward', pageSize: 50, maxItems: 10 }) })
 */
export function walkOptions({ direction, pageSize, maxItems }: WalkFlags): { direction: WalkDirection; pageSize?: number; maxItems?: number } {
  return { direction, ...defined({ pageSize, maxItems }) }
}

function defined(values: { pageSize: number | undefined; maxItems: number | undefined }): { pageSize?: number; maxItems?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
}
