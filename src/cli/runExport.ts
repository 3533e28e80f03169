import { resolve } from 'node:path'
import { ChainxClient } from '../client.js'
import { ChainxError } from '../errors/ChainxError.js'
import { ExportWriter } from './ExportWriter.js'
import { readExportState, writeExportState, type ExportIdentity, type ExportState } from './exportState.js'
import { createRecordFormat } from './formatRecords.js'
import { openExportWalk, refusal } from './openExportWalk.js'
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
 * Runs an export command to its end. Returns the exit code: 0 done, 1 a `ChainxError` ended the
 * walk, 130 or 143 interrupted by SIGINT or SIGTERM (the state saved either way). Throws
 * `UsageError` for what it refuses before any request (a missing endpoint, another export's or a
 * locked state file).
 *
 * With `--state`, the output and the state move together: every `stateIntervalMs`, at the end,
 * on an error and on a signal the output is synced, then the state records the walk's cursor
 * after the last item whose line is in it, with the output's length up to that line. A rerun
 * truncates the output to that length and resumes from that cursor: whatever killed the last
 * run, the output holds every item once, in order.
 *
 * @example
 * process.exitCode = await runExport(parseCommandLine(args, process.env) as ExportCommand, io)
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
  if (walk.pages) progress.counts.pages = 0
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

/** Whose a state file is: the command, what it reads (the GraphQL document by its text, a first run's --cursor), the direction, the format, the output. */
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
