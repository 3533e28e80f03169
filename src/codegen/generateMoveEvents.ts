import { formatMoveAddress } from '../events/formatTypeName.js'
import { isMoveAddress } from '../events/parseTypeName.js'
import { MoveCodegenError, type MoveCodegenProblem } from './MoveCodegenError.js'
import { readMoveToml } from './readMoveToml.js'
import {
  parseMoveSource,
  type MoveModuleDeclaration,
  type MoveStructDeclaration,
  type MoveTypeExpression,
} from './parseMoveSource.js'

/**
 * A Move package as text: its `Move.toml` (optional) and its `sources/*.move` files.
 *
 * @example
 * const pkg: MovePackageText = {
 *   manifest: readFileSync('move/market/Move.toml', 'utf8'),
 *   sources: [{ path: 'sources/market.move', text: readFileSync('move/market/sources/market.move', 'utf8') }],
 * }
 * const code = generateMoveEvents(pkg)
 */
export interface MovePackageText {
  /** Text of `Move.toml`. */
  manifest?: string | undefined
  /** The sources, each with the path shown in messages and comments (e.g. `sources/market.move`). */
  sources: readonly { path: string; text: string }[]
}

/**
 * Options of `generateMoveEvents` (and of `codegenMove` and the `chainx codegen-move` command).
 *
 * @example
 * // Move.toml names the package address `0x0` (not yet published): give the published one
 * const code = generateMoveEvents(readMovePackage('move/market'), { address: '0xc0ffee', runtime: 'chainx-sdk/move' })
 */
export interface GenerateMoveEventsOptions {
  /**
   * The package's address, when `Move.toml` does not give it (its named address is `0x0` or `_`)
   * or to override it.
   * @default the package's named address in `Move.toml`
   */
  address?: string | undefined
  /**
   * Module the generated file imports the runtime from.
   * @default 'chainx-sdk/move'
   */
  runtime?: string | undefined
  /**
   * How the package is named in the header comment (a path, for instance).
   * @default the package name in `Move.toml`
   */
  source?: string | undefined
}

type Primitive = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'address'

/** A field type with a known JSON form and BCS layout. */
type Layout =
  | { kind: 'primitive'; name: Primitive }
  | { kind: 'vector' | 'option'; element: Layout }
  | { kind: 'builtin'; name: 'ID' | 'UID' | 'string' | 'asciiString' | 'typeName' }
  | { kind: 'balance'; coin: string }
  | { kind: 'parameter'; name: string }
  | { kind: 'struct'; target: PackageStruct; typeArguments: ({ layout: Layout } | { name: string })[] }

interface PackageStruct {
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
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await registry PACKAGE_ADDRESS'.split(
    ' ',
  ),
)

/**
 * Generates the TypeScript definitions of a Move package's events: for every struct with `copy`
 * and `drop` (the structs an event can be) and every struct they contain, the type of its
 * `parsedJson` (spec 6.2), a zod/mini validator and a @mysten/bcs decoder (through the
 * `chainx-sdk/move` runtime), its full type name and, for a generic struct, `of(...)` and
 * `typeName(...)` to bind type arguments. The file exports one object per module, keyed by
 * struct name, plus `registry` and `PACKAGE_ADDRESS`. Throws `MoveCodegenError` listing, with
 * file and line, every syntax or type it cannot read; it never guesses a layout.
 *
 * @example
 * const code = generateMoveEvents({
 *   manifest: '[package]\nname = "demo"\n[addresses]\ndemo = "0x0"',
 *   sources: [{ path: 'sources/market.move', text: 'module demo::market;\npublic struct Listed has copy, drop { price: u64 }' }],
 * }, { address: '0xc0ffee' })
 * // export const market = { Listed: … }; market.Listed.type === '0x…c0ffee::market::Listed'
 */
