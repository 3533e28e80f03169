import type { OperationAnalysis } from './analyzeDocument.js'

/**
 * The variables with `null` for each nullable variable of the operation that the caller left
 * out and that has no default (gql.tada and codegen type such a variable as optional; the
 * service needs a value for every declared variable, and reads null as "not given"); the
 * variables themselves when none was left out. A non-null variable left out stays out, for
 * `checkQuery` to reject with `MISSING_VARIABLE`.
 *
 * @example
 * omittedAsNull(analyzeDocument('query Q($id: UInt53) { epoch(id: $id) { epochId } }').operations[0]!, {}) // { id: null }
 */
export function omittedAsNull(operation: OperationAnalysis, variables: Record<string, unknown>): Record<string, unknown> {
  let filled: Record<string, unknown> | undefined
  for (const { name, nonNull, hasDefault } of operation.declared) {
    if (nonNull || hasDefault || variables[name] !== undefined) continue
    filled ??= { ...variables }
    filled[name] = null
  }
  return filled ?? variables
}
