import { parse } from '@0no-co/graphql.web'
import { InvalidArgumentError } from '../errors/request.js'

type Ast = ReturnType<typeof parse>
type AstDefinition = Ast['definitions'][number]

/**
 * An operation definition of `@0no-co/graphql.web`'s AST (the shorthand `{ ... }` is an anonymous query).
 *
 * @example
 * const operation: OperationNode = parseDocument('query Q { chainIdentifier }').operations[0]!
 */
export type OperationNode = Extract<AstDefinition, { kind: 'OperationDefinition' }>

/**
 * A named fragment definition of `@0no-co/graphql.web`'s AST.
 *
 * @example
 * const fragment = parseDocument('{ ...F } fragment F on Query { chainIdentifier }').fragments.get('F')
 */
export type FragmentNode = Extract<AstDefinition, { kind: 'FragmentDefinition' }>

/**
 * A selection: a field, an inline fragment or a fragment spread.
 *
 * @example
 * const [selection]: readonly SelectionNode[] = operation.selectionSet.selections
 */
export type SelectionNode = OperationNode['selectionSet']['selections'][number]

/**
 * A field selection.
 *
 * @example
 * const key = field.alias?.value ?? field.name.value // its response key
 */
export type FieldNode = Extract<SelectionNode, { kind: 'Field' }>

/**
 * An argument of a field or directive.
 *
 * @example
 * const first = field.arguments?.find((argument: ArgumentNode) => argument.name.value === 'first')
 */
export type ArgumentNode = NonNullable<FieldNode['arguments']>[number]

/**
 * A value in a document (a variable, a literal, a list or an object).
 *
 * @example
 * if (value.kind === 'Variable') used.add(value.name.value)
 */
export type ValueNode = ArgumentNode['value']

/**
 * The executable definitions of a document, as `@0no-co/graphql.web` parsed them, fragments by name.
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
 * graphql-js's is 35 kB); the SDK's checks read its AST. A syntax error, a type-system
 * definition or a document without an operation is `INVALID_ARGUMENT`. It is not a
 * validator: the service validates.
 *
 * @example
 * const { operations } = parseDocument('query Q($id: UInt53) { epoch(id: $id) { epochId } }')
 * operations[0].variableDefinitions?.[0]?.variable.name.value // 'id'
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
    if (definition.kind === 'OperationDefinition') operations.push(definition)
    // The first of two fragments of one name wins, as the text printed for the service keeps it.
    else if (definition.kind === 'FragmentDefinition') {
      if (!fragments.has(definition.name.value)) fragments.set(definition.name.value, definition)
    } else {
      throw new InvalidArgumentError(`GraphQL syntax error: unexpected ${definition.kind} (only operations and fragments are sent)`)
    }
  }
  if (operations.length === 0) throw new InvalidArgumentError('GraphQL syntax error: no operation in document')
  return { operations, fragments }
}
