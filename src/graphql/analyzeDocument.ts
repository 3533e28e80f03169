import { parse } from '@0no-co/graphql.web'
import { InvalidArgumentError } from '../errors/request.js'

// The nodes of `@0no-co/graphql.web`'s AST the checks read.
type Definition = ReturnType<typeof parse>['definitions'][number]
type OperationNode = Extract<Definition, { kind: 'OperationDefinition' }>
export type FragmentNode = Extract<Definition, { kind: 'FragmentDefinition' }>
export type SelectionNode = OperationNode['selectionSet']['selections'][number]
export type FieldNode = Extract<SelectionNode, { kind: 'Field' }>
type ArgumentNode = NonNullable<FieldNode['arguments']>[number]
export type ValueNode = ArgumentNode['value']
type DirectiveNode = NonNullable<SelectionNode['directives']>[number]

/** A page-size argument as written: a literal number, a variable, or absent. */
export type PageArgument = { kind: 'literal'; value: number | null } | { kind: 'variable'; name: string } | undefined

/** What the checks before sending need to know about one operation. */
export interface OperationAnalysis {
  name: string | undefined
  declared: { name: string; nonNull: boolean; hasDefault: boolean }[]
  /** Variables referenced anywhere in the operation, through fragments too. */
  used: Set<string>
  /** Input nodes, counted as the service counts them (each field, inline fragment and spread; spreads re-counted). */
  inputNodes: number
  /** Deepest selection level; spreads and inline fragments add a level. */
  depth: number
  /** The fields that take `first`/`last` (connections), at their response paths (aliases applied). */
  pagedFields: { path: string; first: PageArgument; last: PageArgument }[]
  selections: readonly SelectionNode[]
  fragments: Map<string, FragmentNode>
}

/** A parsed document: its operations, analysed, and what the service checks over all of them (graphql-anchor 2.2). */
export interface DocumentAnalysis {
  operations: OperationAnalysis[]
  /** The deepest operation's depth: each is held to the depth limit. */
  depth: number
  /** The input nodes of every operation together: they share the budget. */
  inputNodes: number
  /** The first variable declared and not used, or else used and not declared, in document order. */
  unused?: string | undefined
  missing?: string | undefined
}

const cache = new Map<string, DocumentAnalysis>()
const CACHE_LIMIT = 256

/**
 * Parses a document with `@0no-co/graphql.web` (2 kB gzip against graphql-js's 35 kB) and measures
 * each operation as the service does (graphql-anchor 2.2). A syntax error, a type-system definition
 * or no operation is `INVALID_ARGUMENT`; the service validates the rest. Cached by text.
 */
export function analyzeDocument(source: string): DocumentAnalysis {
  const cached = cache.get(source)
  if (cached) return cached
  let definitions: readonly Definition[]
  try {
    definitions = parse(source, { noLocation: true }).definitions
  } catch (cause) {
    throw new InvalidArgumentError(`GraphQL syntax error: ${(cause as Error).message}`, { cause })
  }
  const operations: OperationNode[] = []
  const fragments = new Map<string, FragmentNode>()
  for (const definition of definitions) {
    if (definition.kind === 'OperationDefinition') operations.push(definition)
    // The first of two fragments of one name wins, as the text printed for the service keeps it.
    else if (definition.kind === 'FragmentDefinition') {
      if (!fragments.has(definition.name.value)) fragments.set(definition.name.value, definition)
    } else {
      throw new InvalidArgumentError(`GraphQL syntax error: unexpected ${definition.kind} (only operations and fragments are sent)`)
    }
  }
  if (operations.length === 0) throw new InvalidArgumentError('GraphQL syntax error: no operation in document')
  const analyses = operations.map((operation) => analyzeOperation(operation, fragments))
  const analysis: DocumentAnalysis = {
    operations: analyses,
    depth: Math.max(...analyses.map((each) => each.depth)),
    inputNodes: analyses.reduce((sum, each) => sum + each.inputNodes, 0),
  }
  for (const each of analyses) {
    if (analysis.unused !== undefined || analysis.missing !== undefined) break
    analysis.unused = each.declared.find((declaration) => !each.used.has(declaration.name))?.name
    if (analysis.unused === undefined) analysis.missing = [...each.used].find((name) => !each.declared.some((d) => d.name === name))
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
  cache.set(source, analysis)
  return analysis
}

function analyzeOperation(operation: OperationNode, fragments: Map<string, FragmentNode>): OperationAnalysis {
  const used = new Set<string>()
  const pagedFields: OperationAnalysis['pagedFields'] = []
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
  return { kind: 'literal', value: value.kind === 'IntValue' ? Number(value.value) : null }
}

function collectDirectives(directives: readonly DirectiveNode[] | undefined, into: Set<string>): void {
  for (const directive of directives ?? []) for (const argument of directive.arguments ?? []) collectVariables(argument.value, into)
}

function collectVariables(value: ValueNode, into: Set<string>): void {
  if (value.kind === 'Variable') into.add(value.name.value)
  else if (value.kind === 'ListValue') for (const item of value.values) collectVariables(item, into)
  else if (value.kind === 'ObjectValue') for (const field of value.fields) collectVariables(field.value, into)
}

/** Picks the operation a request runs: the named one, or the only one. */
export function selectOperation(analysis: DocumentAnalysis, operationName?: string): OperationAnalysis {
  const { operations } = analysis
  if (operationName === undefined) {
    if (operations.length === 1) return operations[0] as OperationAnalysis
    throw new InvalidArgumentError(`Document has ${operations.length} operations; pass operationName`)
  }
  const operation = operations.find((candidate) => candidate.name === operationName)
  if (!operation) throw new InvalidArgumentError(`Document has no operation named ${operationName}`)
  return operation
}

/**
 * The variables with `null` for each nullable one without a default left out (typed optional, but
 * the service needs a value for each); a non-null one left out stays out for `checkQuery` to reject.
 */
export function omittedAsNull(operation: OperationAnalysis, variables: Record<string, unknown>): Record<string, unknown> {
  let filled: Record<string, unknown> | undefined
  for (const { name, nonNull, hasDefault } of operation.declared) {
    if (nonNull || hasDefault || variables[name] !== undefined) continue
    filled ??= { ...variables }
    filled[name] = null
  }
  return filled ?? variables
}
