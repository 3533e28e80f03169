import { BcsType, bcs } from '@mysten/bcs'
import { encodeBase64 } from './encodeBase64.js'
import type { NewEvent } from './Ledger.js'
import type { TransactionDegradation } from './types.js'
import { normalizeAddress } from './moveAddress.js'
import { formatMoveType, normalizeMoveType, parseMoveType } from './moveTypes.js'
import { toMoveJson, type MoveStructLayout } from './moveValue.js'

/** A generic event struct: its fields and how many type parameters it takes. */
export interface GenericEventStruct {
  typeParameters: number
  fields: MoveStructLayout
}

/** An event struct declaration: plain fields, or a generic struct. */
export type EventStructDefinition = MoveStructLayout | GenericEventStruct

/** What `publish` takes: a module of a package and the event structs it declares. */
export interface PublishInput {
  /**
   * Package address; when omitted, the address the generated definitions in `events` name
   * (`chainx codegen-move`), else a fresh one. Publishing more modules to the same package is allowed.
   */
  package?: string
  module: string
  /**
   * Event structs by name, e.g. `{ Listed: { price: bcs.u64(), seller: moveAddress } }`, or a
   * generated module object (`events: market`, from `chainx codegen-move`).
   */
  events?: Record<string, EventStructDefinition>
}

/** A published module: canonical package address and the full type of each event struct. */
export interface PublishedModule {
  package: string
  module: string
  /** Struct name to `<package>::<module>::<Struct>`. */
  eventTypes: Record<string, string>
}

/** One `event::emit` call: the struct (by name in the calling module, `module::Struct` or full type) and its field values. */
export interface EmitInput {
  struct: string
  /** Type arguments of a generic struct, e.g. `['0x2::sui::SUI']`. */
  typeArguments?: readonly string[]
  fields: Record<string, unknown>
}

/** A transaction call: who calls which function, and the events the call emits. */
export interface ExecuteInput {
  sender: string
  /** Package of the called module; may be omitted when the module name is unique, or given as `module: '<package>::<module>'`. */
  package?: string
  module: string
  /** Called function. @default 'run' */
  function?: string
  /** Events emitted by the call, in order (`event::emit`). */
  emit?: readonly EmitInput[]
  gasPrice?: bigint
  gasBudget?: bigint
  /** Objects the transaction touched (for the JSON-RPC `Object` filter). */
  objects?: readonly string[]
  /** Addresses that received objects (for the JSON-RPC `Recipient` and `ToAddress` filters). */
  recipients?: readonly string[]
  /** Records it as a failed transaction with this error (`effects.status`). */
  failure?: string
  /**
   * Served degraded by the read API, as the real one serves a transaction it cannot load whole:
   * the `missing` fields left out, a message in `errors` (docs/testing.md).
   * @default undefined (served whole)
   */
  degraded?: TransactionDegradation
}

/** Package metadata readable through GraphQL (MovePackage). */
export interface PackageInfo {
  address: string
  version: number
  digest: string
}

const SERIALIZE_OPTIONS = { initialSize: 128, allocateSize: 256 }

interface StructInfo {
  type: string
  typeParameters: number
  layout: MoveStructLayout
  bcsType: BcsType<any, any>
}

/** The package a generated definition (chainx-sdk/move) names, if `events` holds one; checks its module. */
function generatedPackage(events: PublishInput['events'], module: string): string | undefined {
  let pkg: string | undefined
  for (const definition of Object.values(events ?? {})) {
    const generated = definition as { package?: unknown; module?: unknown }
    if (typeof generated.package !== 'string') continue
    if (generated.module !== module) throw new TypeError(`Definition of module ${String(generated.module)} published as module ${module}`)
    pkg ??= generated.package
  }
  return pkg
}

function isGeneric(definition: EventStructDefinition): definition is GenericEventStruct {
  const candidate = definition as Partial<GenericEventStruct>
  return typeof candidate.typeParameters === 'number' && !!candidate.fields && !(candidate.fields instanceof BcsType)
}

/**
 * The published Move packages of a mock network and their event structs. Turns an emit call
 * into an event with real BCS (via @mysten/bcs) and JSON whose big integers are strings.
 *
 * @example
 * const packages = new MovePackages(() => ledger.newAddress(), () => ledger.newDigest())
 * const market = packages.publish({ module: 'market', events: { Listed: { price: bcs.u64() } } })
 * packages.buildEvent(market, { struct: 'Listed', fields: { price: 5n } }).parsedJson // { price: '5' }
 */
export class MovePackages {
  readonly #packages = new Map<string, PackageInfo>()
  readonly #structs = new Map<string, StructInfo>()
  readonly #modules = new Set<string>()
  /** One string instance per event type, so events share it (memory, map lookups). */
  readonly #typeNames = new Map<string, string>()
  readonly #resolved = new Map<string, { struct: StructInfo; typeArguments: string[] }>()
  readonly #newAddress: () => string
  readonly #newDigest: () => string

  constructor(newAddress: () => string, newDigest: () => string) {
    this.#newAddress = newAddress
    this.#newDigest = newDigest
  }

