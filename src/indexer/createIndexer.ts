import type { ChainxClient } from '../client.js'
import type { ChainxEvent } from '../events/types.js'
import { DatabaseError } from '../errors/DatabaseError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { BUILTIN_TABLES, createTableSql } from './builtinTables.js'
import { databaseTarget, quoteIdent, type Database, type Sql } from './database.js'
import { openDatabase } from './openDatabase.js'
import { HandlerError } from './HandlerError.js'
import { createObserver } from './observe.js'
import { runPipeline, type PipelineStatus, type WalkableResource } from './runPipeline.js'

/** The client's resources a pipeline can follow: every property with `iterate` and `watch` (`events`, `transactions`). */
export type IndexerSource = {
  [K in keyof ChainxClient]: ChainxClient[K] extends { iterate: (...args: any[]) => unknown; watch: (...args: any[]) => unknown }
    ? K
    : never
}[keyof ChainxClient]

/** The items a resource's walks yield (an event with its `parsedJson` as received, a transaction block). */
export type IndexerItem<S extends IndexerSource> = S extends 'events'
  ? ChainxEvent
  : ChainxClient[S]['iterate'] extends (options: any) => AsyncIterable<infer T>
    ? T
    : never

type WalkArgument<S extends IndexerSource> = Parameters<ChainxClient[S]['iterate']>[0]

/**
 * One pipeline: a resource of the client, its filter, and what to do with each batch.
 *
 * @example
 * const listings: IndexerPipeline = {
 *   source: 'events',
 *   filter: { MoveEventType: '0xc4a1::market::Listed' },
 *   handle: async (items, sql) => {
 *     for (const e of items) await sql.query('insert into listings(tx, seq) values ($1, $2)', [e.id.txDigest, e.id.eventSeq])
 *   },
 * }
 */
export type IndexerPipeline = { [S in IndexerSource]: PipelineOf<S> }[IndexerSource]

/** A pipeline over the resource `S`. */
export interface PipelineOf<S extends IndexerSource> {
  /** The resource of the client to follow. */
  source: S
  /** Its filter, as `client[source].iterate` takes it. */
  filter?: WalkArgument<S>['filter']
  /** Checks and types each item's content (events: `parsedJson`), as the walk takes it. */
  parse?: S extends 'events' ? WalkArgument<S>['parse'] : never
  /**
   * Writes one batch, inside the batch's transaction (which also moves the watermark): a throw
   * rolls the batch back and stops the pipeline with `HandlerError`. The indexer never changes
   * the connection's `search_path`.
   * @default the built-in table `<schema>.<source>` (events and transactions)
   */
  handle?: ((items: IndexerItem<S>[], sql: Sql) => Promise<void>) | undefined
  /**
   * Most items a batch (one transaction) holds; the pipeline commits what has arrived, up to this.
   * @default 1000
   */
  batchSize?: number | undefined
  /**
   * Items per request of the walk.
   * @default the service's default page size
   */
  pageSize?: number | undefined
  /**
   * How often the follow (`watch`) polls once caught up.
   * @default watch's own default
   */
  intervalMs?: number | undefined
}

/**
 * Options of `createIndexer`.
 *
 * @example
 * const options: IndexerOptions = { client, database: 'memory://', pipelines: { all: { source: 'events', filter: { All: [] } } } }
 */
export interface IndexerOptions {
  /** The client whose resources the pipelines follow (its `logger` and `telemetry` are the indexer's too). */
  client: ChainxClient
  /**
   * `postgres://…` (or `postgresql://`): Postgres through `pg`; `memory://`: PGlite in memory;
   * anything else: a PGlite data directory (created if missing; the lock file lives in it).
   * @default './.chainx/db' (PGlite)
   */
  database?: string | undefined
  /**
   * The Postgres schema of the indexer's tables (`watermarks`, `events`, `transactions`): one per deployment.
   * @default 'chainx'
   */
  schema?: string | undefined
  /** The pipelines, by name (the name keys its watermark and its lock). */
  pipelines: Record<string, IndexerPipeline>
  /** Runs once per `run`, in one transaction before the pipelines start: create the handlers' tables here (idempotently). */
  setup?: ((sql: Sql) => Promise<void>) | undefined
  /**
   * How a pipeline retries a lost database connection or a walk that failed after the client's
   * own retries: from its watermark, after `baseDelayMs` doubling up to `maxDelayMs`, at most
   * `maxAttempts` times in a row.
   * @default { maxAttempts: 20, baseDelayMs: 100, maxDelayMs: 5000 }
   */
  retry?: { maxAttempts?: number | undefined; baseDelayMs?: number | undefined; maxDelayMs?: number | undefined } | undefined
}

