import { MoveEventError } from '../errors/MoveEventError.js'
import { formatMoveAddress } from '../events/formatTypeName.js'
import { parseStructTag } from '../events/parseTypeName.js'
import type { MoveStruct } from './moveStruct.js'

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
 * structs, `parsedJson` is typed and checked, `type` is the full type (with type arguments),
 * `event` the input as given.
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
   * Also decode the `bcs` payload and require it to equal the JSON (they must agree; a
   * mismatch throws `MoveEventError`). For a generic struct read through its open definition,
   * non-phantom type parameters have no layout, so verifying such an event throws too.
   * @default false
   */
  verify?: boolean | undefined
}

/**
 * All generated definitions of a package, looked up by event type.
 *
 * @example
 * for (const event of page.data) {
 *   const decoded = registry.decode(event, { verify: true })
 *   if (decoded.name === 'market::Sold') console.log(decoded.parsedJson.buyer)
 * }
 */
export interface MoveRegistry<M extends MoveModules> {
  /** The modules, as given. */
  readonly modules: M
  /** The definition of an event type (type arguments ignored), if the registry has it. */
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
  const lookup = (type: string) => {
    let key: string
    try {
      const tag = parseStructTag(type)
      key = `${formatMoveAddress(tag.address)}::${tag.module}::${tag.name}`
    } catch {
      return undefined
    }
    return byType.get(key)
  }
  return {
    modules,
    get: (type) => lookup(type)?.definition,
    decode<E extends MoveEventInput>(event: E, options: DecodeMoveEventOptions = {}): DecodedMoveEvent<M, E> {
      const input = event as { type?: unknown; parsedJson?: unknown; json?: unknown; bcs?: unknown; bcsEncoding?: unknown }
      const type = typeof input.type === 'string' ? input.type : String((input.type as { repr?: unknown } | undefined)?.repr ?? '')
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
      return { name: `${entry.module}::${entry.struct}`, module: entry.module, struct: entry.struct, type, parsedJson, event } as DecodedMoveEvent<M, E>
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
