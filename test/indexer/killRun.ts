import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

const root = new URL('../../', import.meta.url).pathname
const CHILD = new URL('./indexerChild.ts', import.meta.url).pathname

/** A running indexer child (test/indexer/indexerChild.ts) and the lines it printed. */
export interface IndexerChild {
  child: ChildProcess
  lines: string[]
  stderr: () => string
  /** Resolves with the `count`th line (already printed or to come) matching `pattern`; rejects if the child exits first. */
  waitFor(pattern: RegExp | ((line: string) => boolean), count?: number): Promise<string>
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
  const waitFor = (pattern: RegExp | ((line: string) => boolean), count = 1) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const matching = lines.filter((line) => (typeof pattern === 'function' ? pattern(line) : pattern.test(line)))
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
 * SIGKILLs an indexer child `kills` times at random points spread over the run: each at a random
 * number of committed events, inside a batch's handler or just after it returned (around the
 * commit), each child resuming where the last one's commits left the database. Resolves with
 * the kills done and where each landed.
 */
export async function killRepeatedly(options: {
  rpcUrl: string
  database: string
  kills: number
  events: number
  batchSize: number
  seed: number
}): Promise<{ kills: number; points: string[] }> {
  const random = seededRandom(options.seed)
  const points: string[] = []
  const targets = Array.from({ length: options.kills }, () => Math.floor(options.events * (0.05 + 0.85 * random()))).sort((a, b) => a - b)
  for (const target of targets) {
    const run = startIndexerChild(options.rpcUrl, options.database, options.batchSize)
    const kind = random() < 0.5 ? 'begin' : 'end'
    try {
      const line = await run.waitFor((text) => text.startsWith(`${kind} `) && Number(text.split(' ')[1]) >= target)
      run.child.kill('SIGKILL')
      points.push(`${kind} of a batch at ${line.split(' ')[1]}`)
    } finally {
      run.child.kill('SIGKILL')
      await run.exit
    }
  }
  return { kills: points.length, points }
}
