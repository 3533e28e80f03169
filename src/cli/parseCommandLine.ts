import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { EventQueryFilter } from '../events/types.js'
import { validateEventQueryFilter } from '../events/validateEventQueryFilter.js'
import { COMMANDS, type CommandName } from './commands.js'
import { UsageError } from './UsageError.js'
import type { WalkDirection, WalkFlags } from './walkOptions.js'

/**
 * What an export reads: events, transactions, a GraphQL connection, or new events as they land.
 *
 * @example
 * const source: ExportSource = { kind: 'events', filter: { All: [] } }
 */
export type ExportSource =
  | { kind: 'events'; filter: EventQueryFilter }
  | { kind: 'transactions'; filter: Record<string, unknown> | null; options: Record<string, unknown> | null }
  | { kind: 'graphql'; query: string; vars: Record<string, unknown>; connection: string | undefined }
  | { kind: 'watch'; filter: EventQueryFilter; intervalMs: number | undefined }

/**
 * A command line of an export command, checked: every value parsed and validated, nothing sent yet.
 *
 * @example
 * const command = parseCommandLine(['events', 'export', '--filter', '{"All":[]}'], process.env)
 * if ('help' in command) console.log(command.help)
 */
export interface ExportCommand {
  name: CommandName
  source: ExportSource
  walk: WalkFlags
  rpcUrl: string | undefined
  graphqlUrl: string | undefined
  out: string | undefined
  format: 'ndjson' | 'csv'
  state: string | undefined
  stateIntervalMs: number
  quiet: boolean
  verbose: boolean
  /** Progress period on a non-TTY standard error. */
  progressIntervalMs: number
}

/**
 * Parses and checks an export command line (`events export`, `events watch`, `transactions
 * export`, `graphql export`) with `node:util` `parseArgs` in strict mode. Pure but for reading
 * `--query`'s file: whatever it refuses throws `UsageError` before any request. Returns the
 * command's help for `--help`.
 *
 * @example
 * parseCommandLine(['events', 'export', '--filter', '{"Sender":"0x1"}', '--format', 'csv'], {})
 * parseCommandLine(['events', 'export', '--filtr', '{}'], {}) // throws UsageError: unknown option '--filtr'
 */
export function parseCommandLine(args: readonly string[], env: Record<string, string | undefined>): ExportCommand | { help: string } {
  const name = `${args[0]} ${args[1]}` as CommandName
  const spec = COMMANDS[name]
  if (spec === undefined) throw new UsageError(`unknown command: chainx ${args.slice(0, 2).join(' ')} (chainx --help lists the commands)`)
  let values: Record<string, unknown>
  try {
    ;({ values } = parseArgs({ args: args.slice(2), options: spec.options, strict: true, allowPositionals: false }))
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (chainx ${name} --help)`)
  }
  if (values.help) return { help: spec.help }
  const text = (flag: string) => values[flag] as string | undefined

  const walk: WalkFlags = {
    direction: readDirection(text('direction'), values.descending === true),
    pageSize: readCount('--page-size', text('page-size'), 1),
    maxItems: readCount('--max-items', text('max-items'), 0),
  }
  const format = text('format') ?? 'ndjson'
  if (format !== 'ndjson' && format !== 'csv') throw new UsageError(`--format must be ndjson or csv, got ${format}`)
  const out = text('out')
  const state = text('state')
  if (state !== undefined && out === undefined) {
    throw new UsageError(
      '--state needs --out: an exact resume truncates the output file to what the state covers, which standard output cannot do',
    )
  }
  return {
    name,
    source: readSource(name, text),
    walk,
    rpcUrl: text('rpc-url') ?? (env.CHAINX_RPC_URL || undefined),
    graphqlUrl: text('graphql-url') ?? (env.CHAINX_GRAPHQL_URL || undefined),
    out,
    format,
    state,
    stateIntervalMs: readCount('--state-interval', text('state-interval'), 1) ?? 1000,
    quiet: values.quiet === true,
    verbose: values.verbose === true,
    progressIntervalMs: readCount('--progress-interval', text('progress-interval'), 1) ?? 3000,
  }
}

function readSource(name: CommandName, text: (flag: string) => string | undefined): ExportSource {
  switch (name) {
    case 'events export':
      return { kind: 'events', filter: readEventFilter(text('filter')) }
    case 'events watch':
      return { kind: 'watch', filter: readEventFilter(text('filter')), intervalMs: readCount('--interval', text('interval'), 0) }
    case 'transactions export':
      return {
        kind: 'transactions',
        filter: readObject('--filter', text('filter')) ?? null,
        options: readObject('--options', text('options')) ?? null,
      }
    case 'graphql export': {
      const file = text('query')
      if (file === undefined) throw new UsageError('--query <file.graphql> is required')
      let query: string
      try {
        query = readFileSync(file, 'utf8')
      } catch (error) {
        throw new UsageError(`--query: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
      }
      return { kind: 'graphql', query, vars: readObject('--vars', text('vars')) ?? {}, connection: text('connection') }
    }
  }
}

function readEventFilter(value: string | undefined): EventQueryFilter {
  const filter = readObject('--filter', value)
  if (filter === undefined) throw new UsageError('--filter <json> is required, e.g. --filter \'{"All":[]}\'')
  try {
    return validateEventQueryFilter(filter as EventQueryFilter)
  } catch (error) {
    throw new UsageError(`--filter: ${(error as Error).message}`)
  }
}

function readObject(flag: string, value: string | undefined): Record<string, unknown> | undefined {
  if (value === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    throw new UsageError(`${flag} is not JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError(`${flag} must be a JSON object, got ${value}`)
  return parsed as Record<string, unknown>
}

function readDirection(value: string | undefined, descending: boolean): WalkDirection {
  if (value !== undefined && value !== 'forward' && value !== 'backward') {
    throw new UsageError(`--direction must be forward or backward, got ${value}`)
  }
  if (descending && value === 'forward') throw new UsageError('--descending contradicts --direction forward')
  return descending ? 'backward' : (value ?? 'forward')
}

function readCount(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined
  const count = /^\d{1,15}$/.test(value) ? Number(value) : NaN
  if (!(count >= min)) throw new UsageError(`${flag} must be an integer of at least ${min}, got ${value}`)
  return count
}
