import { resolve } from 'node:path'
import { DatabaseError } from '../errors/DatabaseError.js'
import { redactUrl } from '../utils/redactUrl.js'

/**
 * What a handler writes with: `query(text, params)` inside the batch's transaction. Parameters
 * are `$1`, `$2`, ...; the rows come back as objects.
 *
 * @example
 * const handle = async (items: ChainxEvent[], sql: Sql) => {
 *   for (const e of items) await sql.query('insert into listings(id) values ($1)', [e.id.txDigest])
 * }
 */
export interface Sql {
  query<TRow = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: TRow[] }>
}

/** One pipeline's hold on the database: its lock, and the transactions of its batches. */
export interface Session {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>
  /** Whether the connection under it was lost (then every failure in it is a lost connection). */
  readonly lost: boolean
  /** Gives the lock back and the connection with it. */
  release(): Promise<void>
}

/** A database the indexer writes to: PGlite in process, or a Postgres server. */
export interface Database {
  /** The database as messages name it: never a password. */
  readonly label: string
  /** A statement outside the pipelines (schema set-up, reads). */
  readonly query: Sql['query']
  /** Waits for the pipeline's lock (one writer per schema and pipeline), then holds it. */
  open(schema: string, pipeline: string, signal: AbortSignal): Promise<Session>
  /** Whether `error` says the connection was lost (retried), rather than a statement failed. */
  connectionLost(error: unknown): boolean
  close(): Promise<void>
}

/** Where `database` points: a Postgres URL, a PGlite data directory, or in-memory PGlite. */
export type DatabaseTarget = { kind: 'postgres'; url: string; label: string } | { kind: 'pglite'; dir: string | undefined; label: string }

/** The PGlite data directory used when no database is given. */
export const DEFAULT_DATABASE_DIR = '.chainx/db'

/**
 * Reads the `database` option: `postgres://` or `postgresql://` → Postgres, `memory://` →
 * in-memory PGlite, anything else → a PGlite data directory; undefined or '' → `./.chainx/db`.
 */
export function databaseTarget(database: string | undefined): DatabaseTarget {
  const value = database === undefined || database === '' ? DEFAULT_DATABASE_DIR : database
  if (/^postgres(ql)?:\/\//i.test(value)) return { kind: 'postgres', url: value, label: redactUrl(value) }
  if (value === 'memory://') return { kind: 'pglite', dir: undefined, label: value }
  return { kind: 'pglite', dir: resolve(value), label: value }
}

/** Removes every occurrence of `secret` from `text` (the database password from a message of a driver). */
export function scrub(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('***') : text
}

/** Imports an optional peer by a computed name (bundlers leave it alone); a missing one is a `DatabaseError` saying what to install. */
export async function importPeer<T>(name: string, label: string): Promise<T> {
  try {
    return (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as T
  } catch (cause) {
    throw new DatabaseError({ message: `${label} needs the optional peer dependency ${name}: npm install ${name}`, database: label, cause })
  }
}

/** Quotes an SQL identifier (a schema or table name). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
