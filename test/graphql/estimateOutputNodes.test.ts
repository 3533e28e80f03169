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

  it('a page size that is not a u64 counts as defaultPageSize, as the service counts it: 42', () => {
    const query = '{ transactionBlocks(first: 36893488147419103000) { edges { node { digest } } } }'
    expect(estimate(query)).toBe(42)
    const byVariable = 'query Q($n: Int) { transactionBlocks(first: $n) { edges { node { digest } } } }'
    expect(estimate(byVariable, { n: 36893488147419103000 })).toBe(42)
    expect(estimate(byVariable, { n: -1 })).toBe(42)
    expect(estimate(byVariable, { n: 2.5 })).toBe(42)
    // Over u32 but a u64: counted as it is (the estimate then fails on the budget).
    expect(estimate(byVariable, { n: 2 ** 40 })).toBe(2 + 2 * 2 ** 40)
  })

  it('the same document estimated again reads the new variables (the walk is compiled once, the page sizes read per call)', () => {
    const query = 'query Q($n: Int) { transactionBlocks(first: $n) { edges { node { digest } } } }'
    expect(estimate(query, { n: 1 })).toBe(4)
    expect(estimate(query, { n: 50 })).toBe(2 + 50 * 2)
    expect(estimate(query, {}, 10)).toBe(2 + 10 * 2)
    expect(estimate(query, { n: 1 })).toBe(4)
  })

  it('a fragment cycle (invalid GraphQL) gives a bounded estimate, not a stack overflow', () => {
    const cyclic = '{ transactionBlocks { edges { node { ...A } } } } fragment A on TransactionBlock { sender { ...A } }'
    const value = estimate(cyclic)
    expect(Number.isFinite(value)).toBe(true)
    expect(value).toBeGreaterThan(42)
  })
})
