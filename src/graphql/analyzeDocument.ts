import {
  parseDocument,
  type ArgumentNode,
  type FragmentNode,
  type OperationNode,
  type SelectionNode,
  type ValueNode,
} from './parseDocument.js'

type DirectiveNode = NonNullable<SelectionNode['directives']>[number]

/**
 * A page-size argument as written: a literal number, a variable, or absent.
 *
 * @example
 * const first: PageArgument = { kind: 'variable', name: 'first' }
 */
export type PageArgument = { kind: 'literal'; value: number | null } | { kind: 'variable'; name: string } | undefined

/**
 * A field that takes `first`/`last` (a connection).
 *
 * @example
 * const field: PagedField = { path: 'epoch.transactionBlocks', first: { kind: 'literal', value: 10 }, last: undefined }
 */
export interface PagedField {
  /** Response path of the field, aliases applied, e.g. `epoch.transactionBlocks`. */
  path: string
  first: PageArgument
  last: PageArgument
}

/**
 * A declared variable.
 *
 * @example
 * const declaration: VariableDeclaration = { name: 'id', nonNull: false, hasDefault: true }
 */
export interface VariableDeclaration {
  name: string
  nonNull: boolean
  hasDefault: boolean
}

/**
 * What the SDK's checks before sending need to know about one operation.
 *
 * @example
 * const { inputNodes, depth }: OperationAnalysis = analyzeDocument('{ chainIdentifier }').operations[0]!
 */
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
  /** The operation's selections, for estimates that depend on variable values. */
  selections: readonly SelectionNode[]
  /** The document's fragments, by name. */
  fragments: Map<string, FragmentNode>
}

/**
 * A parsed document: its operations, analysed.
 *
 * @example
 * const analysis: DocumentAnalysis = analyzeDocument('query A { chainIdentifier } query B { serviceConfig { maxPageSize } }')
 */
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
  const { operations, fragments } = parseDocument(source)
  const analysis: DocumentAnalysis = {
    operations: operations.map((operation) => analyzeOperation(operation, fragments)),
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(source, analysis)
  return analysis
}

function analyzeOperation(operation: OperationNode, fragments: Map<string, FragmentNode>): OperationAnalysis {
  const used = new Set<string>()
  const pagedFields: PagedField[] = []
  let inputNodes = 0
  let depth = 0
  // Breadth-first, as the service walks; a fragment cycle is a validation error, so the
  // walk is also bounded by the number of selections it may visit.
  const selections = operation.selectionSet.selections
  const queue: { set: readonly SelectionNode[]; level: number; path: string }[] = [{ set: selections, level: 1, path: '' }]
  collectDirectives(operation.directives, used)
  for (let head = 0; head < queue.length && head < 100_000; head++) {
    const { set, level, path } = queue[head] as (typeof queue)[number]
    depth = Math.max(depth, level)
    for (const selection of set) {
      inputNodes++
      collectDirectives(selection.directives, used)
      if (selection.kind === 'Field') {
        // `alias: field`: the alias is the response key.
        const responseKey = selection.alias?.value ?? selection.name.value
        const fieldPath = path ? `${path}.${responseKey}` : responseKey
        const args = selection.arguments ?? []
        for (const argument of args) collectVariables(argument.value, used)
        const first = pageArgument(args, 'first')
        const last = pageArgument(args, 'last')
        if (first || last) pagedFields.push({ path: fieldPath, first, last })
        if (selection.selectionSet) queue.push({ set: selection.selectionSet.selections, level: level + 1, path: fieldPath })
      } else if (selection.kind === 'InlineFragment') {
        queue.push({ set: selection.selectionSet.selections, level: level + 1, path })
      } else {
        const fragment = fragments.get(selection.name.value)
        if (fragment) queue.push({ set: fragment.selectionSet.selections, level: level + 1, path })
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
    selections,
    fragments,
  }
}

function pageArgument(args: readonly ArgumentNode[], name: 'first' | 'last'): PageArgument {
  const value = args.find((argument) => argument.name.value === name)?.value
  if (!value) return undefined
  if (value.kind === 'Variable') return { kind: 'variable', name: value.name.value }
  if (value.kind === 'IntValue') return { kind: 'literal', value: Number(value.value) }
  return { kind: 'literal', value: null }
}

function collectDirectives(directives: readonly DirectiveNode[] | undefined, into: Set<string>): void {
  for (const directive of directives ?? []) for (const argument of directive.arguments ?? []) collectVariables(argument.value, into)
}

function collectVariables(value: ValueNode, into: Set<string>): void {
  if (value.kind === 'Variable') into.add(value.name.value)
  else if (value.kind === 'ListValue') for (const item of value.values) collectVariables(item, into)
  else if (value.kind === 'ObjectValue') for (const field of value.fields) collectVariables(field.value, into)
}
