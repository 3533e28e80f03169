import type { PGlite } from '@electric-sql/pglite'
import { DatabaseError } from '../errors/DatabaseError.js'
import { importPeer, type Database, type Sql } from './database.js'
import { takeLockFile } from './lockFile.js'

/**
 * PGlite in this process: in memory (`dir` undefined) or in a data directory guarded by a lock
 * file (one process at a time; a dead holder's lock is taken at once). PGlite runs one
 * transaction at a time, so pipelines take turns; their locks are the process's own.
 */
export async function openPglite(dir: string | undefined, label: string, signal: AbortSignal): Promise<Database> {
  const { PGlite: Pglite } = await importPeer<{ PGlite: typeof PGlite }>('@electric-sql/pglite', label)
  const unlock = dir === undefined ? async () => {} : await takeLockFile(dir, signal)
  let db: PGlite
  try {
    db = await Pglite.create(dir ?? 'memory://')
  } catch (cause) {
    await unlock()
    throw new DatabaseError({ message: `Opening PGlite in ${label} failed`, database: label, cause })
  }
  const wrap = (sql: Pick<PGlite, 'query'>): Sql => ({ query: (text, params) => sql.query(text, params as unknown[]) })
  const held = new Set<string>()
  return {
    label,
    query: wrap(db).query,
    async open(schema, pipeline) {
      const key = `${schema}.${pipeline}`
      if (held.has(key))
        throw new DatabaseError({ message: `Pipeline ${JSON.stringify(pipeline)} already runs in this process`, database: label })
      held.add(key)
      return {
        lost: false,
        transaction: (work) => db.transaction((tx) => work(wrap(tx))),
        release: async () => void held.delete(key),
      }
    },
    connectionLost: () => false,
    async close() {
      await db.close().catch(() => {})
      await unlock()
    },
  }
}