/** What `run` resolves to: each pipeline's state when it stopped. */
export type IndexerSummary = Record<string, PipelineStatus>

/** An indexer: see `createIndexer`. */
export interface Indexer {
  /**
   * Runs every pipeline until `signal` aborts (each stops at a batch boundary) or, with `until:
   * 'caught-up'`, until each has committed everything there was when its backfill ended.
   * Rejects once every pipeline has stopped when one failed: `HandlerError` for a handler,
   * `DatabaseError` for the database, the walk's `ChainxError` otherwise.
   */
  run(options?: { signal?: AbortSignal | undefined; until?: 'caught-up' | undefined }): Promise<IndexerSummary>
  /** Each pipeline's committed items, cursor, whether caught up, and lag. */
  status(): IndexerSummary
  /** A statement on the indexer's database outside the pipelines (reads; its tables are `<schema>.*`). */
  query: Sql['query']
  /** Closes the database (after a run has stopped); the client stays open. */
  close(): Promise<void>
}

/**
 * Follows resources of the client into Postgres or PGlite, exactly once: each batch's writes
 * and the pipeline's new watermark (`<schema>.watermarks`) commit in one transaction, so a
 * crash anywhere leaves the database as after some whole batch, and the next `run` goes on
 * from there. Without `handle`, items go to the built-in tables `<schema>.events` and
 * `<schema>.transactions`. One writer per pipeline: a Postgres advisory lock per (schema,
 * pipeline), a lock file in a PGlite directory.
 *
 * @example
 * import { createIndexer } from 'chainx-sdk/indexer'
 * const indexer = createIndexer({ client, database: process.env.DATABASE_URL, pipelines: { all: { source: 'events', filter: { All: [] } } } })
 * await indexer.run({ until: 'caught-up' })
 * console.log((await indexer.query('select count(*)::int as n from chainx.events')).rows[0])
 * await indexer.close()
 */
export function createIndexer(options: IndexerOptions): Indexer {
  const { client, pipelines, setup } = options
  const schema = options.schema ?? 'chainx'
  const target = databaseTarget(options.database)
  const retry = { maxAttempts: 20, baseDelayMs: 100, maxDelayMs: 5_000, ...definedOf(options.retry ?? {}) }
  const names = Object.keys(pipelines ?? {})
  if (names.length === 0) throw new InvalidArgumentError('createIndexer needs at least one pipeline in pipelines')
  for (const name of names) checkPipeline(client, name, pipelines[name] as IndexerPipeline)
  const status: IndexerSummary = Object.fromEntries(
    names.map((name) => [name, { items: 0, cursor: null, caughtUp: false, lagMs: undefined, state: 'idle' } satisfies PipelineStatus]),
  )
  let database: Promise<Database> | undefined
  let running = false
  const lifetime = new AbortController()
  const connect = () => {
    database ??= openDatabase(target, lifetime.signal).catch((error: unknown) => {
      database = undefined
      throw error
    })
    return database
  }

  async function run(runOptions: { signal?: AbortSignal | undefined; until?: 'caught-up' | undefined } = {}): Promise<IndexerSummary> {
    if (running) throw new InvalidArgumentError('This indexer is already running; run it once at a time')
    running = true
    const stop = new AbortController()
    const { signal } = runOptions
    const onAbort = () => stop.abort()
    if (signal?.aborted) stop.abort()
    signal?.addEventListener('abort', onAbort)
    try {
      const db = await connect()
      const observer = await createObserver(client.options)
      await prepare(db, schema, names, pipelines, setup)
      observer.log('info', `indexer: ${names.length} pipeline(s) into ${db.label}, schema ${schema}`, { database: db.label, schema })
      let failure: unknown
      await Promise.all(
        names.map(async (name) => {
          const pipeline = pipelines[name] as IndexerPipeline
          const state = status[name] as PipelineStatus
          try {
            await runPipeline({
              name,
              schema,
              source: pipeline.source,
              resource: client[pipeline.source] as unknown as WalkableResource,
              walkOptions: walkOptionsOf(pipeline),
              intervalMs: pipeline.intervalMs,
              handle: pipeline.handle as ((items: unknown[], sql: Sql) => Promise<void>) | undefined,
              batchSize: pipeline.batchSize ?? 1_000,
              untilCaughtUp: runOptions.until === 'caught-up',
              database: db,
              observer,
              status: state,
              stop: stop.signal,
              retry,
            })
            state.state = 'stopped'
          } catch (error) {
            state.state = 'failed'
            // The first failure stops the others at their next batch boundary; run rejects with it.
            if (failure === undefined || (error instanceof HandlerError && !(failure instanceof HandlerError))) failure = error
            observer.log('error', `indexer: pipeline ${name} stopped: ${messageOf(error)}`, { pipeline: name })
            stop.abort()
          }
        }),
      )
      if (failure !== undefined) throw failure
      return status
    } finally {
      signal?.removeEventListener('abort', onAbort)
      running = false
    }
  }

  return {
    run,
    status: () => Object.fromEntries(names.map((name) => [name, { ...(status[name] as PipelineStatus) }])),
    query: async (text, params) => (await connect()).query(text, params),
    async close() {
      lifetime.abort()
      const db = await database?.catch(() => undefined)
      database = undefined
      await db?.close()
    },
  }
}

