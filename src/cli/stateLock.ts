import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { UsageError } from './UsageError.js'

/**
 * Locks a `--state` file: `<state>.lock`, hard-linked into place whole, holds the pid of the run. A live
 * holder throws `UsageError` (exit 75); a dead one's lock is moved aside atomically and taken over (of two
 * runs, one wins). Returns the release (the lock removed if still ours), which also runs at `process.exit`.
 */
export function lockStateFile(state: string): () => void {
  const lock = `${state}.lock`
  const mine = `${process.pid}\n`
  const temporary = `${lock}.${process.pid}`
  writeFileSync(temporary, mine)
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temporary, lock)
        // Released at the end of the run, or at process.exit (a second Ctrl-C exits at once).
        const release = (): void => {
          process.off('exit', release)
          if (readHolder(lock) === process.pid) unlinkQuietly(lock)
        }
        process.on('exit', release)
        return release
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotLock(state, error)
      }
      const holder = readHolder(lock)
      if (holder !== undefined && isAlive(holder)) throw inUse(state, lock, holder)
      const aside = `${lock}.stale.${process.pid}`
      try {
        renameSync(lock, aside)
      } catch {
        continue // another run took it over (or released it) meanwhile: try again
      }
      const moved = readHolder(aside)
      if (moved !== holder && moved !== undefined && isAlive(moved)) {
        // Between the read and the move another run took the stale lock over: give it back.
        try {
          linkSync(aside, lock)
        } catch {
          // A third run holds it now; either way it is not ours.
        }
        unlinkQuietly(aside)
        throw inUse(state, lock, moved)
      }
      unlinkQuietly(aside)
    }
    throw cannotLock(state, new Error('the lock keeps changing hands'))
  } finally {
    unlinkQuietly(temporary)
  }
}

function readHolder(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // alive, another user's
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}

function inUse(state: string, lock: string, pid: number): UsageError {
  return new UsageError(
    `--state: ${state} is in use by another chainx run (pid ${pid}); wait for it to end or stop it (if no such process is a chainx run, delete ${lock})`,
    75,
  )
}

function cannotLock(state: string, error: unknown): UsageError {
  return new UsageError(`--state: cannot lock ${state} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
}
