import { PACKAGE_VERSION } from '../utils/packageVersion.js'
import { COMMANDS, groupHelp, TOP_HELP } from './commands.js'
import { parseCommandLine } from './parseCommandLine.js'
import type { ExportIo } from './runExport.js'
import { UsageError } from './UsageError.js'

/**
 * The `chainx` command; returns the exit code (see `TOP_HELP`). Data goes to `--out` or standard
 * output, everything else to standard error, each error on a line starting `chainx: `.
 */
export async function runChainx(args: readonly string[], io: ExportIo & { env: Record<string, string | undefined> }): Promise<number> {
  const [first, second] = args
  if (first === '--version' || first === '-V') {
    io.stdout.write(`chainx-sdk ${PACKAGE_VERSION ?? 'unknown (unbuilt source)'}\n`)
    return 0
  }
  // `chainx help events export` is `chainx events export --help`.
  if (first === 'help' && args.length > 1) return runChainx([...args.slice(1), '--help'], io)
  // What runs a command loads on demand: --version, help and bad usage start with neither the client nor the codegen.
  if (first === 'codegen-move') {
    const { runCli: runCodegenCli } = await import('../codegen/runCli.js')
    return runCodegenCli(args, { out: (text) => io.stdout.write(`${text}\n`), err: (text) => io.stderr.write(`${text}\n`) })
  }
  if (first === 'index') return (await import('./runIndex.js')).runIndex(args.slice(1), io)
  // Help asked for goes to standard output (exit 0); for a command line cut short, to standard error (exit 2).
  const printHelp = (text: string, cutShort: boolean): number => {
    ;(cutShort ? io.stderr : io.stdout).write(`${text}\n`)
    return cutShort ? 2 : 0
  }
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return printHelp(TOP_HELP, first === undefined)
  const group = groupHelp(first)
  if (group !== undefined && (second === undefined || second === '--help' || second === '-h')) return printHelp(group, second === undefined)
  const verbose = args.includes('--verbose')
  try {
    if (!Object.hasOwn(COMMANDS, `${first} ${second}`)) {
      throw new UsageError(`unknown command: chainx ${first}${group === undefined ? '' : ` ${second}`} (chainx --help lists the commands)`)
    }
    const command = parseCommandLine(args, io.env)
    if ('help' in command) {
      io.stdout.write(`${command.help}\n`)
      return 0
    }
    const { runExport } = await import('./runExport.js')
    return await runExport(command, io)
  } catch (error) {
    io.stderr.write(`chainx: ${messageOf(error)}\n`)
    if (error instanceof UsageError) return error.exitCode
    if (verbose) io.stderr.write((await import('./runExport.js')).describeError(error))
    return 1
  }
}

/** One line for any error: `CODE: message` when it has a code (a ChainxError's, an errno's). */
function messageOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  const message = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
  return error instanceof UsageError || typeof code !== 'string' ? message : `${code}: ${message}`
}