/**
 * Creates the schema, the watermarks table, each pipeline's row and the built-in tables in use,
 * then runs `setup`: one transaction, under a lock of its own (processes starting together take turns).
 */
async function prepare(
  db: Database,
  schema: string,
  names: string[],
  pipelines: Record<string, IndexerPipeline>,
  setup: IndexerOptions['setup'],
) {
  const quoted = quoteIdent(schema)
  const session = await db.open(schema, '(setup)', new AbortController().signal)
  try {
    await session.transaction(async (sql) => {
      await sql.query(`create schema if not exists ${quoted}`)
      await sql.query(
        `create table if not exists ${quoted}.watermarks (pipeline text primary key, cursor jsonb, items bigint not null default 0, updated_at timestamptz not null default now())`,
      )
      for (const name of names) {
        await sql.query(`insert into ${quoted}.watermarks (pipeline) values ($1) on conflict (pipeline) do nothing`, [name])
        const { source, handle } = pipelines[name] as IndexerPipeline
        const table = BUILTIN_TABLES[source]
        if (!handle && table) await sql.query(createTableSql(schema, source, table))
      }
      await setup?.(sql)
    })
  } catch (cause) {
    throw cause instanceof DatabaseError
      ? cause
      : new DatabaseError({
          message: `Preparing the indexer's tables in ${db.label} failed: ${messageOf(cause)}`,
          database: db.label,
          cause,
        })
  } finally {
    await session.release()
  }
}

function checkPipeline(client: ChainxClient, name: string, pipeline: IndexerPipeline): void {
  if (typeof pipeline !== 'object' || pipeline === null) throw new InvalidArgumentError(`pipelines.${name} must be an object`)
  const resource = (client as unknown as Record<string, unknown>)[pipeline.source] as Partial<WalkableResource> | undefined
  if (typeof resource?.iterate !== 'function' || typeof resource.watch !== 'function')
    throw new InvalidArgumentError(
      `pipelines.${name}.source must name a resource of the client (events, transactions), got ${JSON.stringify(pipeline.source)}`,
    )
  if (pipeline.handle === undefined && !BUILTIN_TABLES[pipeline.source])
    throw new InvalidArgumentError(`pipelines.${name} needs a handle: ${pipeline.source} has no built-in table`)
  if (pipeline.handle !== undefined && typeof pipeline.handle !== 'function')
    throw new InvalidArgumentError(`pipelines.${name}.handle must be a function`)
  const { batchSize } = pipeline
  if (batchSize !== undefined && (!Number.isSafeInteger(batchSize) || batchSize < 1))
    throw new InvalidArgumentError(`pipelines.${name}.batchSize must be a positive integer, got ${String(batchSize)}`)
}

/** The walk options of a pipeline, without undefined keys (a walk refuses keys it does not know). */
function walkOptionsOf(pipeline: IndexerPipeline): Record<string, unknown> {
  const builtin = pipeline.handle ? undefined : BUILTIN_TABLES[pipeline.source]?.walkOptions
  return definedOf({ ...builtin, filter: pipeline.filter, parse: pipeline.parse, pageSize: pipeline.pageSize })
}

function definedOf<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
