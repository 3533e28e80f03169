import { existsSync, readFileSync } from 'node:fs'
import { codegenMove } from './codegenMove.js'
import { MoveCodegenError } from './MoveCodegenError.js'

const USAGE = `usage: chainx codegen-move <move-package-dir> [--out <file.ts>] [--address 0x…] [--runtime <module>] [--check]

  --out      file to write (default: print to standard output)
  --address  the package's address when Move.toml does not give it
  --runtime  module the generated file imports its runtime from (default: chainx-sdk/move)
  --check    write nothing; exit 1 when --out differs from what would be generated`

/** What a file generated for the default runtime needs in the app that imports it (printed to standard error). */
const GENERATED_FILE_NEEDS =
  'the generated file imports chainx-sdk/move, which needs its optional peers zod (4.x) and @mysten/bcs (2.x) in your app: npm install zod @mysten/bcs'

/**
 * The `chainx codegen-move …` command, given its arguments and where to print. Returns the exit
 * code: 0 done, 1 the package could not be typed (or `--check` found the file stale), 2 wrong
 * usage (one line starting `chainx: `). What the generated file needs goes to `err`, so `out`
 * stays the code.
 *
 * @example
 * process.exitCode = runCli(['codegen-move', 'move/market', '--out', 'market.ts'], { out: console.log, err: console.error })
 */
export function runCli(args: readonly string[], io: { out: (text: string) => void; err: (text: string) => void }): number {
  const [command, ...rest] = args
  const usage = (problem: string): number => (io.err(`chainx: ${problem} (chainx codegen-move --help)`), 2)
  if (command !== 'codegen-move') return usage(`unknown command: ${String(command)}`)
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(USAGE)
    return 0
  }
  const options: Record<string, string> = {}
  const positional: string[] = []
  let check = false
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string
    if (arg === '--check') check = true
    else if (arg === '--out' || arg === '--address' || arg === '--runtime') {
      const value = rest[++i]
      if (value === undefined) return usage(`${arg} needs a value`)
      options[arg.slice(2)] = value
    } else if (arg.startsWith('--')) return usage(`unknown option ${arg}`)
    else positional.push(arg)
  }
  if (positional.length !== 1) return usage('give one Move package directory')
  if (check && options.out === undefined) return usage('--check needs --out')
  const directory = positional[0] as string
  try {
    const generate = { address: options.address, runtime: options.runtime, source: directory }
    if (check) {
      const out = options.out as string
      const code = codegenMove(directory, generate)
      if (!existsSync(out) || readFileSync(out, 'utf8') !== code) {
        io.err(`chainx: stale: ${out} (run the same command without --check and commit the result)`)
        return 1
      }
      io.out(`${out} is up to date`)
      return 0
    }
    const code = codegenMove(directory, { ...generate, out: options.out })
    io.out(options.out === undefined ? code : `wrote ${options.out}`)
    if (options.runtime === undefined) io.err(GENERATED_FILE_NEEDS)
    return 0
  } catch (error) {
    if (error instanceof MoveCodegenError) {
      for (const problem of error.problems) io.err(`chainx: ${problem.file}:${problem.line}: ${problem.message}`)
      return 1
    }
    throw error
  }
}
