import { formatMoveAddress } from '../events/formatTypeName.js'
import type { MoveCodegenProblem } from './MoveCodegenError.js'
import type { MoveModuleDeclaration, MoveStructDeclaration, MoveTypeExpression } from './parseMoveSource.js'

// A field's Move type to its JSON form and BCS layout, type paths resolved through `use`s, aliases and named addresses.

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
/** Names every Move 2024 module sees without a `use` (the chain framework's default aliases): member to address and module. */
const IMPLICIT_MEMBERS = new Map<string, readonly [string, string]>([
  ['ID', ['0x2', 'object']],
  ['UID', ['0x2', 'object']],
  ['TxContext', ['0x2', 'tx_context']],
  ['Option', ['0x1', 'option']],
])
/** Module to address. */
const IMPLICIT_MODULES = new Map([
  ['object', '0x2'],
  ['tx_context', '0x2'],
  ['transfer', '0x2'],
  ['option', '0x1'],
  ['vector', '0x1'],
])
const KNOWN_TYPES = 'String, ascii::String, ID, UID, Option, Balance, TypeName'

export interface LayoutContext {
  problems: MoveCodegenProblem[]
  addressKey: (address: string) => string | undefined
  byKey: Map<string, PackageStruct>
  /** Keys of the package's enums (`<address key>::<module>::<name>`). */
  enums: Set<string>
  packageAddress: string
  /** Address keys of the package's own modules (named or numeric), written as `packageAddress`. */
  ownAddresses: Set<string>
}

type Resolved = { kind: 'primitive'; name: string } | { kind: 'parameter'; name: string; phantom: boolean } | { kind: 'full'; key: string }

function display(type: MoveTypeExpression): string {
  const args = type.typeArguments.length === 0 ? '' : `<${type.typeArguments.map(display).join(', ')}>`
  return `${type.path.join('::')}${args}`
}

function report(context: LayoutContext, owner: PackageStruct, type: MoveTypeExpression, verb: string, message: string): undefined {
  const problem = `cannot ${verb} \`${display(type)}\` in struct ${owner.struct.name}: ${message}`
  context.problems.push({ file: owner.module.file, line: type.line, message: problem })
  return undefined
}

function resolvePath(type: MoveTypeExpression, owner: PackageStruct, context: LayoutContext): Resolved | string {
  const { path } = type
  const { module } = owner
  let full: readonly [address: string, module: string, name: string]
  if (path.length === 1) {
    const name = path[0] as string
    const parameter = owner.struct.typeParameters.find((candidate) => candidate.name === name)
    if (parameter) return { kind: 'parameter', name, phantom: parameter.phantom }
    if (PRIMITIVES.has(name) || name === 'vector' || name === 'signer') return { kind: 'primitive', name }
    const member = module.uses.members.get(name)
    const implicit = IMPLICIT_MEMBERS.get(name)
    if (member) full = [member.address, member.module, member.name]
    else if (module.structs.some((struct) => struct.name === name) || module.enums.has(name)) full = [module.address, module.name, name]
    else if (implicit) full = [...implicit, name]
    else return `unknown type \`${name}\` (no struct of this module, no \`use\` brings it in)`
  } else if (path.length === 2) {
    const [alias, name] = path as [string, string]
    const aliased = module.uses.modules.get(alias)
    const implicit = IMPLICIT_MODULES.get(alias)
    if (aliased) full = [aliased.address, aliased.module, name]
    else if (alias === 'Self') full = [module.address, module.name, name]
    else if (implicit) full = [implicit, alias, name]
    else return `unknown module \`${alias}\` (no \`use\` brings it in)`
  } else if (path.length === 3) {
    full = path as [string, string, string]
  } else {
    return `\`${path.join('::')}\` is not a type path`
  }
  const address = context.addressKey(full[0])
  return address ? { kind: 'full', key: `${address}::${full[1]}::${full[2]}` } : `unknown named address \`${full[0]}\``
}

export function layoutOf(type: MoveTypeExpression, owner: PackageStruct, context: LayoutContext): Layout | undefined {
  const fail = (message: string) => report(context, owner, type, 'type', message)
  const arity = (count: number): boolean => {
    if (type.typeArguments.length === count) return true
    fail(`expected ${count} type argument${count === 1 ? '' : 's'}, found ${type.typeArguments.length}`)
    return false
  }
  const [first] = type.typeArguments
  const wrapped = (kind: 'vector' | 'option'): Layout | undefined => {
    const element = arity(1) ? layoutOf(first as MoveTypeExpression, owner, context) : undefined
    return element && { kind, element }
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
    if (resolved.name === 'vector') return wrapped('vector')
    return arity(0) ? { kind: 'primitive', name: resolved.name as Primitive } : undefined
  }
  const { key } = resolved
  const builtin = BUILTINS.get(key)
  if (builtin) return arity(0) ? { kind: 'builtin', name: builtin } : undefined
  if (key === `${STD}::option::Option`) return wrapped('option')
  if (key === `${SUI}::balance::Balance`) {
    const coin = arity(1) ? nameOf(first as MoveTypeExpression, owner, context) : undefined
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
  if (typeof resolved === 'string') return report(context, owner, type, 'name', resolved)
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
