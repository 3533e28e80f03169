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
