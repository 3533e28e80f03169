import { DatabaseError } from '../errors/DatabaseError.js'
import { isChainxError } from '../errors/ChainxError.js'
import { shouldRetry } from '../errors/shouldRetry.js'
import { sleep } from '../utils/sleep.js'
import { insertRows, toJson, BUILTIN_TABLES } from './builtinTables.js'
import { quoteIdent, type Database, type Session, type Sql } from './database.js'
import { Feed, type Entry } from './feed.js'
import { HandlerError } from './HandlerError.js'
import type { Observer } from './observe.js'

/** The walk methods a pipeline uses from a resource of the client (`client.events`, `client.transactions`). */
export interface WalkableResource {
  iterate(options: Record<string, unknown>): AsyncIterable<unknown> & { readonly cursor: unknown }
  watch(options: Record<string, unknown>): AsyncIterable<unknown> & { readonly cursor: unknown }
}

/** A pipeline's state as `status()` shows it. */
export interface PipelineStatus {
  /** Items committed in all (across runs): `<schema>.watermarks.items`. */
  items: number
  /** Where the pipeline stands: the id of the last item committed (null before any). */
  cursor: unknown
  /** Whether the backfill reached the newest item (the pipeline then follows new ones). */
  caughtUp: boolean
  /** Milliseconds between the last committed item's timestamp and its commit, while not caught up. */
  lagMs: number | undefined
  /** `running`, `waiting` (for the lock another process holds), `stopped` or `failed`. */
  state: 'idle' | 'waiting' | 'running' | 'stopped' | 'failed'
}

/** Everything one pipeline's run needs. */
export interface PipelineRun {
  name: string
  schema: string
  resource: WalkableResource
  source: string
  /** What the walks take besides `cursor` and `signal` (filter, parse, pageSize...); `watch` also `intervalMs`. */
  walkOptions: Record<string, unknown>
  intervalMs: number | undefined
  handle: ((items: unknown[], sql: Sql) => Promise<void>) | undefined
  batchSize: number
  untilCaughtUp: boolean
  database: Database
  observer: Observer
  status: PipelineStatus
  /** Aborted to stop at the next batch boundary (the caller's signal, or another pipeline's failure). */
  stop: AbortSignal
  retry: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number }
}

/**
 * Runs one pipeline until it is caught up (`untilCaughtUp`), stopped, or fails: takes its lock,
 * reads its watermark, walks from there (backfill, then `watch`), and commits each batch with the
 * new watermark in one transaction. A lost database connection or a walk that failed after the
 * client's own retries starts over from the committed watermark, with backoff; a handler error
 * rejects with `HandlerError` (its batch rolled back).
 */
export async function runPipeline(run: PipelineRun): Promise<void> {
  let failures = 0
  while (!run.stop.aborted) {
    let session: Session | undefined
    try {
      run.status.state = 'waiting'
      session = await run.database.open(run.schema, run.name, run.stop)
      await follow(run, session, () => (failures = 0))
      return
    } catch (error) {
      if (run.stop.aborted && !(error instanceof HandlerError)) return
      const lost = session?.lost === true || run.database.connectionLost(error)
      if (!lost && !shouldRetry(error, { context: 'poll', failures })) throw asChainxError(run, error)
      failures++
      if (failures > run.retry.maxAttempts) throw asChainxError(run, error)
      const delayMs = Math.min(run.retry.maxDelayMs, run.retry.baseDelayMs * 2 ** (failures - 1))
      run.observer.log('warn', `indexer: pipeline ${run.name} starts over from its watermark in ${delayMs} ms`, {
        pipeline: run.name,
        attempt: failures,
        error: messageOf(error),
      })
      await sleep(delayMs, run.stop).catch(() => {})
    } finally {
      await session?.release()
    }
  }
}

