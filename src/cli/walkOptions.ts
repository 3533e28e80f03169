import type { WalkDirection } from '../pagination/walkOptions.js'

export type { WalkDirection }

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
 * The options every walk of the SDK takes for the walk flags (`client.events.iterate`,
 * `paginate`, `client.transactions.iterate`: the SDK's walk vocabulary, issue 23). The one
 * place where the CLI's flags meet the SDK's options.
 *
 * @example
 * client.paginate(document, vars, { ...walkOptions({ direction: 'forward', pageSize: 50, maxItems: 10 }) })
 */
export function walkOptions({ direction, pageSize, maxItems }: WalkFlags): {
  direction: WalkDirection
  pageSize?: number
  maxItems?: number
} {
  return { direction, ...defined({ pageSize, maxItems }) }
}

function defined(values: { pageSize: number | undefined; maxItems: number | undefined }): { pageSize?: number; maxItems?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
}