export function generateMoveEvents(pkg: MovePackageText, options: GenerateMoveEventsOptions = {}): string {
  const manifest = readMoveToml(pkg.manifest ?? '')
  const problems: MoveCodegenProblem[] = []
  const modules: MoveModuleDeclaration[] = []
  for (const source of [...pkg.sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    try {
      modules.push(...parseMoveSource(source.text, source.path))
    } catch (error) {
      if (!(error instanceof MoveCodegenError)) throw error
      problems.push(...error.problems)
    }
  }
  if (problems.length > 0) throw new MoveCodegenError(problems)
  if (modules.length === 0) throw new MoveCodegenError([{ file: 'sources', line: 1, message: 'no Move module found' }])

  const ownNames = new Set(modules.map((module) => module.address).filter((address) => !isMoveAddress(address)))
  const addressKey = (address: string): string | undefined => {
    if (isMoveAddress(address)) return formatMoveAddress(address)
    const value = manifest.addresses.get(address) ?? (address === 'std' ? '0x1' : address === 'sui' ? '0x2' : undefined)
    if (value !== undefined && isMoveAddress(value) && !/^0x0*$/.test(value)) return formatMoveAddress(value)
    return ownNames.has(address) ? `@${address}` : undefined
  }
  const first = modules[0] as MoveModuleDeclaration
  const packageAddress = resolvePackageAddress(options.address, modules.map((module) => addressKey(module.address)))
  if (!packageAddress) {
    throw new MoveCodegenError([
      {
        file: 'Move.toml',
        line: 1,
        message: `the package has no address (named address \`${first.address}\` is unset or 0x0): pass --address 0x…`,
      },
    ])
  }
  const byKey = new Map<string, PackageStruct>()
  const enums = new Map<string, { module: MoveModuleDeclaration; line: number }>()
  const moduleKeys = new Map<MoveModuleDeclaration, string>()
  for (const module of modules) {
    const key = `${addressKey(module.address)}::${module.name}`
    moduleKeys.set(module, key)
    for (const struct of module.structs) byKey.set(`${key}::${struct.name}`, { module, struct })
    for (const [name, line] of module.enums) enums.set(`${key}::${name}`, { module, line })
  }
  const ownAddresses = new Set([...moduleKeys.values()].map((key) => key.split('::')[0] as string))
  const context: Context = { problems, addressKey, byKey, enums, moduleKeys, packageAddress, ownAddresses }
  const order: PackageStruct[] = []
  const layouts = new Map<PackageStruct, Map<string, Layout | undefined>>()
  const visit = (target: PackageStruct) => {
    if (layouts.has(target)) return
    const fields = new Map<string, Layout | undefined>()
    layouts.set(target, fields)
    for (const field of target.struct.fields) {
      if (field.name === '__proto__') {
        problems.push({ file: target.module.file, line: field.line, message: 'a field named __proto__ cannot be a JavaScript object key' })
        continue
      }
      const layout = layoutOf(field.type, target, context)
      fields.set(field.name, layout)
      if (layout) forEachStruct(layout, visit)
    }
    order.push(target)
  }
  for (const module of modules) {
    for (const struct of module.structs) {
      if (struct.abilities.includes('copy') && struct.abilities.includes('drop')) {
        if (struct.native) problems.push({ file: module.file, line: struct.line, message: `native struct ${struct.name} has no fields to type` })
        else visit(byKey.get(`${moduleKeys.get(module)}::${struct.name}`) as PackageStruct)
      }
    }
  }
  const interfaces = new Map<string, PackageStruct>()
  for (const target of order) {
    const other = interfaces.get(interfaceName(target))
    if (other) {
      problems.push({
        file: target.module.file,
        line: target.struct.line,
        message: `${target.module.name}::${target.struct.name} and ${other.module.name}::${other.struct.name} would both be named ${interfaceName(target)}`,
      })
    }
    interfaces.set(interfaceName(target), target)
  }
  for (const module of modules) {
    if (RESERVED.has(module.name)) {
      problems.push({ file: module.file, line: module.line, message: `module name \`${module.name}\` cannot be an exported name of the generated file` })
    }
  }
  if (problems.length > 0) throw new MoveCodegenError(problems)
  return emit(order, layouts, {
    packageAddress,
    runtime: options.runtime ?? 'chainx-sdk/move',
    source: options.source ?? manifest.name ?? first.address,
  })
}

function resolvePackageAddress(address: string | undefined, keys: (string | undefined)[]): string | undefined {
  if (address !== undefined) {
    if (!isMoveAddress(address)) throw new MoveCodegenError([{ file: '--address', line: 1, message: `not an address: ${address}` }])
    return formatMoveAddress(address)
  }
  const numeric = [...new Set(keys.filter((key): key is string => key !== undefined && !key.startsWith('@')))]
  return numeric.length === 1 && keys.every((key) => key === numeric[0]) ? numeric[0] : undefined
}

interface Context {
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

function resolvePath(type: MoveTypeExpression, owner: PackageStruct, context: Context): Resolved | string {
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

function layoutOf(type: MoveTypeExpression, owner: PackageStruct, context: Context): Layout | undefined {
  const fail = (message: string): undefined => {
    context.problems.push({ file: owner.module.file, line: type.line, message: `cannot type \`${display(type)}\` in struct ${owner.struct.name}: ${message}` })
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
function nameOf(type: MoveTypeExpression, owner: PackageStruct, context: Context): string | undefined {
  const resolved = resolvePath(type, owner, context)
  if (typeof resolved === 'string') {
    context.problems.push({ file: owner.module.file, line: type.line, message: `cannot name \`${display(type)}\` in struct ${owner.struct.name}: ${resolved}` })
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

function forEachStruct(layout: Layout, visit: (target: PackageStruct) => void): void {
  if (layout.kind === 'vector' || layout.kind === 'option') forEachStruct(layout.element, visit)
  else if (layout.kind === 'struct') {
    visit(layout.target)
    for (const argument of layout.typeArguments) if ('layout' in argument) forEachStruct(argument.layout, visit)
  }
}

function pascal(name: string): string {
  return name
    .split('_')
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')
}

const interfaceName = (target: PackageStruct) => `${pascal(target.module.name)}${target.struct.name}`
const constName = (target: PackageStruct) => `$${target.module.name}$${target.struct.name}`

function tsType(layout: Layout): string {
  switch (layout.kind) {
    case 'primitive':
      return layout.name === 'bool' ? 'boolean' : layout.name === 'u8' || layout.name === 'u16' || layout.name === 'u32' ? 'number' : 'string'
    case 'vector':
      return `Array<${tsType(layout.element)}>`
    case 'option':
      return `${tsType(layout.element)} | null`
    case 'builtin':
      return layout.name === 'UID' ? '{ id: string }' : layout.name === 'typeName' ? '{ name: string }' : 'string'
    case 'balance':
      return 'string'
    case 'parameter':
      return layout.name
    case 'struct': {
      const args = layout.typeArguments.flatMap((argument) => ('layout' in argument ? [tsType(argument.layout)] : []))
      return `${interfaceName(layout.target)}${args.length === 0 ? '' : `<${args.join(', ')}>`}`
    }
  }
}

function runtimeType(layout: Layout): string {
  switch (layout.kind) {
    case 'primitive':
    case 'builtin':
      return `$t.${layout.name}`
    case 'vector':
    case 'option':
      return `$t.${layout.kind}(${runtimeType(layout.element)})`
    case 'balance':
      return `$t.balance(\`${layout.coin}\`)`
    case 'parameter':
      return `$${layout.name}`
    case 'struct': {
      if (layout.typeArguments.length === 0) return constName(layout.target)
      const args = layout.typeArguments.map((argument) => ('layout' in argument ? runtimeType(argument.layout) : `\`${argument.name}\``))
      return `${constName(layout.target)}.of(${args.join(', ')})`
    }
  }
}

function docLines(text: string | undefined, indent: string): string[] {
  return text ? text.split('\n').map((line) => `${indent} * ${line.replaceAll('*/', '*\\/')}`.trimEnd()) : []
}

function emit(
  order: PackageStruct[],
  layouts: Map<PackageStruct, Map<string, Layout | undefined>>,
  options: { packageAddress: string; runtime: string; source: string },
): string {
  const out: string[] = [
    '',
    '/** Address of the package whose types these are (long form). */',
    `export const PACKAGE_ADDRESS = '${options.packageAddress}'`,
  ]
  const byModule = new Map<string, PackageStruct[]>()
  for (const target of order) {
    const list = byModule.get(target.module.name) ?? []
    list.push(target)
    byModule.set(target.module.name, list)
    const { struct, module } = target
    const fields = layouts.get(target) as Map<string, Layout>
    const valueParameters = struct.typeParameters.filter((parameter) => !parameter.phantom)
    const generics = valueParameters.length === 0 ? '' : `<${valueParameters.map((parameter) => `${parameter.name} = unknown`).join(', ')}>`
    out.push(
      '',
      '/**',
      ` * \`parsedJson\` of \`${module.address}::${module.name}::${struct.name}\` (${module.file}:${struct.line}).`,
      ...(struct.doc ? [' *', ...docLines(struct.doc, '')] : []),
      ' */',
      `export interface ${interfaceName(target)}${generics} {`,
      ...[...fields].map(([name, layout]) => `  ${name}: ${tsType(layout)}`),
      '}',
    )
    const fieldList = [...fields].map(([name, layout]) => `${name}: ${runtimeType(layout)}`).join(', ')
    const common = `package: PACKAGE_ADDRESS, module: '${module.name}', name: '${struct.name}'`
    if (struct.typeParameters.length === 0) {
      out.push('', `const ${constName(target)} = $struct<${interfaceName(target)}>({ ${common}, fields: { ${fieldList} } })`)
    } else {
      const parameters = struct.typeParameters
        .map((parameter) => (parameter.phantom ? `$${parameter.name}: $MoveTypeArgument` : `$${parameter.name}: $MoveType<${parameter.name}>`))
        .join(', ')
      const jsonType = `${interfaceName(target)}${valueParameters.length === 0 ? '' : `<${valueParameters.map((parameter) => parameter.name).join(', ')}>`}`
      const typeParameters = valueParameters.length === 0 ? '' : `<${valueParameters.map((parameter) => parameter.name).join(', ')}>`
      const args = struct.typeParameters.map((parameter) => `$${parameter.name}`).join(', ')
      out.push(
        '',
        `function ${constName(target)}$of${typeParameters}(${parameters}): $MoveStruct<${jsonType}> {`,
        `  return $struct<${jsonType}>({ ${common}, typeArguments: [${args}], fields: { ${fieldList} } })`,
        '}',
        `const ${constName(target)} = $generic(${constName(target)}$of, [${struct.typeParameters.map((parameter) => `'${parameter.name}'`).join(', ')}])`,
      )
    }
  }
  const moduleNames = [...byModule.keys()].sort()
  for (const name of moduleNames) {
    const targets = byModule.get(name) as PackageStruct[]
    const module = (targets[0] as PackageStruct).module
    const example = targets[0] as PackageStruct
    out.push(
      '',
      '/**',
      ` * The event structs of module \`${module.address}::${name}\` (${module.file}), keyed by struct name.`,
      ' *',
      ' * @example',
      ` * const page = await client.events.query({ filter: { MoveEventType: ${name}.${example.struct.name}.type }, parse: ${name}.${example.struct.name} })`,
      ' */',
      `export const ${name} = {`,
    )
    for (const target of [...targets].sort((a, b) => a.struct.line - b.struct.line)) {
      if (target.struct.doc) out.push('  /**', ...docLines(target.struct.doc, '  '), '   */')
      out.push(`  ${target.struct.name}: ${constName(target)},`)
    }
    out.push('} as const')
  }
  out.push(
    '',
    '/**',
    ' * Every definition above, looked up by event type: `registry.decode(event)` types an event of any of',
    ' * them (a union discriminated by `name`), `{ verify: true }` also checks `parsedJson` against `bcs`.',
    ' *',
    ' * @example',
    ' * const decoded = registry.decode(event, { verify: true })',
    ' */',
    `export const registry = $registry({ ${moduleNames.join(', ')} })`,
    '',
  )
  const body = out.join('\n')
  const imports = RUNTIME_IMPORTS.filter(([, alias]) => new RegExp(`\\${alias}\\b`).test(body))
  return [
    `// Generated by \`chainx codegen-move\` from the Move package ${options.source}. Do not edit: run the generator again.`,
    'import {',
    ...imports.map(([name, alias]) => `  ${name} as ${alias},`),
    `} from '${options.runtime}'`,
    body,
  ].join('\n')
}

const RUNTIME_IMPORTS: [string, string][] = [
  ['genericMoveStruct', '$generic'],
  ['moveRegistry', '$registry'],
  ['moveStruct', '$struct'],
  ['moveTypes', '$t'],
  ['typeNameOf', '$typeNameOf'],
  ['type MoveStruct', '$MoveStruct'],
  ['type MoveType', '$MoveType'],
  ['type MoveTypeArgument', '$MoveTypeArgument'],
]
