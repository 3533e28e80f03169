import { InvalidArgumentError } from '../errors/request.js'

/**
 * Which way a walk goes: `'forward'` (oldest first: GraphQL `first`/`after`, JSON-RPC
 * ascending) or `'backward'` (newest first: `last`/`before`, JSON-RPC descending). The one
 * word for order across `paginate`, `events.*` and every later walk.
 *
 * @example
 * const direction: WalkDirection = 'backward'
 */
export type WalkDirection = 'forward' | 'backward'

/**
 * The walk vocabulary's direction, with the deprecated `descending` flag it replaces.
 *
 * @example
 * const input: DirectionInput = { direction: 'backward' }
 */
export interface DirectionInput {
  /**
   * `'forward'` (oldest first) or `'backward'` (newest first).
   * @default 'forward'
   */
  direction?: WalkDirection | undefined
  /**
   * Newest first.
   * @deprecated Use `direction: 'backward'` (and `'forward'` for `false`).
   * @default false
   */
  descending?: boolean | undefined
}

/**
 * Reads `direction`, accepting the deprecated `descending` flag: `descending: true` is
 * `'backward'`. Both given and disagreeing throws `InvalidArgumentError`, as does a value
 * of the wrong type. Pure: run before any request.
 *
 * @example
 * resolveDirection({ direction: 'backward' }) // 'backward'
 * resolveDirection({ descending: true }) // 'backward' (deprecated spelling)
 * resolveDirection({}) // 'forward'
 */
export function resolveDirection({ direction, descending }: DirectionInput): WalkDirection {
  if (direction !== undefined && direction !== 'forward' && direction !== 'backward') {
    throw new InvalidArgumentError(`direction must be 'forward' or 'backward', got ${String(direction)}`)
  }
  if (descending !== undefined && typeof descending !== 'boolean') {
    throw new InvalidArgumentError(`descending (deprecated: use direction) must be a boolean, got ${String(descending)}`)
  }
  const fromFlag: WalkDirection | undefined = descending === undefined ? undefined : descending ? 'backward' : 'forward'
  if (direction !== undefined && fromFlag !== undefined && direction !== fromFlag) {
    throw new InvalidArgumentError(
      `direction '${direction}' and descending: ${String(descending)} disagree: pass direction only (descending is deprecated)`,
    )
  }
  return direction ?? fromFlag ?? 'forward'
}

/**
 * Reads a value given under its new name or its deprecated alias (`pageSize` or `limit`,
 * `maxItems` or `toArray`'s `limit`): both given and different throws `InvalidArgumentError`
 * naming both. Pure; validates nothing else.
 *
 * @example
 * resolveAlias({ pageSize: undefined, limit: 20 }, 'pageSize', 'limit') // 20
 */
export function resolveAlias<T extends object, TName extends keyof T & string, TAlias extends keyof T & string>(
  input: T,
  name: TName,
  alias: TAlias,
): Exclude<T[TName] | T[TAlias], undefined> | undefined {
  const value = input[name]
  const old = input[alias]
  if (value !== undefined && old !== undefined && !Object.is(value, old)) {
    throw new InvalidArgumentError(`${name} and ${alias} (deprecated: use ${name}) disagree: pass ${name} only`)
  }
  return (value ?? old) as Exclude<T[TName] | T[TAlias], undefined> | undefined
}

/**
 * One page of any walk in the SDK's vocabulary, as `.pages()` yields it: the items, whether
 * the service claims more, and the cursor to pass back as the `cursor` option to continue
 * after this page (the same value `walk.cursor` has once the page's last item is handled).
 *
 * @example
 * const page: PageShape<string, string> = { items: ['a'], hasMore: true, cursor: 'c1' }
 */
export interface PageShape<TItem, TCursor> {
  /** The page's items, in the walk's order. */
  items: TItem[]
  /** Whether the service claims more items in the walk's direction. */
  hasMore: boolean
  /** Where to continue after this page (exclusive); pass it as the walk's `cursor` option. */
  cursor: TCursor | null
}
