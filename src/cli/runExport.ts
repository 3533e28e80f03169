import { resolve } from 'node:path'
import { ChainxClient } from '../client.js'
import { ChainxError } from '../errors/ChainxError.js'
import type { PageProgress } from '../pagination/types.js'
import type { WalkDirection } from '../pagination/walkOptions.js'
import { RESOURCES } from './commands.js'
import { ExportWriter } from './ExportWriter.js'
import { readExportState, writeExportState, type ExportIdentity, type ExportState } from './exportState.js'
import { createRecordFormat } from './formatRecords.js'
import type { ExportCommand } from './parseCommandLine.js'
import { Progress } from './Progress.js'
import { lockStateFile } from './stateLock.js'
import { UsageError } from './UsageError.js'

/** Where a command writes, whether standard error is a terminal, and the signal SIGINT or SIGTERM aborts (its reason the signal's name). */
export interface ExportIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  stderrIsTTY: boolean
  signal: AbortSignal
}

/**
 * Runs an export command to its end: 0 done, 1 a `ChainxError` ended the walk, 130 or 143 SIGINT or
 * SIGTERM (the state saved either way); `UsageError` for what it refuses before any request.
 *
 * With `--state`, the output and the state move together: every `stateIntervalMs`, at the end,
 * on an error and on a signal the output is synced, then the state records the walk's cursor
 * after the last item whose line is in it, with the output's length up to that line. A rerun
 * truncates the output to that length and resumes from that cursor: whatever killed the last
 * run, the output holds every item once, in order.
 */
export async function runExport(command: ExportCommand, io: ExportIo): Promise<number> {
  const client = createClient(command)
  let release: (() => void) | undefined
  try {
    if (command.state !== undefined) release = lockStateFile(command.state)
    return await exportWith(command, io, client)
  } finally {
    await client.close()
    release?.()
  }
}

