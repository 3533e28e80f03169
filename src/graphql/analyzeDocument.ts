import { parse } from 'graphql'
import type {
  ArgumentNode,
  DocumentNode,
  FragmentDefinitionNode,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql'

/** A page-size argument as written: a literal number, a variable, or absent. */
export type PageArgument = { kind: 'literal'; value: number | null } | { kind: 'variable'; name: string } | undefined

/** A field that takes `first`/`last` (a connection). */
export interface PagedField {
  /** Response path of the field, aliases applied, e.g. `epoch.transactionBlocks`. */
  path: string
  first: PageArgument
  last: PageArgument
}

/** A declared variable. */
export interface VariableDeclaration {
  name: string
  nonNull: boolean
  hasDefault: boolean
}

/** What the SDK's checks before sending need to know about one operation. */
export interface OperationAnalysis {
  name: string | undefined
  declared: VariableDeclaration[]
  /** Variables referenced anywhere in the operation, through fragments too. */
  used: Set<string>
  /** Input nodes, counted as the service counts them (each field, inline fragment and spread; spreads re-counted). */
  inputNodes: number
  /** Deepest selection level; spreads and inline fragments add a level. */
  depth: number
  pagedFields: PagedField[]
}

/** A parsed document: its operations, analysed. */
export interface DocumentAnalysis {
  operations: OperationAnalysis[]
}

const cache = new Map<string, DocumentAnalysis>()
const CACHE_LIMIT = 256

/**
 * Parses a GraphQL document and measures each operation the way the service does
 * (graphql-anchor 2.2): breadth first, one input node per field, inline fragment and
 * fragment spread, a level per selection set. Results are cached by document text.
 *
 * @example
 * const { operations } = analyzeDocument('query Q($id: UInt53) { epoch(id: $id) { epochId } }')
 * operations[0].inputNodes // 2
 */
export function analyzeDocument(source: string): DocumentAnalysis {
  const cached = cache.get(source)
  if (cached) return cached
  const document = parse(source, { noLocation: true })
  const analysis: DocumentAnalysis = { operations: analyzeOperations(document) }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(source, analysis)
  return analysis
}

function analyzeOperations(document: DocumentNode): OperationAnalysis[] {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition)
  }
  return document.definitions
    .filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
    .map((operation) => analyzeOperation(operation, fragments))
}

function analyzeOperation(
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
): OperationAnalysis {
  const used = new Set<string>()
  const pagedFields: PagedField[] = []
  let inputNodes = 0
  let depth = 0
  // Breadth-first, as the service walks; a fragment cycle is a validation error, so the
  // walk is also bounded by the number of selections it may visit.
  const queue: { set: SelectionSetNode; level: number; path: string }[] = [
    { set: operation.selectionSet, level: 1, path: '' },
  ]
  for (let head = 0; head < queue.length && head < 100_000; head++) {
    const { set, level, path } = queue[head] as (typeof queue)[number]
    depth = Math.max(depth, level)
    for (const selection of set.selections) {
      inputNodes++
      if (selection.kind === 'Field') {
        const fieldPath = path ? `${path}.${selection.alias?.value ?? selection.name.value}` : (selection.alias?.value ?? selection.name.value)
        for (const argument of selection.arguments ?? []) collectVariables(argument.value, used)
        const first = pageArgument(selection.arguments, 'first')
        const last = pageArgument(selection.arguments, 'last')
        if (first || last) pagedFields.push({ path: fieldPath, first, last })
        if (selection.selectionSet) queue.push({ set: selection.selectionSet, level: level + 1, path: fieldPath })
      } else if (selection.kind === 'InlineFragment') {
        queue.push({ set: selection.selectionSet, level: level + 1, path })
      } else {
        const fragment = fragments.get(selection.name.value)
        if (fragment) queue.push({ set: fragment.selectionSet, level: level + 1, path })
      }
      for (const directive of selection.directives ?? []) {
        for (const argument of directive.arguments ?? []) collectVariables(argument.value, used)
      }
    }
  }
  return {
    name: operation.name?.value,
    declared: (operation.variableDefinitions ?? []).map((definition) => ({
      name: definition.variable.name.value,
      nonNull: definition.type.kind === 'NonNullType',
      hasDefault: definition.defaultValue !== undefined,
    })),
    used,
    inputNodes,
    depth,
    pagedFields,
  }
}

function pageArgument(args: readonly ArgumentNode[] | undefined, name: 'first' | 'last'): PageArgument {
  const value = args?.find((argument) => argument.name.value === name)?.value
  if (!value) return undefined
  if (value.kind === 'Variable') return { kind: 'variable', name: value.name.value }
  if (value.kind === 'IntValue') return { kind: 'literal', value: Number(value.value) }
  return { kind: 'literal', value: null }
}

function collectVariables(value: ValueNode, into: Set<string>): void {
  if (value.kind === 'Variable') into.add(value.name.value)
  else if (value.kind === 'ListValue') for (const item of value.values) collectVariables(item, into)
  else if (value.kind === 'ObjectValue') for (const field of value.fields) collectVariables(field.value, into)
}
