import type { ParseArgsConfig } from 'node:util'

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

/** A paged JSON-RPC resource as the bin drives it: `export` and `watch` commands, through its public `iterate` and `watch`. */
interface CliResource {
  /** What one item is, the method, and an example filter, in the help. */
  item: string
  method: string
  exampleFilter: string
  filterRequired: boolean
  /** Whether it takes `--options <json>` (which fields each item carries). */
  responseOptions: boolean
  /** CSV columns known before the first item, and the fields kept whole as JSON. */
  csv: { columns: readonly string[] | undefined; leaves: readonly string[] }
}

/** The resources of the `chainx` bin, by the client's property name (the command word): adding one is one entry. */
export const RESOURCES = {
  events: {
    item: 'event',
    method: 'chainx_queryEvents',
    exampleFilter: '{"Sender":"0xa11ce"}',
    filterRequired: true,
    responseOptions: false,
    // The event flattened; `parsedJson` kept whole (its fields differ from one event type to the next).
    csv: {
      columns: [
        'id.txDigest',
        'id.eventSeq',
        'timestampMs',
        'type',
        'sender',
        'packageId',
        'transactionModule',
        'parsedJson',
        'bcsEncoding',
        'bcs',
      ],
      leaves: ['parsedJson'],
    },
  },
  transactions: {
    item: 'transaction block',
    method: 'chainx_queryTransactionBlocks',
    exampleFilter: '{"FromAddress":"0xa11ce"}',
    filterRequired: false,
    responseOptions: true,
    csv: { columns: undefined, leaves: [] },
  },
} satisfies Record<string, CliResource>

/** A resource of the CLI: `events` or `transactions`. */
export type ResourceName = keyof typeof RESOURCES

/** The commands of the `chainx` bin that walk the service (`index` and `codegen-move` parse their own). */
export type CommandName = `${ResourceName} export` | `${ResourceName} watch` | 'graphql export'

/** A command's flags (`node:util` `parseArgs`), its help, and its line in the command list. */
interface Command {
  options: OptionSpecs
  help: string
  summary: string
}

const COMMON_HELP = `
Output:
  --out, -o <file>           write here (default: standard output, so it pipes)
  --format ndjson|csv        one JSON object per line, or CSV with a header row and flattened columns (default: ndjson)
  --state <file>             resume exactly: a rerun goes on where the last run stopped (needs --out; locked while a run uses it)
  --state-interval <ms>      how often the state is saved while running (default: 1000)
Endpoints:
  --rpc-url <url>            JSON-RPC endpoint (or CHAINX_RPC_URL)
  --graphql-url <url>        GraphQL endpoint (or CHAINX_GRAPHQL_URL)
Messages (standard error, never the data):
  --quiet, -q                no progress and no summary
  --progress-interval <ms>   progress line period when standard error is not a terminal (default: 3000)
  --verbose                  stack traces and causes of errors
  --help, -h                 this help`

const WALK_HELP = `
Walk:
  --direction forward|backward  oldest first (default) or newest first
  --page-size <n>            items per request (default: the service's default page size)
  --max-items <n>            stop after this many items in all (counted across resumed runs)
  --cursor <cursor>          start after this cursor (JSON, or a plain string), as a walk's cursor option`

/** The flags a help lists, for `parseArgs`: each line `  --name[, -x]`, taking a value when a placeholder follows. */
export function flagsOf(help: string): OptionSpecs {
  const options: OptionSpecs = {}
  for (const [, name, short, value] of help.matchAll(/^ {2}--([a-z-]+)(?:, -([a-z]))?( \S)?/gm)) {
    options[name as string] = { type: value ? 'string' : 'boolean', ...(short && { short }) }
  }
  return options
}

function resourceCommands(name: ResourceName, resource: CliResource): [CommandName, Omit<Command, 'options'>][] {
  const { item, method, filterRequired, responseOptions } = resource
  const usage = `${filterRequired ? '--filter <json>' : '[--filter <json>]'}${responseOptions ? ' [--options <json>]' : ''} [options]`
  const source = `  --filter <json>            a ${method} filter, e.g. '${resource.exampleFilter}'${filterRequired ? '' : ' (every one when absent)'}${
    responseOptions ? `\n  --options <json>           which fields each ${item} carries, e.g. '{"showEffects":true}'` : ''
  }`
  const exportHelp = `usage: chainx ${name} export ${usage}

Writes every ${item} that matches a ${method} filter, page after page, in order,
through client.${name}.iterate.

${source}
${WALK_HELP}
${COMMON_HELP}`
  const watchHelp = `usage: chainx ${name} watch ${usage}

Follows the ${item}s that land from now on (or after --cursor, or the state's cursor) until
interrupted (Ctrl-C or SIGTERM), polling ${method} through client.${name}.watch.

${source}
  --interval <ms>            wait between polls once caught up (default: 1000)
  --page-size <n>            items per poll (default: the service's default page size)
  --cursor <cursor>          start after this cursor (JSON, or a plain string; default: the newest)
${COMMON_HELP}`
  return [
    [`${name} export`, { help: exportHelp, summary: `every ${item} of a filter, to NDJSON or CSV, resumable with --state` }],
    [`${name} watch`, { help: watchHelp, summary: `follow new ${item}s as they land, until interrupted` }],
  ]
}

const ENTRIES: [CommandName, Omit<Command, 'options'>][] = [
  ...Object.entries(RESOURCES).flatMap(([name, resource]) => resourceCommands(name as ResourceName, resource)),
  [
    'graphql export',
    {
      help: `usage: chainx graphql export --query <file.graphql> [--vars <json>] [--connection <path>] [options]

Writes every node of a GraphQL connection through client.paginate. The query declares $first and $after
(or $last and $before for --direction backward), which the walk sends itself.

  --query <file>             the GraphQL document
  --vars <json>              its other variables (default: {})
  --connection <path>        dotted path of the connection in the result (default: the one object with pageInfo)
${WALK_HELP}
${COMMON_HELP}`,
      summary: 'every node of any GraphQL connection, to NDJSON or CSV, resumable with --state',
    },
  ],
]

/** The help and summary of each command, and its flags: those its help lists (one source for both). */
export const COMMANDS = Object.fromEntries(
  ENTRIES.map(([name, command]) => [name, { ...command, options: flagsOf(command.help) }]),
) as Record<CommandName, Command>

/** The command list of a help: each name padded, then its summary. */
function list(names: string[]): string {
  return names.map((name) => `  ${name.padEnd(21)}${COMMANDS[name as CommandName].summary}`).join('\n')
}

/** What `chainx`, `chainx --help` and `chainx help` print. */
export const TOP_HELP = `usage: chainx <command> [options]

Commands:
${list(Object.keys(COMMANDS))}
  index                events or transactions into Postgres or PGlite, exactly once
  codegen-move         TypeScript definitions of a Move package's events

chainx <command> --help (or chainx help <command>) shows a command's flags; chainx --version its version.
Exit codes: 0 done, 1 the service or the file system failed (with --state, rerun to resume),
2 bad usage (nothing sent), 75 the --state file is in use by another run, 130 interrupted (SIGINT),
143 terminated (SIGTERM).`

/** The help of a command group (`chainx events --help`), or undefined when `group` is not one. */
export function groupHelp(group: string): string | undefined {
  const names = Object.keys(COMMANDS).filter((name) => name.startsWith(`${group} `))
  if (names.length === 0) return undefined
  return `usage: chainx ${group} <command> [options]

Commands:
${list(names)}

chainx ${group} <command> --help shows a command's flags.`
}