async function exportWith(command: ExportCommand, io: ExportIo, client: ChainxClient): Promise<number> {
  const identity = command.out === undefined ? undefined : identityOf(command, command.out)
  const saved = command.state !== undefined && identity ? readExportState(command.state, identity) : undefined
  const start = { cursor: saved?.cursor ?? null, items: saved?.items ?? 0, bytes: saved?.bytes ?? 0 }
  const { maxItems } = command.walk
  const progress = new Progress({
    label: `chainx ${command.name}`,
    stream: io.stderr,
    tty: io.stderrIsTTY,
    intervalMs: command.progressIntervalMs,
    quiet: command.quiet,
  })
  const walk = openExportWalk(command, client, {
    start: start.cursor,
    maxItems: maxItems === undefined ? undefined : Math.max(0, maxItems - start.items),
    signal: io.signal,
    onPage: ({ pages }) => (progress.counts.pages = pages),
  })
  const writer = command.out === undefined ? ExportWriter.toStream(io.stdout) : ExportWriter.open(command.out, start, saved !== undefined)
  const format = createRecordFormat(command.format, {
    columns: saved?.columns ?? walk.csv.columns,
    leaves: walk.csv.leaves,
    header: start.bytes === 0,
  })
  const follow = command.source.kind === 'resource' && command.source.follow
  let last = walk.cursor()
  // A cursor that moved covers every line added so far: a safe point.
  const mark = (): void => {
    const cursor = walk.cursor()
    if (cursor === last) return
    last = cursor
    writer.markSafe(cursor, progress.counts.items)
  }
  const checkpoint = async (): Promise<void> => {
    // A watch's cursor covers every item written, and moves before the first (when 'latest' resolves).
    if (follow) mark()
    const safe = await writer.sync()
    if (command.state === undefined || identity === undefined) return
    const state: ExportState = { kind: 'chainx-export-state', version: 1, identity, ...safe, columns: format.columns }
    await writeExportState(command.state, state)
  }
  // Saves run one after the other on one chain (two would race on the temporary file); the
  // periodic ones in the background (their fsyncs off the main thread), skipped while one waits.
  // The loop only ever waits at a point where every line handed out is written and marked.
  let saves: Promise<void> = Promise.resolve()
  let queued = false
  let saveError: unknown
  const saveInBackground = (): void => {
    if (queued) return
    queued = true
    saves = saves
      .then(() => {
        queued = false
        return checkpoint()
      })
      .catch((error: unknown) => void (saveError ??= error))
  }
  const saveNow = (): Promise<void> => {
    const save = saves.then(checkpoint)
    saves = save.catch(() => undefined)
    return save
  }

  // Claimed at once: from here on the state file and the output move together.
  await saveNow()
  // A watch reports no pages.
  if (!follow) progress.counts.pages = 0
  progress.counts.items = start.items
  if (saved && !command.quiet) io.stderr.write(`chainx ${command.name}: resuming after ${saved.items} items (${command.state})\n`)
  progress.start()
  const stateTimer = setInterval(saveInBackground, command.stateIntervalMs)
  stateTimer.unref()
  let warned = false
  const counts = progress.counts
  const iterator = walk.items[Symbol.asyncIterator]()
  try {
    for (;;) {
      const next = await iterator.next()
      if (saveError !== undefined) throw saveError
      if (next.done) break
      writer.add(format.line(next.value))
      counts.items++
      counts.itemsThisRun++
      mark()
      // A watch writes each event as it lands; an export in large chunks.
      if (follow || writer.full) await writer.flush()
      if (!warned && format.leftOut !== undefined) {
        warned = true
        io.stderr.write(
          `chainx ${command.name}: warning: CSV columns come from the first item; field ${format.leftOut} of a later one is left out (--format ndjson keeps everything)\n`,
        )
      }
    }
    await saveNow()
    if (io.signal.aborted) return interrupted()
    progress.finish(`done${command.out === undefined ? '' : ` → ${command.out}`}`)
    return 0
  } catch (error) {
    await iterator.return?.()
    await saveNow()
    if (io.signal.aborted) return interrupted()
    progress.stop()
    if (!(error instanceof ChainxError)) throw error
    // The SDK's own checks of the arguments (some run at the first page, before it is sent): bad usage.
    if (LOCAL_REFUSALS.has(error.code)) throw refusal(error)
    io.stderr.write(`chainx: ${error.code}: ${error.shortMessage}\n`)
    if (command.verbose) io.stderr.write(describeError(error))
    io.stderr.write(`${resumeHint(writer.safe.items)}\n`)
    return 1
  } finally {
    clearInterval(stateTimer)
    await saves
    writer.close()
  }

  function interrupted(): number {
    const terminated = io.signal.reason === 'SIGTERM'
    progress.finish(`${terminated ? 'terminated (SIGTERM)' : 'interrupted'}; ${resumeHint(writer.safe.items)}`)
    return terminated ? 143 : 130
  }

  function resumeHint(items: number): string {
    return command.state === undefined
      ? 'add --state <file> (with --out) to make an export resumable'
      : `${items} items saved; rerun the same command to resume (state: ${command.state})`
  }
}

const LOCAL_REFUSALS: ReadonlySet<string> = new Set(['INVALID_ARGUMENT', 'INVALID_FILTER', 'FIRST_AND_LAST'])

