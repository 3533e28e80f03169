import type { Client as PgClient, ClientConfig, Pool as PgPool, PoolConfig } from 'pg'
import { DatabaseError } from '../errors/DatabaseError.js'
import { sleep } from '../utils/sleep.js'
import { importPeer, scrub, type Database, type Session, type Sql } from './database.js'

interface PgModule {
  Client: new (config: ClientConfig) => PgClient
  Pool: new (config: PoolConfig) => PgPool
}

/** How often a waiting pipeline asks for the lock another process holds. */
const LOCK_POLL_MS = 250

// SQLSTATE classes and codes of a lost or refused connection (08: connection exception; 57P01-03:
// the server shut down or is starting) and the socket errors of Node.
const LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])
const LOST_MESSAGES = /Connection terminated|connection error|not queryable|terminating connection/i

/**
 * Postgres through `pg`: a small pool for set-up and reads, and one connection per running
 * pipeline that holds the session advisory lock of (schema, pipeline) and writes its batches.
 * A connection that dies takes its lock with it, so another process can take over at once.
 */
export async function openPostgres(url: string, label: string): Promise<Database> {
  const module = await importPeer<PgModule & { default?: PgModule }>('pg', label)
  const pg = module.default ?? module
  const password = passwordOf(url)
  const fail = (action: string, cause: unknown) => {
    const lost = connectionLost(cause)
    const reason = cause instanceof Error ? scrub(cause.message, password) : 'unknown error'
    return new DatabaseError({
      message: `${action} on ${label} failed: ${reason}`,
      database: label,
      cause: scrubbed(cause, password),
      retryable: lost,
    })
  }
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 1_000 })
  pool.on('error', () => {}) // an idle client's lost connection: the next query reconnects
  const query: Sql['query'] = async (text, params) => {
    try {
      return (await pool.query(text, params as unknown[])) as never
    } catch (cause) {
      throw fail('A query', cause)
    }
  }
  // Fails now (refused, bad password) rather than at the first pipeline.
  await query('select 1').catch((cause) => {
    throw cause instanceof DatabaseError ? cause : fail('Connecting', cause)
  })

  async function open(schema: string, pipeline: string, signal: AbortSignal): Promise<Session> {
    const client = new pg.Client({ connectionString: url })
    let lost = false
    client.on('error', () => (lost = true))
    client.on('end', () => (lost = true))
    try {
      await client.connect()
      // Session lock: held while this connection lives, released by the server when it dies.
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [
          `${schema}.${pipeline}`,
        ])
        if (rows[0]?.locked) break
        await sleep(LOCK_POLL_MS, signal)
      }
    } catch (cause) {
      await client.end().catch(() => {})
      throw signal.aborted ? cause : fail(`Taking the lock of pipeline ${JSON.stringify(pipeline)}`, cause)
    }
    const sql: Sql = { query: async (text, params) => (await client.query(text, params as unknown[])) as never }
    return {
      get lost() {
        return lost
      },
      async transaction(work) {
        await client.query('begin')
        try {
          const result = await work(sql)
          await client.query('commit')
          return result
        } catch (error) {
          await client.query('rollback').catch(() => {})
          throw error
        }
      },
      release: () => client.end().catch(() => {}),
    }
  }

  return {
    label,
    query,
    open,
    connectionLost,
    close: () => pool.end().catch(() => {}),
  }
}

/** Whether `error` (or one of its causes) is a lost or refused connection. */
function connectionLost(error: unknown): boolean {
  let current = error
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    if (current instanceof DatabaseError) return current.retryable
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08'))) return true
    if (LOST_MESSAGES.test(current.message)) return true
    current = current.cause
  }
  return false
}

function passwordOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined
  } catch {
    return undefined
  }
}

/** A driver's error as a cause: its message without the password (drivers do not print it, but a server may echo it). */
function scrubbed(cause: unknown, password: string | undefined): unknown {
  if (!(cause instanceof Error) || !password || !cause.message.includes(password)) return cause
  return new Error(scrub(cause.message, password))
}
