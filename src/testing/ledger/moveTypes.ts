// Move names of the mock: types, struct tags, identifiers and canonical addresses, used by
// the ledger, the GraphQL resolvers and the JSON-RPC filters alike, so `0x2` and `0x000…002`,
// or `Coin<0x2::sui::SUI>` with and without spaces, compare equal everywhere.
import { isAddress, normalizeAddress } from './moveAddress.js'

/** A parsed Move type: a primitive, a vector or a struct with type arguments. */
export type MoveTypeTag =
  | { kind: 'primitive'; name: string }
  | { kind: 'vector'; element: MoveTypeTag }
  | { kind: 'struct'; address: string; module: string; name: string; typeParams: MoveTypeTag[] }

const PRIMITIVES = new Set(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'])
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Parses a Move type such as `u64`, `vector<u8>` or `0x2::coin::Coin<0x2::sui::SUI>`.
 * Throws a TypeError on malformed input.
 *
 * @example
 * parseMoveType('0x2::coin::Coin<0x2::sui::SUI>').kind // 'struct'
 */
export function parseMoveType(text: string): MoveTypeTag {
  const source = text.replace(/\s+/g, '')
  let pos = 0
  const fail = (): never => {
    throw new TypeError(`Invalid Move type: ${text}`)
  }
  const readToken = (): string => {
    const start = pos
    while (pos < source.length && /[A-Za-z0-9_]/.test(source[pos] as string)) pos++
    if (start === pos) fail()
    return source.slice(start, pos)
  }
  const parseArgs = (): MoveTypeTag[] => {
    const args: MoveTypeTag[] = []
    if (source[pos] !== '<') return args
    pos++
    for (;;) {
      args.push(parseType())
      if (source[pos] === ',') pos++
      else if (source[pos] === '>') {
        pos++
        return args
      } else fail()
    }
  }
  const parseType = (): MoveTypeTag => {
    const head = readToken()
    if (head === 'vector') {
      const args = parseArgs()
      if (args.length !== 1) fail()
      return { kind: 'vector', element: args[0] as MoveTypeTag }
    }
    if (PRIMITIVES.has(head)) return { kind: 'primitive', name: head }
    if (!isAddress(head) || source.slice(pos, pos + 2) !== '::') return fail()
    pos += 2
    const module = readToken()
    if (source.slice(pos, pos + 2) !== '::') fail()
    pos += 2
    const name = readToken()
    if (!IDENTIFIER.test(module) || !IDENTIFIER.test(name)) fail()
    return { kind: 'struct', address: normalizeAddress(head), module, name, typeParams: parseArgs() }
  }
  const result = parseType()
  if (pos !== source.length) fail()
  return result
}

/**
 * The canonical text of a parsed type: full 64-digit addresses, type arguments joined by `, `.
 *
 * @example
 * formatMoveType(parseMoveType('0x2::coin::Coin<0x2::sui::SUI>'))
 * // '0x000…002::coin::Coin<0x000…002::sui::SUI>'
 */
export function formatMoveType(tag: MoveTypeTag): string {
  switch (tag.kind) {
    case 'primitive':
      return tag.name
    case 'vector':
      return `vector<${formatMoveType(tag.element)}>`
    case 'struct': {
      const args = tag.typeParams.length > 0 ? `<${tag.typeParams.map(formatMoveType).join(', ')}>` : ''
      return `${tag.address}::${tag.module}::${tag.name}${args}`
    }
  }
}

/**
 * Canonical text of a Move type string (see formatMoveType).
 *
 * @example
 * normalizeMoveType('0x2::sui::SUI') // '0x000…002::sui::SUI'
 */
export function normalizeMoveType(text: string): string {
  return formatMoveType(parseMoveType(text))
}

/** Depth, widest argument list and node count of a type, for the type limits of serviceConfig. */
export interface MoveTypeSize {
  depth: number
  width: number
  nodes: number
}

/**
 * Measures a parsed type: nesting depth of type arguments, the widest argument list, total nodes.
 *
 * @example
 * measureMoveType(parseMoveType('vector<u8>')) // { depth: 1, width: 1, nodes: 2 }
 */
export function measureMoveType(tag: MoveTypeTag): MoveTypeSize {
  const children = tag.kind === 'vector' ? [tag.element] : tag.kind === 'struct' ? tag.typeParams : []
  const sizes = children.map(measureMoveType)
  return {
    depth: children.length === 0 ? 0 : 1 + Math.max(...sizes.map((s) => s.depth)),
    width: Math.max(children.length, ...sizes.map((s) => s.width)),
    nodes: 1 + sizes.reduce((sum, s) => sum + s.nodes, 0),
  }
}

const STRUCT_TAG_CACHE_SIZE = 4096
const structTags = new Map<string, StructTagParts | undefined>()

/**
 * The canonical form of an address (see `normalizeAddress`); text that is not an address
 * is returned unchanged instead of throwing, so odd ledger data never breaks a query.
 *
 * @example
 * canonicalAddress('0x2') // '0x0000…0002' (64 digits)
 * canonicalAddress('alice') // 'alice'
 */
export function canonicalAddress(text: string): string {
  return isAddress(text) ? normalizeAddress(text) : text
}

/**
 * The canonical form of a Move path `address[::name[::name]]` of at most `maxParts` parts
 * (a package, a module, a struct or function), spaces ignored; `undefined` when malformed.
 *
 * @example
 * canonicalMovePath('0x2 :: coin', 2) // '0x000…002::coin'
 * canonicalMovePath('0x2::coin::Coin::x', 3) // undefined
 */
export function canonicalMovePath(text: string, maxParts: number): string | undefined {
  const [address, ...names] = text.replace(/\s+/g, '').split('::')
  if (names.length >= maxParts || address === undefined || !isAddress(address) || !names.every(isMoveIdentifier)) return undefined
  return [normalizeAddress(address), ...names].join('::')
}

/**
 * Whether `text` is a Move identifier (module or struct name).
 *
 * @example
 * isMoveIdentifier('market') // true
 */
export function isMoveIdentifier(text: string): boolean {
  return IDENTIFIER.test(text)
}

/**
 * The parts of a struct tag, each in canonical form.
 *
 * @example
 * const { module, struct, name, full } = splitStructTag(event.type) ?? fail()
 */
export interface StructTagParts {
  /** The address of the package that defines the struct. */
  address: string
  /** `<address>::<module>` of the module that defines the struct. */
  module: string
  /** `<address>::<module>::<Struct>` without type arguments. */
  struct: string
  /** The struct name alone. */
  name: string
  /** The whole type, type arguments included. */
  full: string
}

/**
 * Splits a struct tag into its defining module, base struct tag and struct name, all
 * canonical; `undefined` when `type` is not a struct tag. Results are cached, as a ledger
 * has few distinct event types.
 *
 * @example
 * splitStructTag('0x2::coin::Coin<0x2::sui::SUI>')?.name // 'Coin'
 * splitStructTag('u64') // undefined
 */
export function splitStructTag(type: string): StructTagParts | undefined {
  if (structTags.has(type)) return structTags.get(type)
  const parts = parseStructTag(type)
  if (structTags.size >= STRUCT_TAG_CACHE_SIZE) structTags.clear()
  structTags.set(type, parts)
  return parts
}

function parseStructTag(type: string): StructTagParts | undefined {
  let tag: ReturnType<typeof parseMoveType>
  try {
    tag = parseMoveType(type)
  } catch {
    return undefined
  }
  if (tag.kind !== 'struct') return undefined
  const module = `${tag.address}::${tag.module}`
  return { address: tag.address, module, struct: `${module}::${tag.name}`, name: tag.name, full: formatMoveType(tag) }
}
