import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src/graphql/analyzeDocument.js'
import { estimateOutputNodes } from '../../src/graphql/estimateOutputNodes.js'

const estimate = (query: string, variables: Record<string, unknown> = {}, defaultPageSize = 20) => {
  const [operation] = analyzeDocument(query).operations
  return estimateOutputNodes(operation!.selections, operation!.fragments, variables, defaultPageSize)
}

// The figures the real service recorded (graphql-anchor 2.2, output_node_estimation.exp).
describe('E7/L2: output nodes estimated as the service estimates them', () => {
  it('pageInfo and the connection stay at the parent multiplicity: 3', () => {
    expect(estimate('{ transactionBlocks(first: 20) { pageInfo { hasPreviousPage } } }')).toBe(3)
  })

  it('edges children are multiplied by the default page size: 42', () => {
    expect(estimate('{ transactionBlocks { edges { node { digest } } } }')).toBe(42)
  })

  it('nested connections multiply: 842, aliases do not hide node', () => {
    expect(estimate('{ checkpoints { nodes { transactionBlocks { edges { txns: node { digest } } } } } }')).toBe(842)
  })

  it('first from a literal or a variable: 4', () => {
    expect(estimate('{ transactionBlocks(first: 1) { edges { txns: node { digest } } } }')).toBe(4)
    expect(estimate('query Q($n: Int) { transactionBlocks(first: $n) { edges { txns: node { digest } } } }', { n: 1 })).toBe(4)
  })

  it('first and last together count the larger: 62', () => {
    expect(estimate('{ transactionBlocks(first: 20, last: 30) { edges { node { digest } } } }')).toBe(62)
  })

  it('fragments and inline fragments are expanded; a null page size falls back to the default', () => {
    const spread = 'query Q($n: Int) { transactionBlocks(first: $n) { ...Page } } fragment Page on TransactionBlockConnection { edges { node { digest } } }'
    expect(estimate(spread, { n: null })).toBe(42)
    expect(estimate('{ transactionBlocks(last: 5) { ... on TransactionBlockConnection { nodes { digest sender { address } } } } }')).toBe(1 + 1 + 5 + 5 + 5)
  })
})
