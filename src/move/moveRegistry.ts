import { MoveEventError } from '../errors/MoveEventError.js'
import { formatMoveAddress, formatTypeName } from '../events/formatTypeName.js'
import type { MoveStructTag, MoveTypeTag } from '../events/parseTypeName.js'
import { tryParseStructTag, type MoveStruct } from './moveStruct.js'
import { moveTypes, type MoveType, type MoveTypeArgument } from './moveType.js'

const OPTION = `${formatMoveAddress('0x1')}::option::Option`
const BALANCE = `${formatMoveAddress('0x2')}::balance::Balance`
const BUILTINS = new Map<string, MoveType<unknown>>(
  [moveTypes.string, moveTypes.asciiString, moveTypes.typeName, moveTypes.ID, moveTypes.UID].map((type) => [type.type, type]),
)

/** Generated modules: module name to struct name to definition. */
export type MoveModules = Readonly<Record<string, Readonly<Record<string, MoveStruct<any>>>>>

/** The JSON type a definition reads. */
export type MoveJsonOf<D> = D extends MoveStruct<infer T> ? T : never

/**
 * An event as the JSON-RPC API and subscriptions give it (`type`, `parsedJson`, `bcs`), or a
 * GraphQL `events` node (`type { repr }`, `json`, `bcs`).
 *
 * @example
 * const node: MoveEventInput = { type: { repr: '0x2::m::E' }, json: { a: 1 }, bcs: 'AQ==' }
 */
export type MoveEventInput =
  | { type: string; parsedJson: unknown; bcs: string; bcsEncoding?: 'base64' | 'base58' | undefined }
  | { type: { repr: string }; json: unknown; bcs: string }

/**
 * A decoded event: `name` (`'<module>::<Struct>'`) discriminates the union of the registry's
 * structs; `parsedJson` is typed and checked, `type` is the full type, `event` the input.
 *
 * @example
 * const decoded = registry.decode(event)
 * if (decoded.name === 'market::Listed') console.log(decoded.parsedJson.price)
 */
export type DecodedMoveEvent<M extends MoveModules, E = MoveEventInput> = {
  [Module in keyof M & string]: {
    [Struct in keyof M[Module] & string]: {
      name: `${Module}::${Struct}`
      module: Module
      struct: Struct
      type: string
      parsedJson: MoveJsonOf<M[Module][Struct]>
      event: E
    }
  }[keyof M[Module] & string]
}[keyof M & string]

/** Options of `registry.decode`. */
export interface DecodeMoveEventOptions {
  /**
   * Also decode the `bcs` payload and require it to equal the JSON, else `MoveEventError` (as for
   * an open generic definition, whose non-phantom type parameters have no layout).
   * @default false
   */
  verify?: boolean | undefined
}

/**
 * All generated definitions of a package, looked up by event type.
 *
 * @example
 * for (const event of page.items) {
 *   const decoded = registry.decode(event, { verify: true })
 *   if (decoded.name === 'market::Sold') console.log(decoded.parsedJson.buyer)
 * }
 */
export interface MoveRegistry<M extends MoveModules> {
  /** The modules, as given. */
  readonly modules: M
  /**
   * The definition of an event type, if the registry has it: a generic struct bound to the type's
   * arguments when their layouts are known (`moveTypes` and the registry's structs), else open.
   */
  get(type: string): MoveStruct<unknown> | undefined
  /** Checks and types one event (JSON-RPC or GraphQL shape); throws `MoveEventError` for an unknown type or a payload that does not fit. */
  decode<E extends MoveEventInput>(event: E, options?: DecodeMoveEventOptions): DecodedMoveEvent<M, E>
}

/**
 * Builds the registry of generated modules; generated files export one for the package.
 *
 * @example
 * const registry = moveRegistry({ market })
 * registry.get(market.Listed.type) === market.Listed // true
 */
