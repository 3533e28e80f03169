// Cold start: how long `import('chainx-sdk')` takes in a fresh Node process, measured inside
// that process (performance.now() around the import), for the package as a user installs it
// (packed, `npm install <tarball>` into a scratch project). Median of BENCH_RUNS fresh processes
// (default 21), for ESM import, CommonJS require, and import plus a first GraphQL request to a
// local server (which loads node:http). Fails when the ESM import's median is over the target.
//
//   npm run bench:coldstart
import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { packAndInstall } from '../scripts/packAndInstall.js'
import { median } from './stats.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 21)
const TARGET_MS = 20
const run = promisify(execFile)

interface Sample {
  ms: number
  firstRequestMs?: number
  builtins: string[]
  files?: number
}

// Each program prints one JSON sample. `process.moduleLoadList` lists the Node built-ins loaded
// so far, so its growth across the import shows what the import pulled in. Before measuring,
// each program reads the clock once and (ESM) imports an empty module file, so that what Node
// loads for the clock and for reading ES modules from disk counts against no one: an app
// importing the SDK has loaded both already.
const warmUp = (esm: boolean) => `performance.now()${esm ? "\nawait import('./empty.mjs')" : ''}
const before = new Set(process.moduleLoadList)`

const programs = {
  esm: {
    type: 'module',
    code: `${warmUp(true)}
const started = performance.now()
await import('chainx-sdk')
const ms = performance.now() - started
console.log(JSON.stringify({ ms, builtins: process.moduleLoadList.filter((name) => !before.has(name) && name.startsWith('NativeModule')) }))`,
  },
  cjs: {
    type: 'commonjs',
    code: `${warmUp(false)}
const cached = Object.keys(require.cache).length
const started = performance.now()
require('chainx-sdk')
const ms = performance.now() - started
console.log(JSON.stringify({ ms, files: Object.keys(require.cache).length - cached, builtins: process.moduleLoadList.filter((name) => !before.has(name) && name.startsWith('NativeModule')) }))`,
  },
  firstRequest: {
    type: 'module',
    code: `${warmUp(true)}
const started = performance.now()
const { ChainxClient } = await import('chainx-sdk')
const ms = performance.now() - started
const client = new ChainxClient({ graphqlUrl: process.env.GRAPHQL_URL, limits: false, retry: false })
await client.graphql.query('query { chainIdentifier }')
const firstRequestMs = performance.now() - started
await client.close()
console.log(JSON.stringify({ ms, firstRequestMs, builtins: [] }))`,
  },
} as const

const ms = (value: number) => `${value.toFixed(1)} ms`

const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0' })
    response.end('{"data":{"chainIdentifier":"4c78adac"}}')
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const env = { ...process.env, GRAPHQL_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql` }

const install = await packAndInstall()
writeFileSync(join(install.dir, 'empty.mjs'), 'export {}\n')
let failed = false
try {
  console.log(`cold start of chainx-sdk in Node ${process.version}, ${RUNS} fresh processes each (installed from ${install.tarball})`)
  for (const [name, { type, code }] of Object.entries(programs)) {
    const samples: Sample[] = []
    // Interleaving would be fairer under load, but each process is short; one warm-up run
    // fills the OS file cache.
    for (let i = 0; i <= RUNS; i++) {
      const { stdout } = await run(process.execPath, [`--input-type=${type}`, '-e', code], { cwd: install.dir, env })
      if (i > 0) samples.push(JSON.parse(stdout) as Sample)
    }
    const times = samples.map((sample) => sample.ms)
    const line = [`${name.padEnd(12)} median ${ms(median(times))}`, `min ${ms(Math.min(...times))}`, `max ${ms(Math.max(...times))}`]
    if (samples[0]?.firstRequestMs !== undefined)
      line.push(`import + first request: median ${ms(median(samples.map((s) => s.firstRequestMs as number)))}`)
    if (samples[0]?.files !== undefined) line.push(`${samples[0].files} files required`)
    if (samples[0]?.builtins.length)
      line.push(`built-ins loaded by the import: ${samples[0].builtins.map((b) => b.replace('NativeModule ', '')).join(', ')}`)
    else if (name !== 'firstRequest') line.push('no built-in loaded by the import')
    console.log(line.join(', '))
    if (name === 'esm' && median(times) > TARGET_MS) {
      console.error(`over target: median ${ms(median(times))} > ${ms(TARGET_MS)}`)
      failed = true
    }
  }
} finally {
  rmSync(install.dir, { recursive: true, force: true })
  server.close()
}
if (failed) process.exit(1)
console.log(`within target (${ms(TARGET_MS)} for import('chainx-sdk'))`)
