import { bcs, type BcsType } from '@mysten/bcs'
import { moveAddress } from '../moveAddress.js'
import type { MoveStructLayout } from '../moveValue.js'

// The runtime the dataset's generated definitions (datasetEvents.ts) are built on: the same
// exports as chainx-sdk/move, reduced to the BCS layouts that `publish` reads. The full runtime
// also builds zod validators, and chainx-sdk/testing loads without zod installed; addresses use
// the ledger's interning `moveAddress`, so 100k generated events share their address strings.

/** A Move type as the dataset needs it: its BCS layout, decoding to the JSON type `T`. */
export type MoveType<T> = BcsType<T, any>

/** A type argument: a type name, or a definition that has one. */
export type MoveTypeArgument = string | { readonly type: string }

/** A struct definition: where it is declared, its type parameter count and its field layouts. */
export interface MoveStruct<T> {
  readonly package: string
  readonly module: string
  readonly name: string
  readonly typeParameters: number
  readonly fields: MoveStructLayout
  /** The whole struct's layout. */
  readonly bcs: BcsType<T, any>
}

/** The field types the generator writes for the dataset's structs. */
export const moveTypes = {
  bool: bcs.bool(),
  u8: bcs.u8(),
  u16: bcs.u16(),
  u32: bcs.u32(),
  u64: bcs.u64(),
  u128: bcs.u128(),
  u256: bcs.u256(),
  address: moveAddress,
  string: bcs.string(),
  vector: <T>(element: MoveType<T>): MoveType<T[]> => bcs.vector(element) as MoveType<T[]>,
}

/** The definition of one struct, as generated code declares it. */
export function moveStruct<T>(options: {
  package: string
  module: string
  name: string
  typeArguments?: readonly MoveTypeArgument[]
  fields: { [K in keyof T]-?: MoveType<T[K]> }
}): MoveStruct<T> {
  const fields = options.fields as MoveStructLayout
  return Object.freeze({
    package: options.package,
    module: options.module,
    name: options.name,
    typeParameters: options.typeArguments?.length ?? 0,
    fields,
    bcs: bcs.struct(options.name, fields) as unknown as BcsType<T, any>,
  })
}

/** The open definition of a generic struct (its type parameters unbound), with `of` to bind them. */
export function genericMoveStruct<F extends (...typeArguments: any[]) => MoveStruct<any>>(
  of: F,
  parameters: readonly string[],
): ReturnType<F> & { readonly of: F } {
  return Object.freeze({ ...of(...parameters), of }) as ReturnType<F> & { readonly of: F }
}

/** Every generated module, by module name. */
export function moveRegistry<M extends Record<string, Record<string, MoveStruct<any>>>>(modules: M): Readonly<M> {
  return Object.freeze({ ...modules })
}
