import { bcs, type BcsType, fromBase58, fromBase64 } from '@mysten/bcs'
import * as z from 'zod/mini'
import { MoveEventError } from '../errors/MoveEventError.js'
import { formatMoveAddress, formatTypeName } from '../events/formatTypeName.js'
import { parseStructTag, parseTypeName, type MoveStructTag } from '../events/parseTypeName.js'
import { moveTypes, typeNameOf, type MoveType, type MoveTypeArgument } from './moveType.js'

/**
 * What `moveStruct` takes: where the struct is declared, its type arguments (for a generic
 * struct) and the Move type of each field, in declaration order (BCS is positional).
 *
 * @example
 * const options: MoveStructOptions<{ price: string }> = { package: '0x2', module: 'market', name: 'Listed', fields: { price: moveTypes.u64 } }
 */
export interface MoveStructOptions<T> {
  /** Address of the package that declares the struct. */
  package: string
  module: string
  name: string
  /**
   * Type arguments, one per type parameter (phantom or not).
   * @default [] (a struct without type parameters)
   */
  typeArguments?: readonly MoveTypeArgument[] | undefined
  /** Each field's Move type, in declaration order. */
  fields: { [K in keyof T]-?: MoveType<T[K]> }
}

/**
 * A generated event struct definition: a `parse` option for every event API (it types
 * `parsedJson`), a decoder of the `bcs` field to the same JSON shape, and its type name; the mock
 * network's `publish` accepts it too.
 *
 * @example
 * const page = await client.events.query({ filter: { MoveEventType: market.Listed.type }, parse: market.Listed })
 * market.Listed.decode(page.items[0].bcs) // the same object as page.items[0].parsedJson
 */
export interface MoveStruct<T> extends MoveType<T> {
  /** Package address, long form. */
  readonly package: string
  readonly module: string
  readonly name: string
  /** `<package>::<module>::<name>` without type arguments, long addresses. */
  readonly baseType: string
  /** Number of type parameters (phantom or not). */
  readonly typeParameters: number
  /** Whether type arguments are missing (a generic definition not built with `of`): `type` is then `baseType`. */
  readonly open: boolean
  /** BCS layout of each field, in declaration order. */
  readonly fields: Readonly<Record<string, BcsType<any, any>>>
  /** Move type of each field, in declaration order. */
  readonly fieldTypes: Readonly<Record<string, MoveType<unknown>>>
  /** Checks an event's `parsedJson` (throws a ZodError when it does not fit) and returns it typed. */
  parse(value: unknown): T
  /** Decodes the event's `bcs` field into the JSON shape of `parsedJson`; `MoveEventError` unless the bytes are exactly one value. */
  decode(bytes: string | Uint8Array, encoding?: 'base64' | 'base58'): T
  /**
   * Builds the full type name from type arguments, as the service prints types.
   * @example
   * market.PriceUpdated.typeName('0x2::sui::SUI') // '0x…::market::PriceUpdated<0x0…02::sui::SUI>'
   */
  typeName(...typeArguments: MoveTypeArgument[]): string
  /** Whether an event type is this struct (any type arguments when `open`, else exactly these). */
  matches(type: string): boolean
}

const placeholders = new WeakSet<object>()

/**
 * Builds the definition of one Move struct; generated files call it, one call per struct.
 *
 * @example
 * const Listed = moveStruct<{ price: string }>({ package: '0x2', module: 'market', name: 'Listed', fields: { price: moveTypes.u64 } })
 * Listed.parse({ price: '5' })
 */
