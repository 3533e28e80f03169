import { InvalidArgumentError } from '../errors/request.js'
import type { DocumentAnalysis } from './analyzeDocument.js'
import { PAGE_VARIABLES, type PageDirection } from './checkPagingVariables.js'
import { selectOperation } from './selectOperation.js'

/**
 * Checks that a document can be walked in a direction: its operation declares the
 * direction's size and cursor variables (`$first` and `$after` forward, `$last` and `$before`
 * backward) and passes the size variable to a connection; else `InvalidArgumentError`, before
 * the first page is requested. Returns the opposite direction's variables the operation
 * declares: the walk sends `null` for them.
 *
 * @example
 * checkPagingDocument(analyzeDocument(String(EventsDocument)), 'forward') // ['last', 'before']
 */
export function checkPagingDocument(analysis: DocumentAnalysis, direction: PageDirection): string[] {
  const { size, cursor, opposite } = PAGE_VARIABLES[direction]
  const operation = selectOperation(analysis)
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
