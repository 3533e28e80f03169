import { readdirSync, readlinkSync } from 'node:fs'

/** Heap used after a full collection, in bytes (needs `node --expose-gc`). */
export function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error('run with node --expose-gc')
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

/** Sockets this process holds open, from /proc/self/fd (undefined where there is none). */
export function openSockets(): number | undefined {
  try {
    let sockets = 0
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) sockets++
      } catch {
        // Closed while listed (the readdir's own descriptor).
      }
    }
    return sockets
  } catch {
    return undefined
  }
}

/** Active handles by type (`process.getActiveResourcesInfo()`), timers and sockets included. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1
  return counts
}

/** The handle types whose count is above the baseline's. */
export function grownResources(baseline: Record<string, number>, now: Record<string, number>): string[] {
  return Object.entries(now)
    .filter(([type, count]) => count > (baseline[type] ?? 0))
    .map(([type, count]) => `${type} ${baseline[type] ?? 0} -> ${count}`)
}

export const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 100) / 100

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
