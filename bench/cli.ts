// bench:cli: items per second that `chainx events export` and `chainx graphql export` write to a
// file (with --state, so the periodic fsync and state writes count), next to a bare `for await`
// over the same walk that discards the items (bench/cli/bareWalk.mjs). Each is a fresh Node
// process on the built package (npm run build first), timed from spawn to exit; the mock network
// serves BENCH_EVENTS events from a child process of its own. Runs alternate, BENCH_ROUNDS rounds;
// medians. The target: the export at 90% of the bare walk or better.
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

/** Runs a process to its end; returns the wall time in ms. */
function timed(args: string[]): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}`))))
  })
}

const cases = {
  'events: bare for await': () => timed([join(root, 'bench/cli/bareWalk.mjs'), 'events', rpcUrl, graphqlUrl]),
  'events: chainx events export': () => {
    rmSync(join(dir, 'events.state'), { force: true })
    return timed([bin, 'events', 'export', '--filter', '{"All":[]}', '--rpc-url', rpcUrl, '--out', join(dir, 'events.ndjson'), '--state', join(dir, 'events.state'), '--quiet'])
  },
  'graphql: bare for await': () => timed([join(root, 'bench/cli/bareWalk.mjs'), 'graphql', rpcUrl, graphqlUrl]),
  'graphql: chainx graphql export': () => {
    rmSync(join(dir, 'graphql.state'), { force: true })
    const args = ['graphql', 'export', '--query', query, '--page-size', '50', '--graphql-url', graphqlUrl]
    return timed([bin, ...args, '--out', join(dir, 'graphql.ndjson'), '--state', join(dir, 'graphql.state'), '--quiet'])
  },
}
const samples = new Map<string, number[]>(Object.keys(cases).map((name) => [name, []]))
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) samples.get(name)?.push(await run())
  }
} finally {
  server.stdin?.end()
  rmSync(dir, { recursive: true, force: true })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number
const rate = (name: string) => EVENTS / (median(samples.get(name) ?? []) / 1000)
console.log(`bench:cli: ${EVENTS} events, ${ROUNDS} rounds, median wall time from spawn to exit (Node ${process.version})`)
for (const name of samples.keys()) console.log(`  ${name.padEnd(34)} ${Math.round(rate(name)).toLocaleString('en-US').padStart(8)} items/s  (${Math.round(median(samples.get(name) ?? []))} ms)`)
let failed = false
for (const kind of ['events', 'graphql']) {
  const [bare, exported] = [...samples.keys()].filter((name) => name.startsWith(kind))
  const ratio = rate(exported as string) / rate(bare as string)
  failed ||= ratio < TARGET
  console.log(`  ${kind}: export at ${(ratio * 100).toFixed(0)}% of the bare walk (target ≥ ${TARGET * 100}%)`)
}
process.exitCode = failed ? 1 : 0
