import { parse } from '@0no-co/graphql.web'
import { InvalidArgumentError } from '../errors/request.js'

type Ast = ReturnType<typeof parse>
type AstDefinition = Ast['definitions'][number]
type AstOperation = Extract<AstDefinition, { kind: 'OperationDefinition' }>
type AstSelection = AstOperation['selectionSet']['selections'][number]
type AstDirective = NonNullable<AstSelection['directives']>[number]
type AstArgument = NonNullable<Extract<AstSelection, { kind: 'Field' }>['arguments']>[number]
type AstValue = AstArgument['value']

/**
 * A value in a document: only variables matter to the SDK's checks; literals keep ints.
 *
 * @example
 * const value: ValueNode = { kind: 'Variable', name: 'first' }
 */
export type ValueNode =
  | { kind: 'Variable'; name: string }
  | { kind: 'Int'; value: number }
  | { kind: 'List'; values: ValueNode[] }
  | { kind: 'Object'; fields: ValueNode[] }
  | { kind: 'Other' }

/**
 * An argument of a field or directive.
 *
 * @example
 * const argument: ArgumentNode = { name: 'first', value: { kind: 'Int', value: 10 } }
 */
export interface ArgumentNode {
  name: string
  value: ValueNode
}

/**
 * A selection: a field (its response key is the alias when there is one), an inline fragment or a fragment spread.
 *
 * @example
 * const spread: SelectionNode = { kind: 'FragmentSpread', name: 'PageInfoFields', directives: [] }
 */
export type SelectionNode =
  | {
      kind: 'Field'
      name: string
      responseKey: string
      arguments: ArgumentNode[]
      directives: ArgumentNode[]
      selections?: SelectionNode[]
    }
  | { kind: 'InlineFragment'; directives: ArgumentNode[]; selections: SelectionNode[] }
  | { kind: 'FragmentSpread'; name: string; directives: ArgumentNode[] }

/**
 * A variable definition of an operation.
 *
 * @example
 * const definition: VariableDefinitionNode = { name: 'id', nonNull: false, hasDefault: true }
 */
export interface VariableDefinitionNode {
  name: string
  nonNull: boolean
  hasDefault: boolean
}

/**
 * An operation definition (the shorthand `{ ... }` is an anonymous query).
 *
 * @example
 * const operation: OperationNode = parseDocument('query Q { chainIdentifier }').operations[0]!
 */
export interface OperationNode {
  kind: 'Operation'
  name: string | undefined
  variables: VariableDefinitionNode[]
  directives: ArgumentNode[]
  selections: SelectionNode[]
}

/**
 * A named fragment definition.
 *
 * @example
 * const fragment = parseDocument('{ ...F } fragment F on Query { chainIdentifier }').fragments.get('F')
 */
export interface FragmentNode {
  kind: 'Fragment'
  name: string
  selections: SelectionNode[]
}

/**
 * The executable definitions of a document, reduced to what the SDK's checks read.
 *
 * @example
 * const { operations, fragments }: ParsedDocument = parseDocument(text)
 */
export interface ParsedDocument {
  operations: OperationNode[]
  fragments: Map<string, FragmentNode>
}

/**
 * Parses the executable definitions of a GraphQL document (operations and fragments) with
 * `@0no-co/graphql.web` (the spec-compliant parser urql and gql.tada use, 2 kB gzip where
 * graphql-js's is 35 kB) and reduces them to the small tree the SDK's checks need. A syntax
 * error, a type-system definition or a document without an operation is `INVALID_ARGUMENT`.
 * It is not a validator: the service validates.
 *
 * @example
 * const { operations } = parseDocument('query Q($id: UInt53) { epoch(id: $id) { epochId } }')
 * operations[0].variables[0].name // 'id'
 */
export function parseDocument(source: string): ParsedDocument {
  let document: Ast
  try {
    document = parse(source, { noLocation: true })
  } catch (cause) {
    throw new InvalidArgumentError(`GraphQL syntax error: ${(cause as Error).message}`, { cause })
  }
  const operations: OperationNode[] = []
  const fragments = new Map<string, FragmentNode>()
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') {
      operations.push({
        kind: 'Operation',
        name: definition.name?.value,
        variables: (definition.variableDefinitions ?? []).map((variable) => ({
          name: variable.variable.name.value,
          nonNull: variable.type.kind === 'NonNullType',
          hasDefault: variable.defaultValue !== undefined,
        })),
        directives: directives(definition.directives),
        selections: selections(definition.selectionSet.selections),
      })
    } else if (definition.kind === 'FragmentDefinition') {
      // The first of two fragments of one name wins, as the text printed for the service keeps it.
      if (!fragments.has(definition.name.value)) {
        fragments.set(definition.name.value, {
          kind: 'Fragment',
          name: definition.name.value,
          selections: selections(definition.selectionSet.selections),
        })
      }
    } else {
      throw new InvalidArgumentError(`GraphQL syntax error: unexpected ${definition.kind} (only operations and fragments are sent)`)
    }
  }
  if (operations.length === 0) throw new InvalidArgumentError('GraphQL syntax error: no operation in document')
  return { operations, fragments }
}

function selections(list: ReadonlyArray<AstSelection>): SelectionNode[] {
  return list.map((selection): SelectionNode => {
    if (selection.kind === 'FragmentSpread') {
      return { kind: 'FragmentSpread', name: selection.name.value, directives: directives(selection.directives) }
    }
    if (selection.kind === 'InlineFragment') {
      return {
        kind: 'InlineFragment',
        directives: directives(selection.directives),
        selections: selections(selection.selectionSet.selections),
      }
    }
    const field: SelectionNode = {
      kind: 'Field',
      name: selection.name.value,
      // `alias: field`: the alias is the response key.
      responseKey: selection.alias?.value ?? selection.name.value,
      arguments: argumentsOf(selection.arguments),
      directives: directives(selection.directives),
    }
    if (selection.selectionSet) field.selections = selections(selection.selectionSet.selections)
    return field
  })
}

function directives(list: ReadonlyArray<AstDirective> | undefined): ArgumentNode[] {
  return list ? list.flatMap((directive) => argumentsOf(directive.arguments)) : []
}

function argumentsOf(list: ReadonlyArray<AstArgument> | undefined): ArgumentNode[] {
  return list ? list.map((argument) => ({ name: argument.name.value, value: value(argument.value) })) : []
}

function value(node: AstValue): ValueNode {
  switch (node.kind) {
    case 'Variable':
      return { kind: 'Variable', name: node.name.value }
    case 'IntValue':
      return { kind: 'Int', value: Number(node.value) }
    case 'ListValue':
      return { kind: 'List', values: node.values.map(value) }
    case 'ObjectValue':
      return { kind: 'Object', fields: node.fields.map((field) => value(field.value)) }
    default:
      return { kind: 'Other' }
  }
}
