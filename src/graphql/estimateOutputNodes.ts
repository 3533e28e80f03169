import type { FieldNode, FragmentNode, SelectionNode, ValueNode } from './analyzeDocument.js'

type Estimate = (variables: Record<string, unknown>, defaultPageSize: number) => number

/** Nesting (fields and fragments) followed; deeper is invalid GraphQL (a fragment cycle) or far past any depth limit. */
const MAX_NESTING = 128

/** Compiled estimates by selection set: an analysed document keeps its arrays, so each is compiled once. */
const compiled = new WeakMap<readonly SelectionNode[], Estimate>()

/**
 * Worst-case output nodes of an operation, as the service estimates them (graphql-anchor 2.2,
 * step 4): every field costs the product of the page sizes (`first`, `last`, the larger of both,
 * else `defaultPageSize`) of the `edges`/`nodes` fields it sits under. Compiled once per selection set.
 */
export function estimateOutputNodes(
  selections: readonly SelectionNode[],
  fragments: Map<string, FragmentNode>,
  variables: Record<string, unknown>,
  defaultPageSize: number,
): number {
  let estimate = compiled.get(selections)
  if (!estimate) {
    estimate = compileSet(selections, fragments, 0)
    compiled.set(selections, estimate)
  }
  return estimate(variables, defaultPageSize)
}

// The cost of a set at multiplicity m is m times its cost at 1, so a set compiles to its
// fixed count plus, per connection under it, the page size times the paged children's cost.
function compileSet(set: readonly SelectionNode[], fragments: Map<string, FragmentNode>, nesting: number): Estimate {
  let fixed = 0
  const parts: Estimate[] = []
  for (const field of fieldsOf(set, fragments, nesting)) {
    fixed++
    if (!field.selectionSet) continue
    const children = fieldsOf(field.selectionSet.selections, fragments, nesting + 1)
    if (!children.some(isPaged)) {
      parts.push(compileSet(field.selectionSet.selections, fragments, nesting + 1))
      continue
    }
    const size = pageSizeOf(field)
    for (const child of children) {
      fixed++
      if (!child.selectionSet) continue
      const inner = compileSet(child.selectionSet.selections, fragments, nesting + 2)
      parts.push(
        isPaged(child) ? (variables, defaultPageSize) => size(variables, defaultPageSize) * inner(variables, defaultPageSize) : inner,
      )
    }
  }
  if (parts.length === 0) return () => fixed
  return (variables, defaultPageSize) => {
    let total = fixed
    for (const part of parts) total += part(variables, defaultPageSize)
    return total
  }
}

function fieldsOf(set: readonly SelectionNode[], fragments: Map<string, FragmentNode>, nesting: number): FieldNode[] {
  if (nesting > MAX_NESTING) return []
  return set.flatMap((selection) => {
    if (selection.kind === 'Field') return [selection]
    if (selection.kind === 'InlineFragment') return fieldsOf(selection.selectionSet.selections, fragments, nesting + 1)
    const fragment = fragments.get(selection.name.value)
    return fragment ? fieldsOf(fragment.selectionSet.selections, fragments, nesting + 1) : []
  })
}

function isPaged(field: FieldNode): boolean {
  return field.name.value === 'edges' || field.name.value === 'nodes'
}

function pageSizeOf(field: FieldNode): Estimate {
  const first = field.arguments?.find((argument) => argument.name.value === 'first')?.value
  const last = field.arguments?.find((argument) => argument.name.value === 'last')?.value
  return (variables, defaultPageSize) => {
    const a = readSize(first, variables)
    const b = readSize(last, variables)
    return a !== undefined && b !== undefined ? Math.max(a, b) : (a ?? b ?? defaultPageSize)
  }
}

function readSize(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  const resolved = value?.kind === 'Variable' ? variables[value.name.value] : value?.kind === 'IntValue' ? Number(value.value) : undefined
  // Like the service: a page size that is not a u64 counts as defaultPageSize (the query then
  // fails on the argument's type, not on the estimate).
  return typeof resolved === 'number' && Number.isInteger(resolved) && resolved >= 0 && resolved < 2 ** 64 ? resolved : undefined
}
