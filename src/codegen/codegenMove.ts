import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { generateMoveEvents, type GenerateMoveEventsOptions } from './generateMoveEvents.js'
import { MoveCodegenError } from './MoveCodegenError.js'

/**
 * Options of `codegenMove`: those of `generateMoveEvents`, and where to write.
 *
 * @example
 * const options: CodegenMoveOptions = { out: 'src/generated/market.ts', address: '0xc0ffee' }
 */
export interface CodegenMoveOptions extends GenerateMoveEventsOptions {
  /**
   * File to write the generated TypeScript to.
   * @default undefined (only returned)
   */
  out?: string | undefined
}

/**
 * Reads a Move package directory (`Move.toml` and `sources/**\/*.move`) and generates its event
 * definitions (see `generateMoveEvents`), writing them to `out` when given. What `npx chainx
 * codegen-move <dir> --out <file.ts>` runs.
 *
 * @example
 * import { codegenMove } from 'chainx-sdk/codegen'
 * const code = codegenMove('move/market', { out: 'src/generated/market.ts', address: '0xc0ffee' })
 */
export function codegenMove(directory: string, options: CodegenMoveOptions = {}): string {
  const code = generateMoveEvents(readMovePackage(directory), options)
  if (options.out !== undefined) writeFileSync(options.out, code)
  return code
}

/**
 * The text of a Move package directory: `Move.toml` (when present) and every `.move` file under
 * `sources/`, with paths relative to the directory (`sources/market.move`).
 *
 * @example
 * const pkg = readMovePackage('examples/move')
 * pkg.sources.map((source) => source.path) // ['sources/market.move']
 */
export function readMovePackage(directory: string): { manifest: string | undefined; sources: { path: string; text: string }[] } {
  const manifestPath = join(directory, 'Move.toml')
  const sourcesPath = join(directory, 'sources')
  if (!existsSync(sourcesPath)) {
    const file = relative(process.cwd(), sourcesPath) || 'sources'
    throw new MoveCodegenError([{ file, line: 1, message: 'no sources/ directory: is this a Move package?' }])
  }
  const sources = readdirSync(sourcesPath, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.move') && statSync(join(sourcesPath, entry)).isFile())
    .map((entry) => ({ path: `sources/${entry.split(sep).join('/')}`, text: readFileSync(join(sourcesPath, entry), 'utf8') }))
  return { manifest: existsSync(manifestPath) ? readFileSync(manifestPath, 'utf8') : undefined, sources }
}
