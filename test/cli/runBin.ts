import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { startMockNetwork, createMockNetwork } from '../../src/testing/index.js'

const root = new URL('../../', import.meta.url).pathname
/** The built `chainx` bin, as package.json's `bin` names it. */
export const BIN = join(root, 'dist/cli.js')

/**
 * Throws unless dist/cli.js is built and newer than every file of src/ (npm test builds first;
 * alone: npm run build).
 */
export function checkBuiltBin(): void {
  if (!existsSync(BIN)) throw new Error('dist/cli.js is missing: run `npm run build` first (npm test does)')
  const built = statSync(BIN).mtimeMs
  const newest = (dir: string): number =>
    Math.max(
      ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const path = join(dir, entry.name)
        return entry.isDirectory() ? newest(path) : statSync(path).mtimeMs
      }),
    )
  if (newest(join(root, 'src')) > built) throw new Error('dist/cli.js is older than src/: run `npm run build` first')
}

/** What a finished run of the bin left. */
export interface BinResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** A started run of the bin: the child, its output so far, and its end. */
export interface BinRun {
  child: ChildProcess
  output: { stdout: string; stderr: string }
  done: Promise<BinResult>
}

/**
 * Spawns `node dist/cli.js …args` with the mock network's endpoints in CHAINX_RPC_URL and
 * CHAINX_GRAPHQL_URL (unless `env` overrides them), standard error a pipe (not a TTY).
 */
export function startBin(args: readonly string[], options: { env?: Record<string, string | undefined>; cwd?: string } = {}): BinRun {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output.stdout += text))
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output.stderr += text))
  const done = new Promise<BinResult>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => resolve({ code, signal, ...output }))
  })
  return { child, output, done }
}

/**
 * Resolves when the run's standard output or error (all of it so far) matches `pattern`: on
 * the child's own `data` events, no polling. Rejects if the child ends first.
 */
export function outputMatches(run: BinRun, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(run.output[stream])) return
      run.child[stream]?.off('data', check)
      resolve()
    }
    run.child[stream]?.on('data', check)
    run.done.then(() => reject(new Error(`the bin ended before its ${stream} matched ${pattern}: ${run.output[stream]}`)), reject)
    check()
  })
}

/** Runs the bin to its end (bounded: killed after `timeoutMs`). */
export async function runBin(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; timeoutMs?: number } = {},
): Promise<BinResult> {
  const run = startBin(args, options)
  const timer = setTimeout(() => run.child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
  try {
    return await run.done
  } finally {
    clearTimeout(timer)
  }
}

/** The environment that points the bin at a mock network. */
export function endpointsOf(mock: { rpcUrl: string; graphqlUrl: string }): Record<string, string> {
  return { CHAINX_RPC_URL: mock.rpcUrl, CHAINX_GRAPHQL_URL: mock.graphqlUrl }
}

/** A mock network that counts the HTTP requests it serves. */
export async function startCountingMockNetwork(options: {
  events: number
  seed?: number
}): Promise<RunningMockNetwork & { requests: () => number }> {
  const network = createMockNetwork({ events: options.events, seed: options.seed ?? 1 })
  let requests = 0
  const handle = network.handle.bind(network)
  network.handle = (request) => {
    requests++
    return handle(request)
  }
  const mock = await startMockNetwork({ network })
  // Not enumerable, as the mock's own extras: `new ChainxClient(mock)` sees only the URLs.
  return Object.defineProperty(mock, 'requests', { value: () => requests, enumerable: false }) as RunningMockNetwork & {
    requests: () => number
  }
}

/** Resolves once `check` holds, polling every 10 ms; rejects after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!check()) throw new Error('timed out waiting')
    },
    { timeout: timeoutMs, interval: 10 },
  )
}

/** What a CLI test file runs against: a counting mock network, its endpoints, a scratch directory, every event as JSON. */
export interface CliNetwork {
  mock: RunningMockNetwork & { requests: () => number }
  env: Record<string, string>
  dir: string
  /** Every event of the network, as `events export` writes each line. */
  truth: string[]
}

/**
 * Registers the hooks of a CLI test file: checks the built bin, starts a counting mock network
 * of `events` events and a scratch directory before all (handing them to `ready`), clears the
 * faults after each test, closes and removes them after all.
 */
export function useCliNetwork(options: { events: number; seed: number }, ready: (network: CliNetwork) => void): void {
  let network: CliNetwork | undefined
  beforeAll(async () => {
    checkBuiltBin()
    const mock = await startCountingMockNetwork(options)
    network = { mock, env: endpointsOf(mock), dir: mkdtempSync(join(tmpdir(), 'chainx-cli-')), truth: [] }
    const client = new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, wsUrl: mock.wsUrl })
    for await (const event of client.events.iterate({ filter: { All: [] } })) network.truth.push(JSON.stringify(event))
    ready(network)
  }, 60_000)
  afterEach(() => network?.mock.network.faults.clear())
  afterAll(async () => {
    await network?.mock.close()
    if (network) rmSync(network.dir, { recursive: true, force: true })
  })
}
