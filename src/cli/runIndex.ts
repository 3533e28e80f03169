import { parseArgs } from 'node:util'
import { ChainxClient } from '../client.js'
import { isChainxError } from '../errors/ChainxError.js'
import { createIndexer } from '../indexer/createIndexer.js'
import { DEFAULT_DATABASE_DIR } from '../indexer/database.js'
import { flagsOf } from './commands.js'
import { readCount, readObject } from './parseCommandLine.js'
import { Progress } from './Progress.js'
import type { ExportIo } from './runExport.js'
import { UsageError } from './UsageError.js'

const HELP = `usage: chainx index events|transactions [--filter <json>] [--database <url|dir>] [--until caught-up] [options]

Indexes every item of a filter into the built-in table <schema>.events or <schema>.transactions, exactly
once: each batch commits with the pipeline's watermark, so a rerun goes on where the last one stopped.
Walks what is there (backfill), then follows new items until interrupted, or stops with --until caught-up.

  --filter <json>            the resource's filter (events: required, e.g. '{"All":[]}')
  --database <url|dir>       postgres://… (needs pg), memory://, or a PGlite data directory (needs
                             @electric-sql/pglite) (default: DATABASE_URL, else ./${DEFAULT_DATABASE_DIR})
  --schema <name>            the Postgres schema of the tables (default: chainx)
  --until caught-up          stop once everything there was at the start is indexed
  --rpc-url <url>            JSON-RPC endpoint (or CHAINX_RPC_URL)
  --quiet, -q                no progress and no summary
  --progress-interval <ms>   progress line period when standard error is not a terminal (default: 3000)
  --verbose                  causes of errors
  --help, -h                 this help

Exit codes: 0 done, 1 the service or the database failed (rerun to go on), 2 bad usage, 130 interrupted.`

const OPTIONS = flagsOf(HELP)

/**
 * `chainx index events|transactions`: one pipeline named after the resource into its built-in
 * table (chainx-sdk/indexer). Exit codes as the exports': 0 done, 1 failed, 2 bad usage, 130
 * interrupted (SIGINT stops at a batch boundary).
 */
export async function runIndex(args: readonly string[], io: ExportIo & { env: Record<string, string | undefined> }): Promise<number> {
  const usage = (message: string) => (io.stderr.write(`chainx: ${message} (chainx index --help)\n`), 2)
  let values: Record<string, unknown>
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: true }))
  } catch (error) {
    return usage((error as Error).message.split('\n')[0] as string)
  }
  if (values.help) return (io.stdout.write(`${HELP}\n`), 0)
  const [source, ...extra] = positionals
  if ((source !== 'events' && source !== 'transactions') || extra.length > 0) return usage('index what: events or transactions')
  const text = (flag: string) => values[flag] as string | undefined
  const until = text('until')
  let filter: Record<string, unknown> | undefined
  let intervalMs: number
  try {
    filter = readObject('--filter', text('filter'))
    if (source === 'events' && filter === undefined) throw new UsageError('--filter <json> is required, e.g. --filter \'{"All":[]}\'')
    if (until !== undefined && until !== 'caught-up') throw new UsageError(`--until takes caught-up, got ${until}`)
    intervalMs = readCount('--progress-interval', text('progress-interval'), 1) ?? 3000
  } catch (error) {
    return usage((error as Error).message)
  }
  const rpcUrl = text('rpc-url') ?? (io.env.CHAINX_RPC_URL || undefined)
  if (rpcUrl === undefined) return usage('no JSON-RPC endpoint: pass --rpc-url or set CHAINX_RPC_URL')

  const client = new ChainxClient({ rpcUrl })
  const progress = new Progress({
    label: `chainx index ${source}`,
    stream: io.stderr,
    tty: io.stderrIsTTY,
    intervalMs,
    quiet: values.quiet === true,
  })
  try {
    const indexer = createIndexer({
      client,
      database: text('database') ?? (io.env.DATABASE_URL || undefined),
      schema: text('schema'),
      pipelines: { [source]: { source, filter: filter as never } },
    })
    const status = () => indexer.status()[source]
    // The progress line reads the pipeline's committed items (earlier runs' included).
    let before: number | undefined
    const thisRun = () => {
      const now = status()
      if (now?.state !== 'running' && before === undefined) return 0
      before ??= now?.items ?? 0
      return (now?.items ?? 0) - before
    }
    Object.defineProperties(progress.counts, { items: { get: () => status()?.items ?? 0 }, itemsThisRun: { get: thisRun } })
    try {
      progress.start()
      const summary = await indexer.run({ signal: io.signal, until: until === 'caught-up' ? 'caught-up' : undefined })
      const done = summary[source]
      progress.finish(
        io.signal.aborted
          ? 'interrupted'
          : `${done?.caughtUp ? 'caught up' : 'stopped'} (${done?.items ?? 0} in ${text('schema') ?? 'chainx'}.${source})`,
      )
      return io.signal.aborted ? 130 : 0
    } finally {
      await indexer.close()
    }
  } catch (error) {
    progress.stop()
    if (isChainxError(error) && (error.code === 'INVALID_FILTER' || error.code === 'INVALID_ARGUMENT')) return usage(error.message)
    const code = isChainxError(error) ? error.code : (error as NodeJS.ErrnoException).code
    io.stderr.write(`chainx: ${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message ?? String(error)}\n`)
    if (values.verbose && error instanceof Error && error.cause instanceof Error) io.stderr.write(`cause: ${error.cause.message}\n`)
    return 1
  } finally {
    await client.close()
  }
}
