import type { ParseArgsConfig } from 'node:util'

/** The commands of the `chainx` bin that walk the service (`codegen-move` is the Move codegen's own). */
export type CommandName = 'events export' | 'events watch' | 'transactions export' | 'graphql export'

type OptionSpecs = NonNullable<ParseArgsConfig['options']>

const COMMON_HELP = `
Output:
  --out, -o <file>           write here (default: standard output, so it pipes)
  --format ndjson|csv        one JSON object per line, or CSV with a header row and flattened columns (default: ndjson)
  --state <file>             resume exactly: a rerun goes on where the last run stopped (needs --out)
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
  --descending               the same as --direction backward
  --page-size <n>            items per request (default: the service's default page size)
  --max-items <n>            stop after this many items in all (counted across resumed runs)`

const COMMON: OptionSpecs = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'rpc-url': { type: 'string' },
  'graphql-url': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'progress-interval': { type: 'string' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
}
const WALK: OptionSpecs = {
  direction: { type: 'string' },
  descending: { type: 'boolean' },
  'page-size': { type: 'string' },
  'max-items': { type: 'string' },
}

/**
 * The flags and help of each command (parsed with `node:util` `parseArgs`).
 *
 * @example
 * COMMANDS['events export'].options.filter // { type: 'string' }
 */
export const COMMANDS: Record<CommandName, { options: OptionSpecs; help: string }> = {
  'events export': {
    options: { ...COMMON, ...WALK, filter: { type: 'string' } },
    help: `usage: chainx events export --filter <json> [options]

Writes every event that matches a chainx_queryEvents filter (exactly one key, e.g. '{"Sender":"0xa11ce"}'
or '{"All":[]}'), page after page, in order.
${WALK_HELP}
${COMMON_HELP}`,
  },
  'transactions export': {
    options: { ...COMMON, ...WALK, filter: { type: 'string' }, options: { type: 'string' } },
    help: `usage: chainx transactions export [--filter <json>] [--options <json>] [options]

Writes every transaction block that matches a chainx_queryTransactionBlocks filter (e.g. '{"FromAddress":"0xa11ce"}';
every transaction when absent), with the fields --options asks for (e.g. '{"showEffects":true}').
${WALK_HELP}
${COMMON_HELP}`,
  },
  'graphql export': {
    options: { ...COMMON, ...WALK, query: { type: 'string' }, vars: { type: 'string' }, connection: { type: 'string' } },
    help: `usage: chainx graphql export --query <file.graphql> [--vars <json>] [--connection <path>] [options]

Writes every node of a GraphQL connection through client.paginate. The query declares $first and $after
(or $last and $before for --direction backward), which the walk sends itself.

  --query <file>             the GraphQL document
  --vars <json>              its other variables (default: {})
  --connection <path>        dotted path of the connection in the result (default: the one object with pageInfo)
${WALK_HELP}
${COMMON_HELP}`,
  },
  'events watch': {
    options: { ...COMMON, filter: { type: 'string' }, interval: { type: 'string' }, 'page-size': { type: 'string' } },
    help: `usage: chainx events watch --filter <json> [options]

Follows the events that land from now on (or after the state's cursor) until interrupted (Ctrl-C),
polling chainx_queryEvents.

  --filter <json>            a chainx_queryEvents filter, as for events export
  --interval <ms>            wait between polls once caught up (default: 1000)
  --page-size <n>            events per poll (default: the service's default page size, its maximum)
${COMMON_HELP}`,
  },
}

/**
 * What `chainx` and `chainx --help` print.
 *
 * @example
 * console.log(TOP_HELP)
 */
export const TOP_HELP = `usage: chainx <command> [options]

Commands:
  events export        every event of a filter, to NDJSON or CSV, resumable with --state
  events watch         follow new events as they land, until interrupted
  transactions export  every transaction block of a filter, to NDJSON or CSV, resumable with --state
  graphql export       every node of any GraphQL connection, to NDJSON or CSV, resumable with --state
  index                events or transactions into Postgres or PGlite, exactly once (chainx index --help)
  codegen-move         TypeScript definitions of a Move package's events (chainx codegen-move --help)

chainx <command> --help shows a command's flags. Exit codes: 0 done, 1 the service or the
file system failed (with --state, rerun to resume), 2 bad usage (nothing sent), 130 interrupted.`
