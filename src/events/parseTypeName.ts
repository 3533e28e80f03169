import { TypeNameError } from '../errors/TypeNameError.js'

const PRIMITIVES = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'] as const
/** A Move primitive type name. */
export type MovePrimitive = (typeof PRIMITIVES)[number]

/** A parsed Move type: a primitive, `vector<T>`, or a struct tag with type arguments. */
export type MoveTypeTag =
  | { kind: 'primitive'; name: MovePrimitive }
  | { kind: 'vector'; element: MoveTypeTag }
  | { kind: 'struct'; address: string; module: string; name: string; typeArguments: MoveTypeTag[] }

/** A struct tag, the only kind of type an event can have. */
export type MoveStructTag = Extract<MoveTypeTag, { kind: 'struct' }>

/** Limits of `parseTypeName`, the GraphQL service's `serviceConfig` fields of the same names. */
export interface ParseTypeNameOptions {
  /**
   * Deepest nesting of type arguments: `0x2::coin::Coin<0x2::sui::SUI>` has depth 1,
   * `vector<vector<u8>>` depth 2, a type without arguments depth 0.
   * @default 16
   */
  maxTypeArgumentDepth?: number | undefined
  /**
   * Most type arguments one struct may have.
   * @default 32
   */
  maxTypeArgumentWidth?: number | undefined
}

const WORD = /[A-Za-z0-9_]*/y
const IDENTIFIER = /^(?:[A-Za-z][A-Za-z0-9_]*|_[A-Za-z0-9_]+)$/
const ADDRESS = /^0x[0-9a-fA-F]{1,64}$/

/**
 * Parses a Move type name: primitives, `vector<T>` and struct tags `<address>::<module>::<Struct>`
 * with type arguments, within the limits; spaces and a trailing comma in type arguments are
 * allowed, as in Move. Addresses are kept as written (`formatTypeName` gives the canonical form);
 * a decimal address (below 2^256) is returned in its `0x` form.
 *
 * @throws TypeNameError (INVALID_ARGUMENT) with the position.
 *
 * @example
 * parseTypeName('vector<u8>') // { kind: 'vector', element: { kind: 'primitive', name: 'u8' } }
 */
export function parseTypeName(text: string, options: ParseTypeNameOptions = {}): MoveTypeTag {
  const maxDepth = options.maxTypeArgumentDepth ?? 16
  const maxWidth = options.maxTypeArgumentWidth ?? 32
  let at = 0

  const fail = (reason: string, position = at): never => {
    throw new TypeNameError({ text, position, reason })
  }
  const skipSpaces = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at++
  }
  const word = (): string => {
    skipSpaces()
    WORD.lastIndex = at
    const found = WORD.exec(text)?.[0] ?? ''
    at += found.length
    return found
  }
  const peek = (token: string): boolean => {
    skipSpaces()
    return text.startsWith(token, at)
  }
  const expect = (token: string) => {
    if (!peek(token)) fail(`expected '${token}'`)
    at += token.length
  }
  const identifier = (what: string): string => {
    const from = (skipSpaces(), at)
    const found = word()
    if (!IDENTIFIER.test(found)) fail(`expected ${what}`, from)
    return found
  }

  const typeArguments = (depth: number): MoveTypeTag[] => {
    if (depth > maxDepth) fail(`type arguments are nested deeper than ${maxDepth} levels`)
    expect('<')
    const list: MoveTypeTag[] = []
    for (;;) {
      if (list.length === maxWidth) fail(`more than ${maxWidth} type arguments`)
      list.push(type(depth))
      if (!peek(',')) break
      at++
      if (peek('>')) break // Move allows a trailing comma: `Pair<u8, u64,>`
    }
    expect('>')
    return list
  }

  const type = (depth: number): MoveTypeTag => {
    const start = (skipSpaces(), at)
    const head = word()
    if (head === '') fail('expected a type')
    if (head === 'vector' && peek('<')) {
      // vector<T> is no list: Move takes no trailing comma there.
      if (depth + 1 > maxDepth) fail(`type arguments are nested deeper than ${maxDepth} levels`)
      expect('<')
      const element = type(depth + 1)
      if (peek(',')) fail('vector takes exactly one type argument', start)
      expect('>')
      return { kind: 'vector', element }
    }
    if ((PRIMITIVES as readonly string[]).includes(head)) return { kind: 'primitive', name: head as MovePrimitive }
    const address = addressOf(head)
    if (address === undefined) {
      fail(`expected a primitive, vector<T> or an address (0x and 1 to 64 hex digits, or a decimal number), found '${head}'`, start)
    }
    expect('::')
    const module = identifier('a module name')
    expect('::')
    const name = identifier('a struct name')
    const args = peek('<') ? typeArguments(depth + 1) : []
    return { kind: 'struct', address: address as string, module, name, typeArguments: args }
  }

  const result = type(0)
  skipSpaces()
  if (at < text.length) fail(`unexpected '${text[at]}'`)
  return result
}

/** A struct tag's address: hex as written, or a decimal number (as Move reads it) in its 0x form. */
function addressOf(head: string): string | undefined {
  if (ADDRESS.test(head)) return head
  if (!/^[0-9]{1,78}$/.test(head)) return undefined
  const value = BigInt(head)
  return value < 2n ** 256n ? `0x${value.toString(16)}` : undefined
}

/**
 * Parses a type name that must be a struct tag (event types are), as `parseTypeName` does.
 *
 * @example
 * parseStructTag('0x2::coin::Coin<u64>').name // 'Coin'
 * parseStructTag('u64') // throws TypeNameError
 */
export function parseStructTag(text: string, options: ParseTypeNameOptions = {}): MoveStructTag {
  const tag = parseTypeName(text, options)
  if (tag.kind !== 'struct') throw new TypeNameError({ text, position: 0, reason: 'expected a struct tag <address>::<module>::<Struct>' })
  return tag
}

/** Whether `text` is a Move identifier (a module or struct name). */
export function isMoveIdentifier(text: string): boolean {
  return IDENTIFIER.test(text)
}

/** Whether `text` is a Move address or object ID: `0x` and 1 to 64 hex digits. */
export function isMoveAddress(text: string): boolean {
  return ADDRESS.test(text)
}
