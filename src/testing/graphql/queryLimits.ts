import {
  GraphQLError,
  Kind,
  type ArgumentNode,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql'
import type { MockServiceLimits } from './mockServiceLimits.js'

/** Fragment definitions of a document by name. */
export type FragmentMap = ReadonlyMap<string, FragmentDefinitionNode>

const CONNECTION_FIELDS = new Set(['edges', 'nodes'])
const U32_MAX = 0xffffffff

function limitError(message: string, node?: SelectionNode): GraphQLError {
  return new GraphQLError(message, { ...(node ? { nodes: node } : {}), extensions: { code: 'BAD_USER_INPUT' } })
}

function fragmentSelections(spread: { name: { value: string } }, fragments: FragmentMap, node: SelectionNode): readonly SelectionNode[] {
  const fragment = fragments.get(spread.name.value)
  if (!fragment) {
    throw new GraphQLError(`Fragment ${spread.name.value} referred to but not found in document`, {
      nodes: node,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    })
  }
  return fragment.selectionSet.selections
}

function childSelections(selection: SelectionNode, fragments: FragmentMap): readonly SelectionNode[] {
  switch (selection.kind) {
    case Kind.FIELD:
      return selection.selectionSet?.selections ?? []
    case Kind.INLINE_FRAGMENT:
      return selection.selectionSet.selections
    case Kind.FRAGMENT_SPREAD:
      return fragmentSelections(selection, fragments, selection)
  }
}

/**
 * Counts input nodes and depth of an operation breadth-first, as the real service does:
 * every field, inline fragment and fragment spread costs one node; every level costs one
 * depth, and fragments add a level; a named fragment is re-counted each time it is spread.
 * Throws `Query nesting is over N` / `Query has over N nodes` at the first selection past a limit.
 *
 * @example
 * countInputNodes(operation, fragments, limits) // { inputNodes: 2, depth: 2 } for `{ epoch { epochId } }`
 */
export function countInputNodes(
  operation: OperationDefinitionNode,
  fragments: FragmentMap,
  limits: Pick<MockServiceLimits, 'maxQueryDepth' | 'maxQueryNodes'>,
): { inputNodes: number; depth: number } {
  let depthBudget = limits.maxQueryDepth
  let nodeBudget = limits.maxQueryNodes
  let next: SelectionNode[] = [...operation.selectionSet.selections]
  while (next.length > 0) {
    if (depthBudget === 0) throw limitError(`Query nesting is over ${limits.maxQueryDepth}`, next[0])
    depthBudget--
    const current = next
    next = []
    for (const selection of current) {
      if (nodeBudget === 0) throw limitError(`Query has over ${limits.maxQueryNodes} nodes`, selection)
      nodeBudget--
      next.push(...childSelections(selection, fragments))
    }
  }
  return { inputNodes: limits.maxQueryNodes - nodeBudget, depth: limits.maxQueryDepth - depthBudget }
}

function hasConnectionFields(selection: SelectionNode, fragments: FragmentMap): boolean {
  if (selection.kind === Kind.FIELD) return CONNECTION_FIELDS.has(selection.name.value)
  return childSelections(selection, fragments).some((child) => hasConnectionFields(child, fragments))
}

const U64_MAX = 2n ** 64n - 1n

/** A page size argument that is a u64, or undefined (the estimate then counts defaultPageSize). */
function resolveU64(
  argument: ArgumentNode | undefined,
  variables: Record<string, unknown>,
  defaults: Record<string, unknown>,
): number | undefined {
  if (!argument) return undefined
  if (argument.value.kind === Kind.INT) {
    // The literal's text, not its float: 36893488147419103000 is not a u64.
    const value = BigInt(argument.value.value)
    return value >= 0n && value <= U64_MAX ? Number(value) : undefined
  }
  if (argument.value.kind !== Kind.VARIABLE) return undefined
  const name = argument.value.name.value
  const value = name in variables ? variables[name] : defaults[name]
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 2 ** 64 ? value : undefined
}

/**
 * Worst-case output node estimate, as the real service computes it: each field costs the
 * product of the page sizes of the `edges`/`nodes` fields above it; a connection (a field
 * selecting `edges` or `nodes`) has page size `first`, `last`, max of both, or
 * defaultPageSize (also for a value that is not a u64: the argument's type error comes later,
 * from validation, with the usage still reported). Throws `Estimated output nodes exceeds N` past the budget.
 *
 * @example
 * estimateOutputNodes(operation, fragments, {}, limits) // 42 for `{ transactionBlocks { edges { node { digest } } } }`
 */
export function estimateOutputNodes(
  operation: OperationDefinitionNode,
  fragments: FragmentMap,
  variables: Record<string, unknown>,
  limits: Pick<MockServiceLimits, 'maxOutputNodes' | 'defaultPageSize'>,
): number {
  const defaults: Record<string, unknown> = {}
  for (const definition of operation.variableDefinitions ?? []) {
    const value = definition.defaultValue
    if (value?.kind === Kind.INT) defaults[definition.variable.name.value] = Number(value.value)
  }
  let budget = limits.maxOutputNodes
  const fail = (): never => {
    throw limitError(`Estimated output nodes exceeds ${limits.maxOutputNodes}`)
  }
  const pageSizeOf = (field: FieldNode): number | undefined => {
    const selections = field.selectionSet?.selections ?? []
    if (!selections.some((selection) => hasConnectionFields(selection, fragments))) return undefined
    const first = resolveU64(
      field.arguments?.find((arg) => arg.name.value === 'first'),
      variables,
      defaults,
    )
    const last = resolveU64(
      field.arguments?.find((arg) => arg.name.value === 'last'),
      variables,
      defaults,
    )
    const size = first !== undefined && last !== undefined ? Math.max(first, last) : (first ?? last ?? limits.defaultPageSize)
    if (size > U32_MAX) fail()
    return size
  }
  const visit = (selections: readonly SelectionNode[], multiplicity: number, pageSize: number | undefined): void => {
    for (const selection of selections) {
      if (selection.kind !== Kind.FIELD) {
        visit(childSelections(selection, fragments), multiplicity, pageSize)
        continue
      }
      if (multiplicity > budget) fail()
      budget -= multiplicity
      let childMultiplicity = multiplicity
      if (CONNECTION_FIELDS.has(selection.name.value) && pageSize !== undefined) {
        childMultiplicity = multiplicity * pageSize
        if (childMultiplicity > U32_MAX) fail()
      }
      visit(selection.selectionSet?.selections ?? [], childMultiplicity, pageSizeOf(selection))
    }
  }
  visit(operation.selectionSet.selections, 1, undefined)
  return limits.maxOutputNodes - budget
}

/**
 * Rejects any directive other than `@include` and `@skip`, as the real service does.
 *
 * @example
 * checkDirectives(operation, fragments) // throws for `{ chainIdentifier @deprecated }`
 */
export function checkDirectives(operation: OperationDefinitionNode, fragments: FragmentMap): void {
  const seen = new Set<SelectionSetNode>()
  const checkList = (directives: readonly DirectiveNode[] | undefined): void => {
    for (const directive of directives ?? []) {
      const name = directive.name.value
      if (name !== 'include' && name !== 'skip') {
        throw new GraphQLError(`Directive \`@${name}\` is not supported. Supported directives are \`@include\`, \`@skip\``, {
          nodes: directive,
          extensions: { code: 'BAD_USER_INPUT' },
        })
      }
    }
  }
  const walk = (set: SelectionSetNode): void => {
    if (seen.has(set)) return
    seen.add(set)
    for (const selection of set.selections) {
      checkList(selection.directives)
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value)
        if (fragment) {
          checkList(fragment.directives)
          walk(fragment.selectionSet)
        }
      } else if (selection.selectionSet) walk(selection.selectionSet)
    }
  }
  checkList(operation.directives)
  walk(operation.selectionSet)
}
