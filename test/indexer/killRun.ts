import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

const root = new URL('../../', import.meta.url).pathname
const CHILD = new URL('./indexerChild.ts', import.meta.url).pathname

/** A running indexer child (test/indexer/indexerChild.ts) and the lines it printed. */
export interface IndexerChild {
  child: ChildProcess
  lines: string[]
  stderr: () => string
  /** Resolves with the first line (from now on or already printed) matching `pattern`; rejects if the child exits first. */
  waitFor(pattern: RegExp, count?: number): Promise<string>
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function startIndexerChild(rpcUrl: string, database: string, batchSize = 200): IndexerChild {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, rpcUrl, database, String(batchSize)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let stderr = ''
  const listeners = new Set<() => void>()
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line)
    for (const listener of listeners) listener()
  })
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  )
  const waitFor = (pattern: RegExp, count = 1) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const matching = lines.filter((line) => pattern.test(line))
        if (matching.length >= count) {
          listeners.delete(check)
          resolve(matching[count - 1] as string)
        }
      }
      listeners.add(check)
      check()
      void exit.then(({ code, signal }) => {
        if (!listeners.has(check)) return
        listeners.delete(check)
        reject(new Error(`indexer child exited (${code ?? signal}) before ${String(pattern)}: ${stderr.slice(-2_000)}`))
      })
    })
  return { child, lines, stderr: () => stderr, waitFor, exit }
}

/** A small seeded PRNG (mulberry32), so that a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * SIGKILLs an indexer child `kills` times at random points (inside a batch's handler, or just
 * after it returned, around the commit), each child resuming where the last one's commits
 * left the database, then runs one to the end. Resolves with the kills done and the last
 * child's final line.
 */
export async function killRepeatedly(options: {
  rpcUrl: string
  database: string
  kills: number
  batches: number
  batchSize: number
  seed: number
}): Promise<{ kills: number; points: string[] }> {
  const random = seededRandom(options.seed)
  const points: string[] = []
  const spread = Math.max(1, Math.floor(options.batches / (options.kills + 2)))
  for (let round = 0; round < options.kills; round++) {
    const run = startIndexerChild(options.rpcUrl, options.database, options.batchSize)
    const kind = random() < 0.5 ? 'begin' : 'end'
    const nth = 1 + Math.floor(random() * spread)
    try {
      const line = await run.waitFor(new RegExp(`^${kind} `), nth)
      run.child.kill('SIGKILL')
      points.push(`${kind} #${nth} (${line.split(' ')[1]} handled)`)
    } finally {
      run.child.kill('SIGKILL')
      await run.exit
    }
  }
  return { kills: points.length, points }
}