  /** Declares a module and its event structs. */
  publish(input: PublishInput): PublishedModule {
    const address = normalizeAddress(input.package ?? generatedPackage(input.events, input.module) ?? this.#newAddress())
    let info = this.#packages.get(address)
    if (!info) {
      info = { address, version: 1, digest: this.#newDigest() }
      this.#packages.set(address, info)
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(input.module)) throw new TypeError(`Invalid module name: ${input.module}`)
    this.#modules.add(`${address}::${input.module}`)
    this.#resolved.clear()
    const eventTypes: Record<string, string> = {}
    for (const [name, definition] of Object.entries(input.events ?? {})) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`Invalid struct name: ${name}`)
      const type = `${address}::${input.module}::${name}`
      const layout = isGeneric(definition) ? definition.fields : definition
      this.#structs.set(type, {
        type,
        typeParameters: isGeneric(definition) ? definition.typeParameters : 0,
        layout,
        bcsType: bcs.struct(name, layout),
      })
      eventTypes[name] = type
    }
    return { package: address, module: input.module, eventTypes }
  }

  /** Resolves the package and module an ExecuteInput calls. */
  resolveModule(input: { package?: string; module: string }): { package: string; module: string } {
    const parts = input.module.split('::')
    if (parts.length === 2) return { package: normalizeAddress(parts[0] as string), module: parts[1] as string }
    if (input.package) return { package: normalizeAddress(input.package), module: input.module }
    const owners = [...this.#modules].filter((key) => key.endsWith(`::${input.module}`))
    if (owners.length !== 1) {
      throw new TypeError(
        owners.length === 0
          ? `Unknown module ${input.module}: publish it first`
          : `Module ${input.module} is in several packages: give the package`,
      )
    }
    return { package: (owners[0] as string).split('::')[0] as string, module: input.module }
  }

  /** The package with this address, if published. */
  packageInfo(address: string): PackageInfo | undefined {
    return this.#packages.get(address)
  }

  /** Field layout of an event type (type arguments ignored), if it was published. */
  layoutOf(type: string): MoveStructLayout | undefined {
    const generic = type.indexOf('<')
    return this.#structs.get(generic === -1 ? type : type.slice(0, generic))?.layout
  }

  /** Builds the event of one emit call made from `caller` (package and module). */
  buildEvent(caller: { package: string; module: string }, emit: EmitInput): NewEvent {
    const { struct, typeArguments } = this.#resolve(caller, emit)
    if (typeArguments.length !== struct.typeParameters) {
      throw new TypeError(`${struct.type} takes ${struct.typeParameters} type arguments, got ${typeArguments.length}`)
    }
    let bytes: Uint8Array
    try {
      bytes = struct.bcsType.serialize(emit.fields, SERIALIZE_OPTIONS).toBytes()
    } catch (error) {
      throw new TypeError(`Fields do not match ${struct.type}: ${(error as Error).message}`)
    }
    const parsedJson = toMoveJson(struct.bcsType.parse(bytes)) as Record<string, unknown>
    const type = typeArguments.length > 0 ? `${struct.type}<${typeArguments.join(', ')}>` : struct.type
    const canonicalType = this.#typeNames.get(type) ?? type
    if (canonicalType === type) this.#typeNames.set(type, type)
    return { type: canonicalType, parsedJson, bcs: encodeBase64(bytes) }
  }

  #resolve(caller: { package: string; module: string }, emit: EmitInput): { struct: StructInfo; typeArguments: string[] } {
    const cacheKey = `${caller.package}|${caller.module}|${emit.struct}|${emit.typeArguments?.join(',') ?? ''}`
    const hit = this.#resolved.get(cacheKey)
    if (hit) return hit
    const resolved = this.#resolveUncached(caller, emit)
    if (this.#resolved.size >= 10_000) this.#resolved.clear()
    this.#resolved.set(cacheKey, resolved)
    return resolved
  }

  #resolveUncached(caller: { package: string; module: string }, emit: EmitInput): { struct: StructInfo; typeArguments: string[] } {
    const pkg = normalizeAddress(caller.package)
    let name = emit.struct.replace(/\s+/g, '')
    let typeArguments = (emit.typeArguments ?? []).map(normalizeMoveType)
    const generic = name.indexOf('<')
    if (generic !== -1) {
      const tag = parseMoveType(`0x1::m::S${name.slice(generic)}`)
      if (tag.kind === 'struct') typeArguments = tag.typeParams.map(formatMoveType)
      name = name.slice(0, generic)
    }
    const parts = name.split('::')
    const type =
      parts.length >= 3
        ? `${normalizeAddress(parts[0] as string)}::${parts[1]}::${parts[2]}`
        : parts.length === 2
          ? `${pkg}::${parts[0]}::${parts[1]}`
          : `${pkg}::${caller.module}::${name}`
    const struct = this.#structs.get(type)
    if (!struct) throw new TypeError(`Unknown event struct ${type}: publish it first`)
    return { struct, typeArguments }
  }
}
