import { formatMoveAddress } from '../events/formatTypeName.js'
import { isMoveAddress } from '../events/parseTypeName.js'
import { MoveCodegenError, type MoveCodegenProblem } from './MoveCodegenError.js'
import { forEachStruct, layoutOf, type Layout, type LayoutContext, type PackageStruct } from './moveLayout.js'
import { parseMoveSource, type MoveModuleDeclaration } from './parseMoveSource.js'
import { readMoveToml } from './readMoveToml.js'
import { emitMoveEvents, interfaceName } from './emitMoveEvents.js'

/**
 * A Move package as text: its `Move.toml` (optional) and its `sources/*.move` files.
 *
 * @example
 * const pkg: MovePackageText = { manifest, sources: [{ path: 'sources/market.move', text: marketSource }] }
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
 * const code = generateMoveEvents(readMovePackage('move/market'), { address: '0xc0ffee', runtime: 'chainx-sdk/move' })
 */
export interface GenerateMoveEventsOptions {
  /**
   * The package's address, when `Move.toml` does not give it (`0x0` or `_`) or to override it.
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

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await registry PACKAGE_ADDRESS'.split(
    ' ',
  ),
)

/**
 * Generates the TypeScript definitions of a Move package's events: for every struct with `copy` and
 * `drop` and every struct they contain, the type of its `parsedJson` (spec 6.2), a validator, a BCS
 * decoder and its type name; one object per module, `registry` and `PACKAGE_ADDRESS`. Throws
 * `MoveCodegenError` listing every syntax or type it cannot read; it never guesses a layout.
 *
 * @example
 * const text = 'module demo::market;\npublic struct Listed has copy, drop { price: u64 }'
 * const code = generateMoveEvents({ sources: [{ path: 'sources/market.move', text }] }, { address: '0xc0ffee' })
 */
export function generateMoveEvents(pkg: MovePackageText, options: GenerateMoveEventsOptions = {}): string {
  const manifest = readMoveToml(pkg.manifest ?? '')
  const problems: MoveCodegenProblem[] = []
  const report = (file: string, line: number, message: string) => problems.push({ file, line, message })
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
  const packageAddress = resolvePackageAddress(
    options.address,
    modules.map((module) => addressKey(module.address)),
  )
  if (!packageAddress) {
    const message = `the package has no address (named address \`${first.address}\` is unset or 0x0): pass --address 0x…`
    throw new MoveCodegenError([{ file: 'Move.toml', line: 1, message }])
  }
  const byKey = new Map<string, PackageStruct>()
  const enums = new Set<string>()
  const ownAddresses = new Set<string>()
  for (const module of modules) {
    const address = addressKey(module.address) as string
    ownAddresses.add(address)
    for (const struct of module.structs) byKey.set(`${address}::${module.name}::${struct.name}`, { module, struct })
    for (const name of module.enums.keys()) enums.add(`${address}::${module.name}::${name}`)
  }
  const context: LayoutContext = { problems, addressKey, byKey, enums, packageAddress, ownAddresses }
  const order: PackageStruct[] = []
  const layouts = new Map<PackageStruct, Map<string, Layout | undefined>>()
  const visit = (target: PackageStruct) => {
    if (layouts.has(target)) return
    const fields = new Map<string, Layout | undefined>()
    layouts.set(target, fields)
    for (const field of target.struct.fields) {
      if (field.name === '__proto__') {
        report(target.module.file, field.line, 'a field named __proto__ cannot be a JavaScript object key')
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
        if (struct.native) report(module.file, struct.line, `native struct ${struct.name} has no fields to type`)
        else visit(byKey.get(`${addressKey(module.address)}::${module.name}::${struct.name}`) as PackageStruct)
      }
    }
  }
  const interfaces = new Map<string, PackageStruct>()
  for (const target of order) {
    const other = interfaces.get(interfaceName(target))
    if (other) {
      const message = `${target.module.name}::${target.struct.name} and ${other.module.name}::${other.struct.name} would both be named ${interfaceName(target)}`
      report(target.module.file, target.struct.line, message)
    }
    interfaces.set(interfaceName(target), target)
  }
  for (const module of modules) {
    if (RESERVED.has(module.name))
      report(module.file, module.line, `module name \`${module.name}\` cannot be an exported name of the generated file`)
  }
  if (problems.length > 0) throw new MoveCodegenError(problems)
  return emitMoveEvents(order, layouts, {
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
  // Every module at one numeric address.
  const [first] = keys
  return first !== undefined && !first.startsWith('@') && keys.every((key) => key === first) ? first : undefined
}
