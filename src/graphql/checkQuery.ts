import { FirstAndLastError, MissingVariableError, PageSizeExceededError, QueryLimitError, UnusedVariableError } from '../errors/graphql.js'
import type { DocumentAnalysis, OperationAnalysis, PageArgument } from './analyzeDocument.js'
import { estimateOutputNodes } from './estimateOutputNodes.js'
import { selectOperation } from './selectOperation.js'
import type { ServiceLimits } from './serviceLimits.js'

/**
 * Input of the checks the SDK runs before sending a query (spec part 7).
 *
 * @example
 * const input: QueryCheckInput = { analysis: analyzeDocument(text), variables: {}, bodyBytes: 120, limits: {} }
 */
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
 * Rejects, before anything is sent, a query the service would reject: an unused or
 * missing variable, `first` with `last`, a page size over `maxPageSize`, a query deeper
 * than `maxQueryDepth`, with more than `maxQueryNodes` input nodes, a body larger than
 * `maxQueryPayloadSize` bytes, or an estimated output over `maxOutputNodes` (counted for
 * the operation that runs). As the service does, it validates the variables of every
 * operation in the document and counts the input nodes of all of them; values and page
 * sizes are checked for the operation that runs. Pure: throws the typed error or returns
 * the operation.
 *
 * @example
 * checkQuery({ analysis, variables: { first: 10 }, bodyBytes: 120, limits: { maxPageSize: 50 } })
 */
export function checkQuery(input: QueryCheckInput): OperationAnalysis {
  const { variables, limits } = input
  const operation = selectOperation(input.analysis, input.operationName)
  const notSent = { sent: false }
  const document = documentFacts(input.analysis)

  // The service validates every operation of the document, not only the one it runs.
  if (document.unused !== undefined) throw new UnusedVariableError({ ...notSent, variable: document.unused })
  if (document.missing !== undefined) throw new MissingVariableError({ ...notSent, variable: document.missing })
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
    ['maxQueryDepth', document.depth],
    ['maxQueryNodes', document.inputNodes],
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
  return operation
}

/** What `checkQuery` finds in a document whatever the variables and limits: worked out once per analysis. */
interface DocumentFacts {
  /** The first variable declared and not used, in document order (with `missing`, whichever comes first). */
  unused?: string | undefined
  /** The first variable used and not declared. */
  missing?: string | undefined
  /** Like the service (graphql-anchor 2.2): each operation is held to the depth limit, */
  depth: number
  /** and the input-node budget is spent by every operation of the document together. */
  inputNodes: number
}

const factsByAnalysis = new WeakMap<DocumentAnalysis, DocumentFacts>()

function documentFacts(analysis: DocumentAnalysis): DocumentFacts {
  let facts = factsByAnalysis.get(analysis)
  if (facts) return facts
  const { operations } = analysis
  facts = {
    depth: Math.max(...operations.map((each) => each.depth)),
    inputNodes: operations.reduce((sum, each) => sum + each.inputNodes, 0),
  }
  for (const each of operations) {
    if (facts.unused !== undefined || facts.missing !== undefined) break
    facts.unused = each.declared.find((declaration) => !each.used.has(declaration.name))?.name
    if (facts.unused === undefined)
      facts.missing = [...each.used].find((name) => !each.declared.some((declaration) => declaration.name === name))
  }
  factsByAnalysis.set(analysis, facts)
  return facts
}

function resolvePageArgument(argument: PageArgument, variables: Record<string, unknown>): number | null {
  if (!argument) return null
  if (argument.kind === 'literal') return argument.value
  const value = variables[argument.name]
  return typeof value === 'number' ? value : null
}
