import { formatMoveAddress } from '../events/formatTypeName.js'
import type { MoveCodegenProblem } from './MoveCodegenError.js'
import type { MoveModuleDeclaration, MoveStructDeclaration, MoveTypeExpression } from './parseMoveSource.js'

// How a field's Move type maps to a known JSON form and BCS layout: resolving type paths
// through `use`s, implicit aliases and named addresses, and reporting what cannot be typed.

export type Primitive = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address'

/** A field type with a known JSON form and BCS layout. */
export type Layout =
  | { kind: 'primitive'; name: Primitive }
  | { kind: 'vector' | 'option'; element: Layout }
  | { kind: 'builtin'; name: 'ID' | 'UID' | 'string' | 'asciiString' | 'typeName' }
  | { kind: 'balance'; coin: string }
  | { kind: 'parameter'; name: string }
  | { kind: 'struct'; target: PackageStruct; typeArguments: ({ layout: Layout } | { name: string })[] }

export interface PackageStruct {
  module: MoveModuleDeclaration
  struct: MoveStructDeclaration
}

const PRIMITIVES = new Set(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address'])
const STD = formatMoveAddress('0x1')
const SUI = formatMoveAddress('0x2')
const BUILTINS = new Map<string, 'ID' | 'UID' | 'string' | 'asciiString' | 'typeName'>([
  [`${STD}::string::String`, 'string'],
  [`${STD}::ascii::String`, 'asciiString'],
  [`${STD}::type_name::TypeName`, 'typeName'],
  [`${SUI}::object::ID`, 'ID'],
  [`${SUI}::object::UID`, 'UID'],
])
/** Names every Move 2024 module sees without a `use` (the chain framework's default aliases). */
const IMPLICIT_MEMBERS = new Map([
  ['ID', `${SUI}::object::ID`],
  ['UID', `${SUI}::object::UID`],
  ['TxContext', `${SUI}::tx_context::TxContext`],
  ['Option', `${STD}::option::Option`],
])
const IMPLICIT_MODULES = new Map([
  ['object', `${SUI}::object`],
  ['tx_context', `${SUI}::tx_context`],
  ['transfer', `${SUI}::transfer`],
  ['option', `${STD}::option`],
  ['vector', `${STD}::vector`],
])
const KNOWN_TYPES = 'String, ascii::String, ID, UID, Option, Balance, TypeName'

export interface LayoutContext {
  problems: MoveCodegenProblem[]
  addressKey: (address: string) => string | undefined
  byKey: Map<string, PackageStruct>
  enums: Map<string, { module: MoveModuleDeclaration; line: number }>
  moduleKeys: Map<MoveModuleDeclaration, string>
  packageAddress: string
  /** Address keys of the package's own modules (named or numeric), written as `packageAddress`. */
  ownAddresses: Set<string>
}

type Resolved = { kind: 'primitive'; name: string } | { kind: 'parameter'; name: string; phantom: boolean } | { kind: 'full'; key: string }

function display(type: MoveTypeExpression): string {
  const args = type.typeArguments.length === 0 ? '' : `<${type.typeArguments.map(display).join(', ')}>`
  return `${type.path.join('::')}${args}`
}

function resolvePath(type: MoveTypeExpression, owner: PackageStruct, context: LayoutContext): Resolved | string {
  const { path } = type
  const { module } = owner
  if (path.length === 1) {
    const name = path[0] as string
    const parameter = owner.struct.typeParameters.find((candidate) => candidate.name === name)
    if (parameter) return { kind: 'parameter', name, phantom: parameter.phantom }
    if (PRIMITIVES.has(name) || name === 'vector' || name === 'signer') return { kind: 'primitive', name }
    const member = module.uses.members.get(name)
    if (member) {
      const address = context.addressKey(member.address)
      return address ? { kind: 'full', key: `${address}::${member.module}::${member.name}` } : `unknown named address \`${member.address}\``
    }
    const own = context.moduleKeys.get(module) as string
    if (module.structs.some((struct) => struct.name === name) || module.enums.has(name)) return { kind: 'full', key: `${own}::${name}` }
    const implicit = IMPLICIT_MEMBERS.get(name)
    if (implicit) return { kind: 'full', key: implicit }
    return `unknown type \`${name}\` (no struct of this module, no \`use\` brings it in)`
  }
  if (path.length === 2) {
    const [alias, name] = path as [string, string]
    const aliased = module.uses.modules.get(alias)
    if (aliased) {
      const address = context.addressKey(aliased.address)
      return address ? { kind: 'full', key: `${address}::${aliased.module}::${name}` } : `unknown named address \`${aliased.address}\``
    }
    if (alias === 'Self') return { kind: 'full', key: `${context.moduleKeys.get(module)}::${name}` }
    const implicit = IMPLICIT_MODULES.get(alias)
    if (implicit) return { kind: 'full', key: `${implicit}::${name}` }
    return `unknown module \`${alias}\` (no \`use\` brings it in)`
  }
  if (path.length === 3) {
    const [address, moduleName, name] = path as [string, string, string]
    const key = context.addressKey(address)
    return key ? { kind: 'full', key: `${key}::${moduleName}::${name}` } : `unknown named address \`${address}\``
  }
  return `\`${path.join('::')}\` is not a type path`
}

export function layoutOf(type: MoveTypeExpression, owner: PackageStruct, context: LayoutContext): Layout | undefined {
  const fail = (message: string): undefined => {
    context.problems.push({
      file: owner.module.file,
      line: type.line,
      message: `cannot type \`${display(type)}\` in struct ${owner.struct.name}: ${message}`,
    })
    return undefined
  }
  const arity = (count: number): boolean => {
    if (type.typeArguments.length === count) return true
    fail(`expected ${count} type argument${count === 1 ? '' : 's'}, found ${type.typeArguments.length}`)
    return false
  }
  const resolved = resolvePath(type, owner, context)
  if (typeof resolved === 'string') return fail(resolved)
  if (resolved.kind === 'parameter') {
    if (!arity(0)) return undefined
    if (resolved.phantom) return fail(`phantom parameter ${resolved.name} cannot be a field type`)
    return { kind: 'parameter', name: resolved.name }
  }
  if (resolved.kind === 'primitive') {
    if (resolved.name === 'signer') return fail('a signer cannot be stored in a struct')
    if (resolved.name === 'vector') {
      if (!arity(1)) return undefined
      const element = layoutOf(type.typeArguments[0] as MoveTypeExpression, owner, context)
      return element && { kind: 'vector', element }
    }
    return arity(0) ? { kind: 'primitive', name: resolved.name as Primitive } : undefined
  }
  const { key } = resolved
  const builtin = BUILTINS.get(key)
  if (builtin) return arity(0) ? { kind: 'builtin', name: builtin } : undefined
  if (key === `${STD}::option::Option`) {
    if (!arity(1)) return undefined
    const element = layoutOf(type.typeArguments[0] as MoveTypeExpression, owner, context)
    return element && { kind: 'option', element }
  }
  if (key === `${SUI}::balance::Balance`) {
    if (!arity(1)) return undefined
    const coin = nameOf(type.typeArguments[0] as MoveTypeExpression, owner, context)
    return coin === undefined ? undefined : { kind: 'balance', coin }
  }
  const target = context.byKey.get(key)
  if (target) {
    if (target.struct.native) return fail(`native struct ${target.struct.name} has no fields to type`)
    if (!arity(target.struct.typeParameters.length)) return undefined
    const typeArguments: ({ layout: Layout } | { name: string })[] = []
    for (const [index, parameter] of target.struct.typeParameters.entries()) {
      const argument = type.typeArguments[index] as MoveTypeExpression
      if (parameter.phantom) {
        const name = nameOf(argument, owner, context)
        if (name === undefined) return undefined
        typeArguments.push({ name })
      } else {
        const layout = layoutOf(argument, owner, context)
        if (!layout) return undefined
        typeArguments.push({ layout })
      }
    }
    return { kind: 'struct', target, typeArguments }
  }
  if (context.enums.has(key)) return fail('enums have no JSON form in this generator yet')
  return fail(`it is not declared in this package and is not a framework type whose JSON form is known (${KNOWN_TYPES})`)
}

/** The type name of a type in a phantom position, as the body of a template literal. */
function nameOf(type: MoveTypeExpression, owner: PackageStruct, context: LayoutContext): string | undefined {
  const resolved = resolvePath(type, owner, context)
  if (typeof resolved === 'string') {
    context.problems.push({
      file: owner.module.file,
      line: type.line,
      message: `cannot name \`${display(type)}\` in struct ${owner.struct.name}: ${resolved}`,
    })
    return undefined
  }
  const args: string[] = []
  for (const argument of type.typeArguments) {
    const name = nameOf(argument, owner, context)
    if (name === undefined) return undefined
    args.push(name)
  }
  const suffix = args.length === 0 ? '' : `<${args.join(', ')}>`
  if (resolved.kind === 'parameter') return `\${$typeNameOf($${resolved.name})}`
  if (resolved.kind === 'primitive') return `${resolved.name}${suffix}`
  const [address, ...rest] = resolved.key.split('::')
  return `${context.ownAddresses.has(address as string) ? context.packageAddress : address}::${rest.join('::')}${suffix}`
}

export function forEachStruct(layout: Layout, visit: (target: PackageStruct) => void): void {
  if (layout.kind === 'vector' || layout.kind === 'option') forEachStruct(layout.element, visit)
  else if (layout.kind === 'struct') {
    visit(layout.target)
    for (const argument of layout.typeArguments) if ('layout' in argument) forEachStruct(argument.layout, visit)
  }
}