export function moveStruct<T>(options: MoveStructOptions<T>): MoveStruct<T> {
  const pkg = formatMoveAddress(options.package)
  const baseType = `${pkg}::${options.module}::${options.name}`
  const typeArguments = options.typeArguments ?? []
  const open = typeArguments.some((argument) => typeof argument !== 'string' && placeholders.has(argument))
  const typeName = (...args: MoveTypeArgument[]): string =>
    args.length === 0 ? baseType : `${baseType}<${args.map((argument) => serviceForm(typeNameOf(argument))).join(', ')}>`
  const type = open ? baseType : typeName(...typeArguments)
  const fieldTypes = options.fields as Record<string, MoveType<unknown>>
  const fields: Record<string, BcsType<any, any>> = {}
  const shapes: Record<string, z.ZodMiniType<unknown>> = {}
  for (const [field, fieldType] of Object.entries(fieldTypes)) {
    if (typeof fieldType !== 'object' || fieldType === null || !fieldType.bcs || !fieldType.json) {
      throw new TypeError(
        `${baseType}: field ${field} needs a type with a layout (a moveTypes entry or a definition), got ${String(fieldType)}`,
      )
    }
    fields[field] = fieldType.bcs
    shapes[field] = fieldType.json
  }
  const json = z.strictObject(shapes) as unknown as z.ZodMiniType<T>
  const layout = bcs.struct(options.name, fields) as unknown as BcsType<T, any>
  const canonical = open ? undefined : formatTypeName(parseStructTag(type))
  return Object.freeze({
    type,
    json,
    bcs: layout,
    package: pkg,
    module: options.module,
    name: options.name,
    baseType,
    typeParameters: typeArguments.length,
    open,
    fields: Object.freeze(fields),
    fieldTypes: Object.freeze({ ...fieldTypes }),
    parse: (value: unknown): T => json.parse(value),
    decode: (bytes: string | Uint8Array, encoding: 'base64' | 'base58' = 'base64'): T => decodeBcs(layout, type, bytes, encoding),
    typeName,
    matches: (eventType: string): boolean => {
      const tag = tryParseStructTag(eventType)
      if (!tag || `${formatMoveAddress(tag.address)}::${tag.module}::${tag.name}` !== baseType) return false
      return canonical === undefined || formatTypeName(tag) === canonical
    },
  })
}

/**
 * Builds the open definition of a generic struct from its `of` function: it reads any
 * instantiation's `parsedJson` (fields of non-phantom type parameters unchecked), and `of` binds
 * type arguments.
 *
 * @example
 * const Box = genericMoveStruct(<T>(T: MoveType<T>) => moveStruct<{ value: T }>({
 *   package: '0x2', module: 'box', name: 'Box', typeArguments: [T], fields: { value: T },
 * }), ['T'])
 * Box.of(moveTypes.u64).type // '0x…02::box::Box<u64>'
 * @typeParam F - The `of` function: type arguments to the definition of that instantiation.
 */
export function genericMoveStruct<F extends (...typeArguments: any[]) => MoveStruct<any>>(
  of: F,
  parameters: readonly string[],
): ReturnType<F> & { readonly of: F } {
  const unbound = parameters.map((name) => moveTypes.typeParameter(name))
  for (const parameter of unbound) placeholders.add(parameter)
  return Object.freeze({ ...of(...unbound), of }) as ReturnType<F> & { readonly of: F }
}

function decodeBcs<T>(layout: BcsType<T, any>, type: string, bytes: string | Uint8Array, encoding: 'base64' | 'base58'): T {
  try {
    const raw = typeof bytes === 'string' ? (encoding === 'base58' ? fromBase58(bytes) : fromBase64(bytes)) : bytes
    const value = layout.parse(raw)
    const left = raw.length - layout.serialize(value).toBytes().length
    if (left !== 0) throw new TypeError(`${left} bytes left over after the struct`)
    return value
  } catch (cause) {
    throw new MoveEventError({ eventType: type, reason: 'the BCS payload does not decode as this struct', cause })
  }
}

/** A type name as the service prints it: long addresses, `, ` between type arguments (kept as given when it does not parse). */
function serviceForm(type: string): string {
  try {
    return formatTypeName(parseTypeName(type)).replaceAll(',', ', ')
  } catch {
    return type
  }
}

/** The struct tag of an event type, or undefined when the type is not one. */
export function tryParseStructTag(type: string): MoveStructTag | undefined {
  try {
    return parseStructTag(type)
  } catch {
    return undefined
  }
}
