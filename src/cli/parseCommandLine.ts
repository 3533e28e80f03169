import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { WalkDirection } from '../pagination/walkOptions.js'
import { COMMANDS, RESOURCES, type CommandName, type ResourceName } from './commands.js'
import { UsageError } from './UsageError.js'

/** What an export reads: a resource of the client, walked to its end or followed as items land, or a GraphQL connection. */
export type ExportSource =
  | {
      kind: 'resource'
      resource: ResourceName
      /** `watch`: follow new items until interrupted; else walk to the end. */
      follow: boolean
      filter: Record<string, unknown> | undefined
      options: Record<string, unknown> | undefined
      intervalMs: number | undefined
    }
  | { kind: 'graphql'; query: string; vars: Record<string, unknown>; connection: string | undefined }

/** An export command line, checked: every value parsed and validated, nothing sent yet. */
export type ExportCommand = Exclude<ReturnType<typeof parseCommandLine>, { help: string }>

/** Parses and checks a known export command's line (strict `parseArgs`): a refusal throws `UsageError` before any request. */
export function parseCommandLine(args: readonly string[], env: Record<string, string | undefined>) {
  const name = `${args[0]} ${args[1]}` as CommandName
  const spec = COMMANDS[name]
  let values: Record<string, unknown>
  try {
    ;({ values } = parseArgs({ args: args.slice(2), options: spec.options, strict: true, allowPositionals: false }))
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]} (chainx ${name} --help)`)
  }
  if (values.help) return { help: spec.help }
  const text = (flag: string) => values[flag] as string | undefined

  const walk = {
    direction: readDirection(text('direction')),
    pageSize: readCount('--page-size', text('page-size'), 1),
    maxItems: readCount('--max-items', text('max-items'), 0),
    cursor: readCursor(text('cursor')),
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
    format: format as 'ndjson' | 'csv',
    state,
    stateIntervalMs: readCount('--state-interval', text('state-interval'), 1) ?? 1000,
    quiet: values.quiet === true,
    verbose: values.verbose === true,
    progressIntervalMs: readCount('--progress-interval', text('progress-interval'), 1) ?? 3000,
  }
}

function readSource(name: CommandName, text: (flag: string) => string | undefined): ExportSource {
  const [resource, verb] = name.split(' ') as [string, string]
  if (resource === 'graphql') {
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
  const filter = readObject('--filter', text('filter'))
  const { filterRequired, exampleFilter } = RESOURCES[resource as ResourceName]
  if (filter === undefined && filterRequired) throw new UsageError(`--filter <json> is required, e.g. --filter '${exampleFilter}'`)
  return {
    kind: 'resource',
    resource: resource as ResourceName,
    follow: verb === 'watch',
    filter,
    options: readObject('--options', text('options')),
    intervalMs: readCount('--interval', text('interval'), 0),
  }
}

export function readObject(flag: string, value: string | undefined): Record<string, unknown> | undefined {
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

function readDirection(value: string | undefined): WalkDirection {
  if (value !== undefined && value !== 'forward' && value !== 'backward') {
    throw new UsageError(`--direction must be forward or backward, got ${value}`)
  }
  return value ?? 'forward'
}

/** A cursor as the walk takes it: JSON when it parses (an event id object), else the text itself (a digest, a GraphQL cursor). */
function readCursor(value: string | undefined): unknown {
  if (value === undefined) return undefined
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

export function readCount(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined
  const count = /^\d{1,15}$/.test(value) ? Number(value) : NaN
  if (!(count >= min)) throw new UsageError(`${flag} must be an integer of at least ${min}, got ${value}`)
  return count
}
