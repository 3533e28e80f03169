import { InvalidArgumentError } from '../errors/request.js'
import type { DocumentAnalysis, OperationAnalysis } from './analyzeDocument.js'

/**
 * Picks the operation a request runs: the named one, or the only one.
 *
 * @example
 * selectOperation(analyzeDocument(text), 'Epoch')
 */
export function selectOperation(analysis: DocumentAnalysis, operationName?: string): OperationAnalysis {
  const { operations } = analysis
  const operation =
    operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((candidate) => candidate.name === operationName)
  if (!operation) {
    throw new InvalidArgumentError(
      operationName === undefined
        ? `Document has ${operations.length} operations; pass operationName`
        : `Document has no operation named ${operationName}`,
    )
  }
  return operation
}
