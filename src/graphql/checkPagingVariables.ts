import { FirstAndLastError } from '../errors/graphql.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { WalkDirection } from '../pagination/walkOptions.js'

/** The page variables a walk owns, by direction: the size and the cursor it sends, and the two it never sends. */
export const PAGE_VARIABLES = {
  forward: { size: 'first', cursor: 'after', opposite: { size: 'last', cursor: 'before' } },
  backward: { size: 'last', cursor: 'before', opposite: { size: 'first', cursor: 'after' } },
} as const

/** Refuses the page variables (the walk owns them): the opposite size is `FirstAndLastError` (spec 4.2 rule 4). */
export function checkPagingVariables(variables: Record<string, unknown>, direction: WalkDirection): void {
  const { size, cursor, opposite } = PAGE_VARIABLES[direction]
  if (variables[opposite.size] != null) {
    throw new FirstAndLastError({ sent: false, details: `a ${direction} walk sends ${size}; remove ${opposite.size} from the variables` })
  }
  for (const [name, advice] of [
    [size, 'use the pageSize option'],
    [cursor, 'the walk sends its own cursors'],
    [opposite.cursor, `a ${direction} walk cannot be bounded by ${opposite.cursor}`],
  ] as const) {
    if (variables[name] != null) throw new InvalidArgumentError(`Remove ${name} from the variables: ${advice}`)
  }
}
