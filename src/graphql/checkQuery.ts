import { FirstAndLastError, MissingVariableError, PageSizeExceededError, QueryLimitError, UnusedVariableError } from '../errors/graphql.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import { selectOperation, type DocumentAnalysis, type PageArgument } from './analyzeDocument.js'
import { PAGE_VARIABLES } from './checkPagingVariables.js'
import { estimateOutputNodes } from './estimateOutputNodes.js'
import type { ServiceLimits } from './serviceLimits.js'

/** Input of the checks before sending a query (spec part 7). */
export interface QueryCheckInput {
  analysis: DocumentAnalysis
  operationName?: string | undefined
  variables: Record<string, unknown>
  /** Byte length of the JSON request body. */
  bodyBytes: number
  /** The limits known to the client; a missing limit is not checked. */
  limits: Partial<ServiceLimits>
}

/**
 * Rejects before sending what the service would reject (spec part 7): an unused or missing variable,
 * `first` with `last`, a page size over `maxPageSize`, a query over a depth, node, payload or output limit.
 */
export function checkQuery(input: QueryCheckInput): void {
  const { analysis, variables, limits } = input
  const operation = selectOperation(analysis, input.operationName)
  const notSent = { sent: false }
  if (analysis.unused !== undefined) throw new UnusedVariableError({ ...notSent, variable: analysis.unused })
  if (analysis.missing !== undefined) throw new MissingVariableError({ ...notSent, variable: analysis.missing })
  for (const declaration of operation.declared) {
    const value = variables[declaration.name]
    const missing = value === undefined ? !declaration.hasDefault : value === null && declaration.nonNull
    if (missing) throw new MissingVariableError({ ...notSent, variable: declaration.name })
  }

  for (const field of operation.pagedFields) {
    const first = resolvePageArgument(field.first, variables)
    const last = resolvePageArgument(field.last, variables)
    if (first !== null && last !== null) throw new FirstAndLastError({ ...notSent, details: `at ${field.path}` })
    const pageSize = first ?? last
    if (pageSize !== null && limits.maxPageSize !== undefined && pageSize > limits.maxPageSize) {
      throw new PageSizeExceededError({ ...notSent, pageSize, maxPageSize: limits.maxPageSize, details: `at ${field.path}` })
    }
  }

  const checks = [
    ['maxQueryDepth', analysis.depth],
    ['maxQueryNodes', analysis.inputNodes],
    ['maxQueryPayloadSize', input.bodyBytes],
  ] as const
  for (const [limit, value] of checks) {
    const max = limits[limit]
    if (max !== undefined && value > max) throw new QueryLimitError({ ...notSent, limit, value, max })
  }
  const { maxOutputNodes, defaultPageSize } = limits
  if (maxOutputNodes !== undefined && defaultPageSize !== undefined) {
    const value = estimateOutputNodes(operation.selections, operation.fragments, variables, defaultPageSize)
    if (value > maxOutputNodes) throw new QueryLimitError({ ...notSent, limit: 'maxOutputNodes', value, max: maxOutputNodes })
  }
}

function resolvePageArgument(argument: PageArgument, variables: Record<string, unknown>): number | null {
  if (!argument) return null
  if (argument.kind === 'literal') return argument.value
  const value = variables[argument.name]
  return typeof value === 'number' ? value : null
}

/**
 * Checks that the operation declares the direction's size and cursor variables and passes the size
 * to a connection. Returns the opposite direction's declared variables: the walk sends `null` for them.
 */
export function checkPagingDocument(analysis: DocumentAnalysis, direction: WalkDirection): string[] {
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
