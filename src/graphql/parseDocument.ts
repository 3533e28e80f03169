import { InvalidArgumentError } from '../errors/request.js'

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
  | { kind: 'Field'; name: string; responseKey: string; arguments: ArgumentNode[]; directives: ArgumentNode[]; selections?: SelectionNode[] }
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

// Punctuators, names, numbers, strings (block strings first), and the spread.
const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|("""(?:\\"""|[^])*?"""|"(?:\\.|[^"\\\n\r])*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)|(\.\.\.|[!$&():=@[\]{}|])/y

type Token = { type: 'string' | 'number' | 'name' | 'punct'; text: string; at: number }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex
    const match = TOKEN.exec(source)
    if (!match) throw syntaxError(`unexpected character ${JSON.stringify(source[at])}`, at)
    const [, string, number, name, punct] = match
    if (string !== undefined) tokens.push({ type: 'string', text: string, at })
    else if (number !== undefined) tokens.push({ type: 'number', text: number, at })
    else if (name !== undefined) tokens.push({ type: 'name', text: name, at })
    else if (punct !== undefined) tokens.push({ type: 'punct', text: punct, at })
  }
  return tokens
}

function syntaxError(message: string, at: number): InvalidArgumentError {
  return new InvalidArgumentError(`GraphQL syntax error at offset ${at}: ${message}`)
}

/**
 * Parses the executable definitions of a GraphQL document (operations and fragments) into
 * the small tree the SDK's checks need. It is not a validator: the service validates; this
 * keeps graphql-js's 35 kB parser out of the browser bundle.
 *
 * @example
 * const { operations } = parseDocument('query Q($id: UInt53) { epoch(id: $id) { epochId } }')
 * operations[0].variables[0].name // 'id'
 */
export function parseDocument(source: string): ParsedDocument {
  const tokens = tokenize(source)
  let position = 0
  const operations: OperationNode[] = []
  const fragments = new Map<string, FragmentNode>()

  const peek = (text?: string): Token | undefined => {
    const token = tokens[position]
    return text === undefined || token?.text === text ? token : undefined
  }
  const next = (): Token => {
    const token = tokens[position++]
    if (!token) throw syntaxError('unexpected end of document', source.length)
    return token
  }
  const expect = (text: string): Token => {
    const token = next()
    if (token.text !== text) throw syntaxError(`expected "${text}", found "${token.text}"`, token.at)
    return token
  }
  const name = (): string => {
    const token = next()
    if (token.type !== 'name') throw syntaxError(`expected a name, found "${token.text}"`, token.at)
    return token.text
  }
  const skip = (text: string): boolean => {
    if (!peek(text)) return false
    position++
    return true
  }

  function value(): ValueNode {
    const token = next()
    if (token.text === '$') return { kind: 'Variable', name: name() }
    if (token.text === '[') {
      const values: ValueNode[] = []
      while (!skip(']')) values.push(value())
      return { kind: 'List', values }
    }
    if (token.text === '{') {
      const fields: ValueNode[] = []
      while (!skip('}')) {
        name()
        expect(':')
        fields.push(value())
      }
      return { kind: 'Object', fields }
    }
    if (token.type === 'number' && /^-?\d+$/.test(token.text)) return { kind: 'Int', value: Number(token.text) }
    if (token.type === 'punct') throw syntaxError(`unexpected "${token.text}"`, token.at)
    return { kind: 'Other' }
  }

  function args(): ArgumentNode[] {
    const list: ArgumentNode[] = []
    if (!skip('(')) return list
    while (!skip(')')) {
      const argName = name()
      expect(':')
      list.push({ name: argName, value: value() })
    }
    return list
  }

  function directives(): ArgumentNode[] {
    const list: ArgumentNode[] = []
    while (skip('@')) {
      name()
      list.push(...args())
    }
    return list
  }

  function type(): boolean {
    if (skip('[')) {
      type()
      expect(']')
    } else {
      name()
    }
    return skip('!')
  }

  function selectionSet(): SelectionNode[] {
    expect('{')
    const selections: SelectionNode[] = []
    while (!skip('}')) selections.push(selection())
    if (selections.length === 0) throw syntaxError('empty selection set', tokens[position - 1]?.at ?? 0)
    return selections
  }

  function selection(): SelectionNode {
    if (skip('...')) {
      if (peek('on')) {
        position++
        name()
        return { kind: 'InlineFragment', directives: directives(), selections: selectionSet() }
      }
      if (peek('@') || peek('{')) return { kind: 'InlineFragment', directives: directives(), selections: selectionSet() }
      return { kind: 'FragmentSpread', name: name(), directives: directives() }
    }
    // `alias: field`: the alias is the response key.
    const responseKey = name()
    const fieldName = skip(':') ? name() : responseKey
    const fieldArgs = args()
    const fieldDirectives = directives()
    const field: SelectionNode = { kind: 'Field', name: fieldName, responseKey, arguments: fieldArgs, directives: fieldDirectives }
    if (peek('{')) field.selections = selectionSet()
    return field
  }

  while (position < tokens.length) {
    const token = peek() as Token
    if (token.text === '{') {
      operations.push({ kind: 'Operation', name: undefined, variables: [], directives: [], selections: selectionSet() })
    } else if (token.text === 'query' || token.text === 'mutation' || token.text === 'subscription') {
      position++
      const operationName = peek()?.type === 'name' ? name() : undefined
      const variables: VariableDefinitionNode[] = []
      if (skip('(')) {
        while (!skip(')')) {
          expect('$')
          const variableName = name()
          expect(':')
          const nonNull = type()
          const hasDefault = skip('=')
          if (hasDefault) value()
          directives()
          variables.push({ name: variableName, nonNull, hasDefault })
        }
      }
      operations.push({ kind: 'Operation', name: operationName, variables, directives: directives(), selections: selectionSet() })
    } else if (token.text === 'fragment') {
      position++
      const fragmentName = name()
      if (name() !== 'on') throw syntaxError('expected "on"', tokens[position - 1]?.at ?? 0)
      name()
      directives()
      fragments.set(fragmentName, { kind: 'Fragment', name: fragmentName, selections: selectionSet() })
    } else {
      throw syntaxError(`unexpected "${token.text}"`, token.at)
    }
  }
  if (operations.length === 0) throw syntaxError('no operation in document', 0)
  return { operations, fragments }
}
