import { bcs, BcsType, fromHex, toHex } from '@mysten/bcs'
import * as z from 'zod/mini'

/**
 * One Move type (spec 6.2): its name, a zod/mini validator of its JSON form `T` and a
 * @mysten/bcs type whose `parse` yields that same JSON form. Generated definitions are built from these.
 *
 * @example
 * moveTypes.u64.json.parse('5') // '5'
 * moveTypes.u64.bcs.parse(new Uint8Array(8)) // '0'
 */
export interface MoveType<T = unknown> {
  /** The Move type name, addresses in long form (`u64`, `0x…01::string::String`). */
  readonly type: string
  /** Validator of the JSON form (the type of `parsedJson` fields). */
  readonly json: z.ZodMiniType<T>
  /** BCS layout; `parse` yields the JSON form, `serialize` also takes bigints and numbers for integers. */
  readonly bcs: BcsType<T, any>
}

/**
 * A type argument of a generic struct: a definition (a non-phantom parameter needs its layout)
 * or, for a phantom parameter, just the type name.
 *
 * @example
 * const arg: MoveTypeArgument = '0x2::sui::SUI'
 */
export type MoveTypeArgument = string | { readonly type: string }

const ADDRESS_JSON = /^0x[0-9a-f]{64}$/
const DECIMAL = /^(?:0|[1-9][0-9]*)$/
const FRAMEWORK = (address: 1 | 2) => `0x${String(address).padStart(64, '0')}`

function moveType<T>(type: string, json: z.ZodMiniType<T>, layout: BcsType<T, any>): MoveType<T> {
  return Object.freeze({ type, json, bcs: layout })
}

function unsignedJson(bits: 8 | 16 | 32): z.ZodMiniType<number> {
  return z.int().check(z.gte(0), z.lte(2 ** bits - 1))
}

function bigUnsignedJson(bits: 64 | 128 | 256): z.ZodMiniType<string> {
  const limit = 1n << BigInt(bits)
  return z.string().check(
    z.regex(DECIMAL, `expected a u${bits} as a decimal string`),
    z.refine((value) => value.length <= 78 && BigInt(value) < limit, `out of range for u${bits}`),
  )
}

const addressLayout = bcs.bytes(32).transform({
  name: 'address',
  input: (value: string) => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new TypeError(`Invalid address: ${String(value)}`)
    return fromHex(value.slice(2).padStart(64, '0'))
  },
  output: (bytes) => `0x${toHex(bytes)}`,
})
const addressJson = z.string().check(z.regex(ADDRESS_JSON, 'expected a 0x address of 64 lower-case hex digits'))
const address = moveType('address', addressJson, addressLayout)
const u64 = moveType('u64', bigUnsignedJson(64), bcs.u64())

/**
 * The Move types every package can use, with their JSON form (spec 6.2): `u8`/`u16`/`u32`
 * numbers; `u64`/`u128`/`u256` decimal strings; `bool`; `address` and `ID` `0x` strings of 64
 * hex digits; `String` (utf8 and ascii) strings; `UID` `{ id }`; `Balance<T>` its value as a
 * u64 string; `TypeName` `{ name }`; `vector<T>` arrays; `Option<T>` the value or `null`.
 *
 * @example
 * const Pair = moveStruct<{ a: string; b: number[] }>({
 *   package: '0x2', module: 'm', name: 'Pair', fields: { a: moveTypes.u64, b: moveTypes.vector(moveTypes.u8) },
 * })
 */
export const moveTypes = {
  bool: moveType('bool', z.boolean(), bcs.bool()),
  u8: moveType('u8', unsignedJson(8), bcs.u8()),
  u16: moveType('u16', unsignedJson(16), bcs.u16()),
  u32: moveType('u32', unsignedJson(32), bcs.u32()),
  u64,
  u128: moveType('u128', bigUnsignedJson(128), bcs.u128()),
  u256: moveType('u256', bigUnsignedJson(256), bcs.u256()),
  address,
  /** `0x2::object::ID`: an address on the wire and in JSON. */
  ID: moveType(`${FRAMEWORK(2)}::object::ID`, addressJson, addressLayout),
  /** `0x2::object::UID`: `{ id }` in JSON. */
  UID: moveType(`${FRAMEWORK(2)}::object::UID`, z.strictObject({ id: addressJson }), bcs.struct('UID', { id: addressLayout })),
  /** `0x1::string::String` (UTF-8). */
  string: moveType(`${FRAMEWORK(1)}::string::String`, z.string(), bcs.string()),
  /** `0x1::ascii::String`. */
  asciiString: moveType(`${FRAMEWORK(1)}::ascii::String`, z.string(), bcs.string()),
  /** `0x1::type_name::TypeName`: `{ name }` in JSON. */
  typeName: moveType(
    `${FRAMEWORK(1)}::type_name::TypeName`,
    z.strictObject({ name: z.string() }),
    bcs.struct('TypeName', { name: bcs.string() }),
  ),
  /**
   * `0x2::balance::Balance<T>`: its `value` (a u64) as a decimal string in JSON.
   * @example
   * moveTypes.balance('0x2::sui::SUI').type // '0x…02::balance::Balance<0x2::sui::SUI>'
   */
  balance: (coin: MoveTypeArgument): MoveType<string> =>
    moveType(`${FRAMEWORK(2)}::balance::Balance<${typeNameOf(coin)}>`, u64.json, u64.bcs),
  /**
   * `vector<T>`: an array in JSON.
   * @example
   * moveTypes.vector(moveTypes.u8).json.parse([1, 2]) // [1, 2]
   */
  vector: <T>(element: MoveType<T>): MoveType<T[]> => moveType(`vector<${element.type}>`, z.array(element.json), bcs.vector(element.bcs)),
  /**
   * `0x1::option::Option<T>`: the value or `null` in JSON.
   * @example
   * moveTypes.option(moveTypes.u64).json.parse(null) // null
   */
  option: <T>(element: MoveType<T>): MoveType<T | null> =>
    moveType(
      `${FRAMEWORK(1)}::option::Option<${element.type}>`,
      z.nullable(element.json),
      bcs.option(element.bcs) as BcsType<T | null, any>,
    ),
  /**
   * An unbound type parameter of an open generic definition: any JSON, no BCS layout (decoding
   * or encoding it throws until the definition is given type arguments with `of`).
   * @example
   * moveTypes.typeParameter('T').type // 'T'
   */
  typeParameter: (name: string): MoveType<unknown> => {
    const noLayout = () => {
      throw new TypeError(`type parameter ${name} has no layout: give the type arguments with .of(...)`)
    }
    return moveType(name, z.unknown(), new BcsType<unknown, unknown>({ name, read: noLayout, write: noLayout }))
  },
} as const

/**
 * The type name of a type argument (a definition's `type`, or the string itself).
 *
 * @example
 * typeNameOf(moveTypes.u64) // 'u64'
 * typeNameOf('0x2::sui::SUI') // '0x2::sui::SUI'
 */
export function typeNameOf(argument: MoveTypeArgument): string {
  return typeof argument === 'string' ? argument : argument.type
}
