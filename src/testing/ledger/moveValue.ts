import { type BcsType, fromHex, toBase64 } from '@mysten/bcs'
import type { LedgerMoveValue } from './types.js'
import { normalizeMoveType, parseMoveType, type MoveTypeTag } from './moveTypes.js'

/** The fields of a Move struct as @mysten/bcs types, e.g. `{ value: bcs.u64(), who: moveAddress }`. */
export type MoveStructLayout = Record<string, BcsType<any, any>>

const NAMED_TYPES: Record<string, string> = {
  string: '0x1::string::String',
  String: '0x1::string::String',
}

/**
 * The Move type name of a @mysten/bcs type, from its `name` (`u64`, `vector<u8>`, `string`,
 * `Option<u64>`, `address`, or a struct whose name is a full type such as `0x2::m::S`).
 *
 * @example
 * moveTypeOf(bcs.vector(bcs.u8())) // 'vector<u8>'
 * moveTypeOf(bcs.string()) // '0x1::string::String'
 */
export function moveTypeOf(type: BcsType<any, any>): string {
  return moveTypeOfName(type.name)
}

function moveTypeOfName(name: string): string {
  const named = NAMED_TYPES[name]
  if (named) return named
  const generic = /^(vector|Option)<(.+)>$/.exec(name)
  if (generic) {
    const inner = moveTypeOfName(generic[2] as string)
    return generic[1] === 'vector' ? `vector<${inner}>` : `0x1::option::Option<${inner}>`
  }
  if (name.startsWith('bytes[')) return 'vector<u8>'
  try {
    return normalizeMoveType(name)
  } catch {
    return name
  }
}

/**
 * Turns a value parsed by @mysten/bcs into plain JSON the way the service prints Move values:
 * byte arrays become number arrays, maps become objects, bigints strings; everything else is
 * kept (u64/u128/u256 are already strings, u8/u16/u32 numbers). Plain objects and arrays are
 * converted in place (parse results are fresh), so this allocates little.
 *
 * @example
 * toMoveJson(new Uint8Array([1, 2])) // [1, 2]
 */
export function toMoveJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value
  if (value instanceof Uint8Array) return Array.from(value)
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toMoveJson(v)]))
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toMoveJson(value[i])
    return value
  }
  const record = value as Record<string, unknown>
  for (const key in record) {
    const field = record[key]
    if (field !== null && (typeof field === 'object' || typeof field === 'bigint')) record[key] = toMoveJson(field)
  }
  return record
}

function addressBytes(hex: string): number[] {
  return Array.from(fromHex(hex.slice(2).padStart(64, '0')))
}

/**
 * The MoveData form (`{ Number }`, `{ Bool }`, `{ Address }`, `{ Vector }`, `{ String }`,
 * `{ Option }`, `{ UID }`, `{ ID }`, `{ Struct }`) of a JSON Move value of type `type`.
 * `layout` gives struct field types when known; otherwise struct fields are guessed from the JSON.
 *
 * @example
 * toMoveData('u64', '5') // { Number: '5' }
 * toMoveData('vector<u8>', [1]) // { Vector: [{ Number: '1' }] }
 */
export function toMoveData(type: string | MoveTypeTag, json: unknown, layout?: MoveStructLayout): unknown {
  let tag: MoveTypeTag | undefined
  try {
    tag = typeof type === 'string' ? parseMoveType(type) : type
  } catch {
    tag = undefined
  }
  if (!tag) return guessMoveData(json)
  if (tag.kind === 'primitive') {
    if (tag.name === 'bool') return { Bool: Boolean(json) }
    if (tag.name === 'address' || tag.name === 'signer') return { Address: addressBytes(String(json)) }
    return { Number: String(json) }
  }
  if (tag.kind === 'vector') {
    const element = tag.element
    return { Vector: Array.isArray(json) ? json.map((item) => toMoveData(element, item)) : [] }
  }
  const full = `${tag.module}::${tag.name}`
  if (tag.address.endsWith('1') && /^0x0{63}1$/.test(tag.address)) {
    if (full === 'string::String' || full === 'ascii::String') return { String: String(json) }
    if (full === 'option::Option') {
      return { Option: json === null || json === undefined ? null : toMoveData(tag.typeParams[0] ?? 'u8', json) }
    }
  }
  if (/^0x0{63}2$/.test(tag.address)) {
    if (full === 'object::UID') return { UID: addressBytes(readId(json)) }
    if (full === 'object::ID') return { ID: addressBytes(readId(json)) }
  }
  if (layout && json !== null && typeof json === 'object') {
    const record = json as Record<string, unknown>
    return {
      Struct: Object.entries(layout).map(([name, fieldType]) => ({ name, value: toMoveData(moveTypeOf(fieldType), record[name]) })),
    }
  }
  return guessMoveData(json)
}

function readId(json: unknown): string {
  if (typeof json === 'string') return json
  if (json && typeof json === 'object' && 'id' in json) return readId((json as { id: unknown }).id)
  return '0x0'
}

function guessMoveData(json: unknown): unknown {
  if (json === null || json === undefined) return { Option: null }
  if (typeof json === 'boolean') return { Bool: json }
  if (typeof json === 'number' || typeof json === 'bigint') return { Number: String(json) }
  if (typeof json === 'string') {
    if (/^0x[0-9a-f]{64}$/.test(json)) return { Address: addressBytes(json) }
    if (/^\d+$/.test(json)) return { Number: json }
    return { String: json }
  }
  if (Array.isArray(json)) return { Vector: json.map(guessMoveData) }
  return { Struct: Object.entries(json as Record<string, unknown>).map(([name, value]) => ({ name, value: guessMoveData(value) })) }
}

/**
 * Builds a ledger Move value (type, BCS base64, JSON, MoveData) by serializing `value` with
 * the @mysten/bcs type. `moveType` overrides the type name (needed for structs).
 *
 * @example
 * moveValue(bcs.u64(), 7n) // { type: 'u64', bcs: 'BwAAAAAAAAA=', json: '7', data: { Number: '7' } }
 */
export function moveValue(
  type: BcsType<any, any>,
  value: unknown,
  options: { moveType?: string; layout?: MoveStructLayout } = {},
): LedgerMoveValue {
  const bytes = type.serialize(value).toBytes()
  const json = toMoveJson(type.parse(bytes))
  const repr = options.moveType ? normalizeMoveType(options.moveType) : moveTypeOf(type)
  return { type: repr, bcs: toBase64(bytes), json, data: toMoveData(repr, json, options.layout) }
}