function createClient({ name, source, rpcUrl, graphqlUrl }: ExportCommand): ChainxClient {
  const [url, needs] =
    source.kind === 'graphql' ? [graphqlUrl, '--graphql-url <url> or CHAINX_GRAPHQL_URL'] : [rpcUrl, '--rpc-url <url> or CHAINX_RPC_URL']
  if (url === undefined) throw new UsageError(`chainx ${name} needs ${needs}`)
  try {
    return new ChainxClient({ graphqlUrl, rpcUrl })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** Whose a state file is: the command, what it reads (a first run's --cursor included), the direction, the format, the output. */
function identityOf({ name, source, walk, format }: ExportCommand, out: string): ExportIdentity {
  const read = source.kind === 'graphql' ? source : { resource: source.resource, filter: source.filter, options: source.options }
  const what = walk.cursor === undefined ? read : { ...read, cursor: walk.cursor }
  return { command: name, source: what, direction: walk.direction, format, out: resolve(out) }
}

/** The stack and the cause chain, for --verbose. */
export function describeError(error: unknown): string {
  let text = ''
  let current: unknown = error
  for (let depth = 0; current !== undefined && depth < 8; depth++) {
    text += `${current instanceof Error ? (current.stack ?? current.message) : String(current)}\n`
    if (current instanceof ChainxError && current.details) text += `  details: ${current.details}\n`
    current = current instanceof Error ? current.cause : undefined
    if (current !== undefined) text += 'caused by: '
  }
  return text
}

/** A walk as an export drives it: the items, and where it stands after the last one handed out (a change is a safe point to record). */
interface ExportWalk {
  items: AsyncIterable<unknown>
  cursor(): unknown
  /** CSV columns known before the first item, and the fields kept whole as JSON. */
  csv: { columns: readonly string[] | undefined; leaves: readonly string[] }
}

/** What the CLI uses of a resource of the client (`client.events`, `client.transactions`): its public walks. */
type ResourceWalks = Record<
  'iterate' | 'watch',
  (options: Record<string, unknown>) => AsyncIterable<unknown> & { readonly cursor: unknown }
>

/** The walk flags as the SDK's walk options take them, those not given left out (the SDK's defaults apply). */
type WalkFlags = { direction: WalkDirection; pageSize?: number; maxItems?: number; cursor?: never }

/**
 * The walk of an export (`iterate` or `watch` of the command's resource, or `paginate`) from `start`
 * (a resumed state's cursor, else `--cursor`), capped at what is left of `--max-items`. The SDK's
 * refusal of an option (before any request) becomes `UsageError`.
 */
function openExportWalk(
  command: ExportCommand,
  client: ChainxClient,
  options: { start: unknown; maxItems: number | undefined; signal: AbortSignal; onPage: (progress: PageProgress) => void },
): ExportWalk {
  const { source } = command
  const { signal, onPage } = options
  const walk = defined({ ...command.walk, maxItems: options.maxItems, cursor: options.start ?? command.walk.cursor }) as WalkFlags
  try {
    if (source.kind === 'graphql') {
      const iterable = client.paginate(source.query, source.vars, { connection: source.connection, ...walk, signal, onPage })
      return { items: iterable, cursor: () => iterable.cursor, csv: { columns: undefined, leaves: [] } }
    }
    const resource = client[source.resource] as unknown as ResourceWalks
    const { csv } = RESOURCES[source.resource]
    const shared = { ...defined({ filter: source.filter, options: source.options }), signal }
    if (!source.follow) {
      const iterable = resource.iterate({ ...shared, ...walk, onPage })
      return { items: iterable, cursor: () => iterable.cursor, csv }
    }
    // A fresh watch starts at the newest item; until the watcher has resolved it, the state keeps 'latest'.
    const start = walk.cursor ?? 'latest'
    const watcher = resource.watch({ ...shared, cursor: start, ...defined({ intervalMs: source.intervalMs, pageSize: walk.pageSize }) })
    return { items: watcher, cursor: () => watcher.cursor ?? start, csv }
  } catch (error) {
    throw refusal(error)
  }
}

/** The entries of `values` that are not undefined: options as a caller who left them out writes them. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** The SDK's refusal of an argument as the CLI's usage error (a filter's names `--filter`). */
function refusal(error: unknown): UsageError {
  if (error instanceof UsageError) return error
  const { code, shortMessage, message } = error as Partial<ChainxError>
  return new UsageError(code === 'INVALID_FILTER' ? `--filter: ${shortMessage ?? message}` : (shortMessage ?? String(message)))
}
