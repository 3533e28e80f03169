// bench:cli: items per second that `chainx events export` and `chainx graphql export` write to a
// file (with --state, so the periodic fsync and state writes count), next to a bare `for await`
// over the same walk that discards the items (bench/cli/bareWalk.mjs). Each is a fresh Node
// process on the built package (npm run build first), timed from spawn to exit; the mock network
// serves BENCH_EVENTS events from a child process of its own. Runs alternate, BENCH_ROUNDS rounds;
// medians. The target: the export at 90% of the bare walk or better. Each process's CPU time is
// reported too (bench/cli/reportCpu.mjs): on a shared machine it moves less with others' load.
//
//   npm run build && npm run bench:cli          BENCH_EVENTS=20000 BENCH_ROUNDS=7 npm run bench:cli
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const TARGET = 0.9
const root = new URL('../', import.meta.url).pathname
const bin = join(root, 'dist/cli.js')
if (!existsSync(bin) || !existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first')

const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'test/cli/serveMockNetwork.ts'), String(EVENTS), '3'], {
  stdio: ['pipe', 'pipe', 'inherit'],
})
const first = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve))
const { rpcUrl, graphqlUrl } = JSON.parse(first) as { rpcUrl: string; graphqlUrl: string }
const dir = mkdtempSync(join(tmpdir(), 'chainx-bench-cli-'))
const query = join(root, 'bench/cli/events.graphql')

const reportCpu = join(root, 'bench/cli/reportCpu.mjs')

/** Runs a process to its end; returns its wall time and CPU time in ms. */
function timed(args: string[]): Promise<{ wall: number; cpu: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', reportCpu, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text))
    child.on('error', reject)
    child.on('close', (code) => {
      const cpu = /bench-cpu-us (\d+)/.exec(stderr)?.[1]
      if (code !== 0 || cpu === undefined) reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`))
      else resolve({ wall: performance.now() - started, cpu: Number(cpu) / 1000 })
    })
  })
}

const cases = {
  'events: bare for await': () => timed([join(root, 'bench/cli/bareWalk.mjs'), 'events', rpcUrl, graphqlUrl]),
  'events: chainx events export': () => {
    rmSync(join(dir, 'events.state'), { force: true })
    return timed([
      bin,
      'events',
      'export',
      '--filter',
      '{"All":[]}',
      '--rpc-url',
      rpcUrl,
      '--out',
      join(dir, 'events.ndjson'),
      '--state',
      join(dir, 'events.state'),
      '--quiet',
    ])
  },
  'graphql: bare for await': () => timed([join(root, 'bench/cli/bareWalk.mjs'), 'graphql', rpcUrl, graphqlUrl]),
  'graphql: chainx graphql export': () => {
    rmSync(join(dir, 'graphql.state'), { force: true })
    const args = ['graphql', 'export', '--query', query, '--page-size', '50', '--graphql-url', graphqlUrl]
    return timed([bin, ...args, '--out', join(dir, 'graphql.ndjson'), '--state', join(dir, 'graphql.state'), '--quiet'])
  },
}
const samples = new Map<string, { wall: number; cpu: number }[]>(Object.keys(cases).map((name) => [name, []]))
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) samples.get(name)?.push(await run())
  }
} finally {
  server.stdin?.end()
  rmSync(dir, { recursive: true, force: true })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const rate = (name: string, what: 'wall' | 'cpu') => EVENTS / (median((samples.get(name) ?? []).map((sample) => sample[what])) / 1000)
const count = (value: number) => Math.round(value).toLocaleString('en-US').padStart(8)
console.log(
  `bench:cli: ${EVENTS} events, ${ROUNDS} rounds, medians (Node ${process.version}); items per second of wall time (spawn to exit) and of CPU time (user + system)`,
)
for (const name of samples.keys())
  console.log(`  ${name.padEnd(34)} ${count(rate(name, 'wall'))} items/s wall  ${count(rate(name, 'cpu'))} items/CPU-s`)
let failed = false
for (const kind of ['events', 'graphql']) {
  const [bare, exported] = [...samples.keys()].filter((name) => name.startsWith(kind)) as [string, string]
  const wall = rate(exported, 'wall') / rate(bare, 'wall')
  const cpu = rate(exported, 'cpu') / rate(bare, 'cpu')
  failed ||= wall < TARGET
  console.log(
    `  ${kind}: export at ${(wall * 100).toFixed(0)}% of the bare walk's items/s (target ≥ ${TARGET * 100}%), ${(cpu * 100).toFixed(0)}% per CPU second`,
  )
}
process.exitCode = failed ? 1 : 0