/** One attempt: from the committed watermark, walk and commit until done, stopped or failed. */
async function follow(run: PipelineRun, session: Session, committed: () => void): Promise<void> {
  const watermarks = `${quoteIdent(run.schema)}.watermarks`
  const { rows } = await session.transaction((sql) =>
    sql.query<{ cursor: unknown; items: string | number }>(`select cursor, items from ${watermarks} where pipeline = $1`, [run.name]),
  )
  const start = rows[0]?.cursor ?? null
  run.status.items = Number(rows[0]?.items ?? 0)
  run.status.cursor = start
  run.status.state = 'running'
  const walking = new AbortController()
  const stopWalk = () => walking.abort()
  run.stop.addEventListener('abort', stopWalk)
  const feed = new Feed(run.batchSize * 2)
  const reader = read(run, start, walking.signal, feed)
  try {
    for (;;) {
      const taken = await feed.take(run.batchSize)
      if (run.stop.aborted) return
      if (taken.kind === 'end') {
        if (taken.error !== undefined && !walking.signal.aborted) throw taken.error
        return
      }
      if (taken.kind === 'caught-up') {
        run.status.caughtUp = true
        run.status.lagMs = undefined
        run.observer.log('info', `indexer: pipeline ${run.name} caught up at ${run.status.items} items`, {
          pipeline: run.name,
          items: run.status.items,
        })
        if (run.untilCaughtUp) return
        continue
      }
      await commit(run, session, watermarks, taken.entries)
      committed()
    }
  } finally {
    run.stop.removeEventListener('abort', stopWalk)
    walking.abort()
    feed.end()
    await reader
  }
}

/** Walks the resource from `start` into the feed: every page to the end (backfill), then `watch`. */
async function read(run: PipelineRun, start: unknown, signal: AbortSignal, feed: Feed): Promise<void> {
  try {
    const walk = run.resource.iterate({ ...run.walkOptions, cursor: start, signal })
    for await (const item of walk) await feed.push({ item, cursor: walk.cursor })
    feed.caughtUp()
    if (run.untilCaughtUp) return feed.end()
    const follow = run.intervalMs === undefined ? run.walkOptions : { ...run.walkOptions, intervalMs: run.intervalMs }
    const watcher = run.resource.watch({ ...follow, cursor: walk.cursor ?? start, signal })
    for await (const item of watcher) await feed.push({ item, cursor: watcher.cursor })
    feed.end()
  } catch (error) {
    feed.end(error)
  }
}

/** Commits one batch: the handler's writes (or the built-in table's rows) and the watermark, in one transaction. */
async function commit(run: PipelineRun, session: Session, watermarks: string, entries: Entry[]): Promise<void> {
  const items = entries.map((entry) => entry.item)
  const cursor = (entries.at(-1) as Entry).cursor
  const before = run.status.items
  await run.observer.batch(run.name, items.length, async () => {
    try {
      await session.transaction(async (sql) => {
        if (run.handle) await run.handle(items, sql)
        else await insertRows(sql, run.schema, run.source, BUILTIN_TABLES[run.source] as never, items)
        const { rows } = await sql.query(
          `update ${watermarks} set cursor = $2::jsonb, items = items + $3, updated_at = now() where pipeline = $1 and items = $4 returning items`,
          [run.name, toJson(cursor), items.length, before],
        )
        if (rows.length !== 1)
          throw new DatabaseError({
            message: `The watermark of pipeline ${JSON.stringify(run.name)} moved under it: another writer`,
            database: run.database.label,
          })
      })
    } catch (error) {
      if (session.lost || run.database.connectionLost(error) || error instanceof DatabaseError) throw error
      if (run.handle) throw new HandlerError({ pipeline: run.name, firstItemId: entries[0]?.cursor, batchSize: items.length, cause: error })
      throw new DatabaseError({
        message: `Writing ${run.source} of pipeline ${JSON.stringify(run.name)} failed: ${messageOf(error)}`,
        database: run.database.label,
        cause: error,
      })
    }
  })
  run.status.items = before + items.length
  run.status.cursor = cursor
  const timestamp = Number((items.at(-1) as { timestampMs?: unknown }).timestampMs)
  if (!run.status.caughtUp && Number.isFinite(timestamp)) run.status.lagMs = Math.max(0, Date.now() - timestamp)
  run.observer.log('debug', `indexer: pipeline ${run.name} committed ${items.length} items (${run.status.items} in all)`, {
    pipeline: run.name,
    items: items.length,
    total: run.status.items,
  })
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** A driver's error (a lost connection past the retries) as a `DatabaseError`; `ChainxError`s as they are. */
function asChainxError(run: PipelineRun, error: unknown): unknown {
  if (isChainxError(error)) return error
  return new DatabaseError({
    message: `Pipeline ${JSON.stringify(run.name)} lost ${run.database.label}: ${messageOf(error)}`,
    database: run.database.label,
    cause: error,
  })
}
