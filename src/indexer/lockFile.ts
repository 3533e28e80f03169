import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sleep } from '../utils/sleep.js'

/** The lock file's name inside the PGlite data directory. */
export const LOCK_FILE = 'chainx-indexer.lock'

/** How often a waiting process looks at a lock held by a live process. */
const POLL_MS = 250

/**
 * Takes the lock file of a PGlite data directory (PGlite is one process's database): created
 * exclusively with this process's pid in it. A lock whose process is dead (a SIGKILLed run) is
 * taken at once; one held by a live process is waited for until `signal` aborts. Resolves to the
 * function that gives it back.
 */
export async function takeLockFile(dir: string, signal: AbortSignal): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, LOCK_FILE)
  for (;;) {
    // Written aside, then linked into place: the lock appears with its pid in it, never empty.
    const own = `${path}.${process.pid}`
    await writeFile(own, String(process.pid))
    try {
      await link(own, path)
      return () => unlink(path).catch(() => {})
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error
    } finally {
      await unlink(own).catch(() => {})
    }
    const holder = await readFile(path, 'utf8').catch(() => '')
    const pid = Number.parseInt(holder, 10)
    if (!alive(pid)) {
      // Dead (or gone meanwhile): remove it and try again,
      // unless another waiter replaced it meanwhile.
      if ((await readFile(path, 'utf8').catch(() => '')) === holder) await unlink(path).catch(() => {})
      continue
    }
    await sleep(POLL_MS, signal)
  }
}

function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'
  }
}
