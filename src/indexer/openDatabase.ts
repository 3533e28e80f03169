import type { Database, DatabaseTarget } from './database.js'

/**
 * Opens the database `target` names, loading its driver (an optional peer: `pg` or
 * `@electric-sql/pglite`) on first use.
 */
export async function openDatabase(target: DatabaseTarget, signal: AbortSignal): Promise<Database> {
  if (target.kind === 'postgres') {
    const { openPostgres } = await import('./postgres.js')
    return openPostgres(target.url, target.label)
  }
  const { openPglite } = await import('./pglite.js')
  return openPglite(target.dir, target.label, signal)
}
