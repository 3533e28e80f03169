import type { WalkDirection } from '../pagination/walkOptions.js'

export type { WalkDirection }

/**
 * The walk flags every export takes, named as the SDK's walk options (`--page-size` is
 * `pageSize`, …).
 *
 * @example
 * const walk: WalkFlags = { direction: 'backward', pageSize: 50, maxItems: 1_000, cursor: undefined }
 */
export interface WalkFlags {
  direction: WalkDirection
  pageSize: number | undefined
  maxItems: number | undefined
  /** Where the first run starts (a resumed run starts at its state's cursor). */
  cursor: unknown
}

/**
 * The options every walk of the SDK takes for the walk flags (`client.events.iterate`,
 * `client.transactions.iterate`, `paginate`): the one place where the CLI's flags meet the
 * SDK's options. Flags not given are left out (the SDK's defaults apply).
 *
 * @example
 * client.paginate(document, vars, walkOptions({ direction: 'forward', pageSize: 50, maxItems: 10, cursor: undefined }))
 */
export function walkOptions(flags: WalkFlags): { direction: WalkDirection; pageSize?: number; maxItems?: number; cursor?: never } {
  return defined(flags) as { direction: WalkDirection }
}

/**
 * The entries of `values` that are not undefined: options as a caller who left them out writes them.
 *
 * @example
 * defined({ filter: undefined, signal }) // { signal }
 */
export function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}
