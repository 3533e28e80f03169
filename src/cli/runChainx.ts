import { runCli as runCodegenCli } from '../codegen/runCli.js'
import { TOP_HELP } from './commands.js'
import { parseCommandLine } from './parseCommandLine.js'
import { describeError, runExport, type ExportIo } from './runExport.js'
import { runIndex } from './runIndex.js'
import { UsageError } from './UsageError.js'

/**
 * The `chainx` command: `events export`, `events watch`, `transactions export`, `graphql
 * export` and `codegen-move`. Returns the exit code: 0 done, 1 a failure of the service or
 * the file system (with `--state`, rerun to resume), 2 bad usage (one line, nothing sent),
 * 130 interrupted. Data goes to `--out` or standard output; everything else to standard
 * error. No stack trace unless `--verbose`.
 *
 * @example
 * const controller = new AbortController()
 * process.once('SIGINT', () => controller.abort())
 * process.exitCode = await runChainx(process.argv.slice(2), { ...process, stderrIsTTY: process.stderr.isTTY === true, env: process.env, signal: controller.signal })
 */
export async function runChainx(args: readonly string[], io: ExportIo & { env: Record<string, string | undefined> }): Promise<number> {
  const [first] = args
  if (first === 'codegen-move') {
    return runCodegenCli(args, { out: (text) => io.stdout.write(`${text}\n`), err: (text) => io.stderr.write(`${text}\n`) })
  }
  if (first === 'index') return runIndex(args.slice(1), io)
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    ;(first === undefined ? io.stderr : io.stdout).write(`${TOP_HELP}\n`)
    return first === undefined ? 2 : 0
  }
  const verbose = args.includes('--verbose')
  try {
    const command = parseCommandLine(args, io.env)
    if ('help' in command) {
      io.stdout.write(`${command.help}\n`)
      return 0
    }
    return await runExport(command, io)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`chainx: ${error.message}\n`)
      return 2
    }
    const code = (error as NodeJS.ErrnoException).code
    io.stderr.write(`error${typeof code === 'string' ? ` ${code}` : ''}: ${(error as Error).message ?? String(error)}\n`)
    if (verbose) io.stderr.write(describeError(error))
    return 1
  }
}