export function moveRegistry<const M extends MoveModules>(modules: M): MoveRegistry<M> {
  const byType = new Map<string, { module: string; struct: string; definition: MoveStruct<unknown> }>()
  for (const [module, structs] of Object.entries(modules)) {
    for (const [struct, definition] of Object.entries(structs)) byType.set(definition.baseType, { module, struct, definition })
  }
  const bound = new Map<string, MoveStruct<unknown>>()
  const structOf = (tag: MoveStructTag) => byType.get(`${formatMoveAddress(tag.address)}::${tag.module}::${tag.name}`)
  /** A type argument as a definition when its layout is known, else its name (enough for a phantom parameter). */
  const argumentOf = (tag: MoveTypeTag): MoveTypeArgument => layoutOf(tag) ?? formatTypeName(tag)
  const wrapped = (kind: 'vector' | 'option', element: MoveTypeTag) => {
    const layout = layoutOf(element)
    return layout && moveTypes[kind](layout)
  }
  const layoutOf = (tag: MoveTypeTag): MoveType<unknown> | undefined => {
    if (tag.kind === 'primitive') return tag.name === 'signer' ? undefined : moveTypes[tag.name]
    if (tag.kind === 'vector') return wrapped('vector', tag.element)
    const name = `${formatMoveAddress(tag.address)}::${tag.module}::${tag.name}`
    const [first] = tag.typeArguments
    const builtin = BUILTINS.get(name)
    if (builtin) return builtin
    if (name === OPTION && first) return wrapped('option', first)
    if (name === BALANCE && first) return moveTypes.balance(formatTypeName(first))
    const entry = byType.get(name)
    return entry && bind(entry.definition, tag)
  }
  const bind = (definition: MoveStruct<unknown>, tag: MoveStructTag): MoveStruct<unknown> | undefined => {
    const of = (definition as { of?: (...args: MoveTypeArgument[]) => MoveStruct<unknown> }).of
    if (!definition.open || !of || tag.typeArguments.length !== definition.typeParameters) return definition.open ? undefined : definition
    const key = formatTypeName(tag)
    let result = bound.get(key)
    if (!result) {
      try {
        result = of(...tag.typeArguments.map(argumentOf))
      } catch {
        return undefined
      }
      if (bound.size >= 1_000) bound.clear()
      bound.set(key, result)
    }
    return result
  }
  const lookup = (type: string) => {
    const tag = tryParseStructTag(type)
    const entry = tag && structOf(tag)
    return entry && { ...entry, definition: bind(entry.definition, tag) ?? entry.definition }
  }
  return {
    modules,
    get: (type) => lookup(type)?.definition,
    decode<E extends MoveEventInput>(event: E, options: DecodeMoveEventOptions = {}): DecodedMoveEvent<M, E> {
      if (typeof event !== 'object' || event === null) throw new MoveEventError({ eventType: String(event), reason: 'not an event object' })
      const input = event as { type?: unknown; parsedJson?: unknown; json?: unknown; bcs?: unknown; bcsEncoding?: unknown }
      const repr = typeof input.type === 'object' && input.type !== null ? (input.type as { repr?: unknown }).repr : input.type
      const type = typeof repr === 'string' ? repr : ''
      const entry = lookup(type)
      if (!entry) throw new MoveEventError({ eventType: type, reason: 'no generated definition for this type' })
      const json = 'parsedJson' in input ? input.parsedJson : input.json
      let parsedJson: unknown
      try {
        parsedJson = entry.definition.parse(json)
      } catch (cause) {
        throw new MoveEventError({ eventType: type, reason: 'the JSON does not fit the struct', cause })
      }
      if (options.verify) {
        if (typeof input.bcs !== 'string') throw new MoveEventError({ eventType: type, reason: 'the event has no bcs payload' })
        const decoded = entry.definition.decode(input.bcs, input.bcsEncoding === 'base58' ? 'base58' : 'base64')
        const difference = firstDifference(parsedJson, decoded, '')
        if (difference !== undefined) {
          throw new MoveEventError({ eventType: type, reason: `the JSON and the BCS payload disagree at ${difference || 'the root'}` })
        }
      }
      const { module, struct } = entry
      return { name: `${module}::${struct}`, module, struct, type, parsedJson, event } as DecodedMoveEvent<M, E>
    },
  }
}

/** Path of the first place two JSON values differ, or undefined when they are equal. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (a === b) return undefined
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return path
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key)) return `${path}/${key}`
    const inner = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}/${key}`)
    if (inner !== undefined) return inner
  }
  return undefined
}
