import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src/graphql/analyzeDocument.js'
import { estimateOutputNodes } from '../../src/graphql/estimateOutputNodes.js'
import type { SelectionNode } from '../../src/graphql/analyzeDocument.js'

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
    const spread =
      'query Q($n: Int) { transactionBlocks(first: $n) { ...Page } } fragment Page on TransactionBlockConnection { edges { node { digest } } }'
    expect(estimate(spread, { n: null })).toBe(42)
    expect(estimate('{ transactionBlocks(last: 5) { ... on TransactionBlockConnection { nodes { digest sender { address } } } } }')).toBe(
      1 + 1 + 5 + 5 + 5,
    )
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

// The walk as the service describes it, straight from the definition, run on every call: the
// compiled estimate must agree with it on any document.
function directEstimate(query: string, variables: Record<string, unknown>, defaultPageSize: number): number {
  const [operation] = analyzeDocument(query).operations
  const { fragments } = operation!
  const fieldsOf = (set: readonly SelectionNode[]): FieldSelection[] =>
    set.flatMap((selection) =>
      selection.kind === 'Field'
        ? [selection]
        : selection.kind === 'InlineFragment'
          ? fieldsOf(selection.selectionSet.selections)
          : fieldsOf(fragments.get(selection.name.value)?.selectionSet.selections ?? []),
    )
  const size = (field: FieldSelection, name: string) => {
    const value = field.arguments?.find((argument) => argument.name.value === name)?.value
    const resolved = value?.kind === 'Variable' ? variables[value.name.value] : value?.kind === 'IntValue' ? Number(value.value) : undefined
    return typeof resolved === 'number' && Number.isInteger(resolved) && resolved >= 0 ? resolved : undefined
  }
  const isPaged = (field: FieldSelection) => field.name.value === 'edges' || field.name.value === 'nodes'
  const cost = (set: readonly SelectionNode[], multiplicity: number): number =>
    fieldsOf(set).reduce((total, field) => {
      if (!field.selectionSet) return total + multiplicity
      const children = fieldsOf(field.selectionSet.selections)
      if (!children.some(isPaged)) return total + multiplicity + cost(field.selectionSet.selections, multiplicity)
      const first = size(field, 'first')
      const last = size(field, 'last')
      const page = first !== undefined && last !== undefined ? Math.max(first, last) : (first ?? last ?? defaultPageSize)
      return children.reduce(
        (sum, child) =>
          sum +
          multiplicity +
          (child.selectionSet ? cost(child.selectionSet.selections, isPaged(child) ? multiplicity * page : multiplicity) : 0),
        total + multiplicity,
      )
    }, 0)
  return cost(operation!.selections, 1)
}

type FieldSelection = Extract<SelectionNode, { kind: 'Field' }>

describe('E7/L2: the compiled estimate agrees with the direct walk', () => {
  const name = fc.constantFrom('edges', 'nodes', 'node', 'events', 'sender', 'digest', 'pageInfo')
  const pageValue = fc.oneof(fc.integer({ min: 0, max: 60 }).map(String), fc.constantFrom('$a', '$b'))
  const pageArguments = fc
    .record({ first: fc.option(pageValue, { nil: undefined }), last: fc.option(pageValue, { nil: undefined }) })
    .map(({ first, last }) => {
      const list = [first === undefined ? '' : `first: ${first}`, last === undefined ? '' : `last: ${last}`].filter(Boolean)
      return list.length > 0 ? `(${list.join(', ')})` : ''
    })
  const selection: fc.Arbitrary<string> = fc.letrec<{ set: string }>((tie) => ({
    set: fc
      .array(
        fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          name,
          fc.tuple(name, pageArguments, tie('set')).map(([field, args, inner]) => `${field}${args} ${inner}`),
          tie('set').map((inner) => `... on T ${inner}`),
          fc.constant('...F'),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((items) => `{ ${items.join(' ')} }`),
  })).set
  const variable = fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(null), fc.constant('x'), fc.constant(undefined))

  it('on random documents with connections, fragments, literals and variables', () => {
    fc.assert(
      fc.property(
        selection,
        selection,
        variable,
        variable,
        fc.integer({ min: 1, max: 50 }),
        (operation, fragment, a, b, defaultPageSize) => {
          // F's own body never spreads F: a cycle is invalid GraphQL and has its own test.
          const query = `query Q($a: Int, $b: Int) ${operation} fragment F on T ${fragment.replaceAll('...F', 'digest')}`
          const variables = { a, b }
          expect(estimate(query, variables, defaultPageSize)).toBe(directEstimate(query, variables, defaultPageSize))
        },
      ),
      { numRuns: 300 },
    )
  })
})
