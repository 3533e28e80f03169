import type { FragmentNode, SelectionNode, ValueNode } from './parseDocument.js'

type FieldNode = Extract<SelectionNode, { kind: 'Field' }>

/**
 * Worst-case number of output nodes of an operation, counted as the service estimates it
 * before running a query (graphql-anchor 2.2, step 4): every field costs the product of the
 * page sizes of the `edges`/`nodes` fields it sits under; a connection (a field selecting
 * `edges` or `nodes`) pages by `first`, `last`, the larger of both, or `defaultPageSize`
 * (also when a value is not a u64);
 * `pageInfo` and the connection field itself stay at the parent's multiplicity.
 *
 * @example
 * const [operation] = analyzeDocument('{ transactionBlocks { edges { node { digest } } } }').operations
 * estimateOutputNodes(operation!.selections, operation!.fragments, {}, 20) // 42
 */
export function estimateOutputNodes(
  selections: SelectionNode[],
  fragments: Map<string, FragmentNode>,
  variables: Record<string, unknown>,
  defaultPageSize: number,
): number {
  const fieldsOf = (set: SelectionNode[], depth = 0): FieldNode[] => {
    // Fragment cycles are invalid GraphQL; the bound keeps a bad document from looping.
    if (depth > 64) return []
    return set.flatMap((selection) => {
      if (selection.kind === 'Field') return [selection]
      if (selection.kind === 'InlineFragment') return fieldsOf(selection.selections, depth + 1)
      const fragment = fragments.get(selection.name)
      return fragment ? fieldsOf(fragment.selections, depth + 1) : []
    })
  }
  const pageSize = (field: FieldNode): number => {
    const read = (name: string) => {
      const value = field.arguments.find((argument) => argument.name === name)?.value
      const resolved = value === undefined ? undefined : resolveValue(value, variables)
      // Like the service: a page size that is not a u64 counts as defaultPageSize (the query
      // then fails on the argument's type, not on the estimate).
      return typeof resolved === 'number' && Number.isInteger(resolved) && resolved >= 0 && resolved < 2 ** 64 ? resolved : undefined
    }
    const first = read('first')
    const last = read('last')
    return first !== undefined && last !== undefined ? Math.max(first, last) : (first ?? last ?? defaultPageSize)
  }
  const cost = (set: SelectionNode[], multiplicity: number): number => {
    let total = 0
    for (const field of fieldsOf(set)) {
      total += multiplicity
      if (!field.selections) continue
      const children = fieldsOf(field.selections)
      const isConnection = children.some((child) => child.name === 'edges' || child.name === 'nodes')
      if (!isConnection) {
        total += cost(field.selections, multiplicity)
        continue
      }
      const size = pageSize(field)
      for (const child of children) {
        total += multiplicity
        if (!child.selections) continue
        const paged = child.name === 'edges' || child.name === 'nodes'
        total += cost(child.selections, paged ? multiplicity * size : multiplicity)
      }
    }
    return total
  }
  return cost(selections, 1)
}

function resolveValue(value: ValueNode, variables: Record<string, unknown>): unknown {
  if (value.kind === 'Variable') return variables[value.name]
  if (value.kind === 'Int') return value.value
  return undefined
}
