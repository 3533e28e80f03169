import { FirstAndLastError } from '../errors/graphql.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import { analyzeDocument } from './analyzeDocument.js'
import { selectOperation } from './selectOperation.js'
import type { GraphQLDocument } from './createGraphQLClient.js'
import { documentText } from './documentText.js'

/**
 * Which way a GraphQL walk goes: `first`/`after` (oldest first) or `last`/`before` (newest first).
 * The same type as `WalkDirection`, the name every walk uses.
 *
 * @example
 * const direction: PageDirection = 'backward'
 */
export type PageDirection = WalkDirection

/**
 * The page variables a walk owns, by direction: the size and the cursor it sends, and the two it never sends.
 *
 * @example
 * PAGE_VARIABLES.backward.size // 'last'
 */
export const PAGE_VARIABLES = {
  forward: { size: 'first', cursor: 'after', opposite: { size: 'last', cursor: 'before' } },
  backward: { size: 'last', cursor: 'before', opposite: { size: 'first', cursor: 'after' } },
} as const

/**
 * Checks, before any request, that a document and its variables can be walked in a
 * direction: the operation declares the direction's size and cursor variables (`$first`
 * and `$after` forward, `$last` and `$before` backward) and passes the size variable to a
 * connection; the caller's variables hold none of the four page variables, since the walk
 * owns them. The opposite size variable throws `FirstAndLastError` (spec 4.2 rule 4), any
 * other `InvalidArgumentError`. Returns the opposite direction's variables the operation
 * declares: the walk sends `null` for them, so `$last: Int` without a default does not
 * make a forward walk fail with `MISSING_VARIABLE`.
 *
 * @example
 * checkPagingVariables(EventsDocument, { filter: { sender } }, 'forward') // ['last', 'before']
 * checkPagingVariables(EventsDocument, { last: 5 }, 'forward') // throws FirstAndLastError
 */
export function checkPagingVariables(
  document: GraphQLDocument<unknown, unknown>,
  variables: Record<string, unknown>,
  direction: PageDirection,
): string[] {
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

  const operation = selectOperation(analyzeDocument(documentText(document)))
  const declared = new Set(operation.declared.map((declaration) => declaration.name))
  const passesSize = operation.pagedFields.some((field) => {
    const argument = field[size]
    return argument?.kind === 'variable' && argument.name === size
  })
  if (!declared.has(size) || !declared.has(cursor) || !passesSize) {
    throw new InvalidArgumentError(
      `A ${direction} walk needs the operation to declare $${size} and $${cursor} and pass them to the connection (${size}: $${size}, ${cursor}: $${cursor})`,
    )
  }
  return [opposite.size, opposite.cursor].filter((name) => declared.has(name))
}
