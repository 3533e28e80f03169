// The SDK's own work per request, without a network: the two operations of bench:peers
// (`client.graphql.query(EventsDocument, { first: 50 })` and `client.events.query({ filter:
// { All: [] }, limit: 50 })`) run through the real ChainxClient, built as bench:peers builds it
// (esbuild, as tsup builds dist/), whose transport sends through a stub HttpFn answering from
// memory: the build swaps src/transport/selectHttp.ts for bench/overhead/stubSelectHttp.ts. Each
// distinct request is answered by the mock network (createMockNetwork) once, then replayed
// (JSON-RPC answers carry the request's own id). So the figures are everything between the
// public call and the HttpFn and back: body, checks, envelope, decoding, promise layers.
//
// Per operation: µs of CPU per call (median over interleaved rounds) and bytes allocated per
// call (heap growth over batches run between forced GCs, young generation large enough that no
// collection runs inside a batch). "floor" is the stub's answer plus `JSON.parse` of its body,
// the work no client can skip; "SDK's own" is the difference. Not a test: it prints a table.
//
//   npm run bench:overhead          BENCH_ROUNDS=41 BENCH_CALLS=500 npm run bench:overhead
//   BENCH_ONLY=graphql|events node --cpu-prof --import tsx bench/overhead.ts   (a profile of one)
import { PerformanceObserver } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { EventsDocument } from '../src/graphql/generated/operations.js'
import { createMockNetwork } from '../src/testing/createMockNetwork.js'
import type { HttpFn, HttpResponse } from '../src/transport/types.js'
import { buildSdk } from './buildSdk.js'
import { STUB_HTTP } from './overhead/stubSelectHttp.js'
import { median } from './stats.js'

const stubModule = fileURLToPath(new URL('./overhead/stubSelectHttp.ts', import.meta.url))
const { ChainxClient } = await buildSdk('chainx-bench-overhead', [
  {
    name: 'stub-http',
    setup(builder) {
      builder.onResolve({ filter: /\/selectHttp\.js$/ }, (args) => (args.importer === stubModule ? undefined : { path: stubModule }))
    },
  },
])

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21)
const CALLS = Number(process.env.BENCH_CALLS ?? 300)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2_000)
const BATCH = Number(process.env.BENCH_BATCH ?? 50)
const BATCHES = Number(process.env.BENCH_BATCHES ?? 15)
const ONLY = process.env.BENCH_ONLY
const PAGE = 50

const graphqlUrl = 'http://127.0.0.1:9/graphql'
const rpcUrl = 'http://127.0.0.1:9/json-rpc'

// The stub HttpFn: records each distinct request's answer from the mock network, then replays
// it. A JSON-RPC request is keyed without its id, and its answer is sent back with that id.
const network = createMockNetwork({ events: 2_000, seed: 11 })
const answers = new Map<string, HttpResponse>()
let recording = true
const ID = /"id":(\d+|"(?:[^"\\]|\\.)*"|null),/

const http: HttpFn = (request) => {
  const id = request.url === rpcUrl ? ID.exec(request.body) : null
  const key = id ? `${request.url} ${request.body.replace(ID, '')}` : `${request.url} ${request.body}`
  const answer = answers.get(key)
  if (answer) {
    const body = id ? `{"jsonrpc":"2.0","id":${id[1]},${answer.body}` : answer.body
    return Promise.resolve({ status: answer.status, headers: { ...answer.headers }, body })
  }
  if (!recording) return Promise.reject(new Error(`bench/overhead: no recorded answer for ${key.slice(0, 200)}`))
  return network.handle({ method: 'POST', url: request.url, headers: request.headers, body: request.body }).then((first) => {
    // Stored without the envelope's head: `"result":…}` for JSON-RPC, the whole body for GraphQL.
    const stored = id && first.status === 200 ? first.body.slice(first.body.indexOf('"result":')) : first.body
    if (id && first.status === 200 && !first.body.startsWith('{"jsonrpc":"2.0","id":'))
      throw new Error('bench/overhead: unexpected JSON-RPC body')
    answers.set(key, { ...first, body: stored })
    return first
  })
}
;(globalThis as { [STUB_HTTP]?: HttpFn })[STUB_HTTP] = http
const client = new ChainxClient({ graphqlUrl, rpcUrl, retry: false })

type Operation = { name: string; run: () => Promise<unknown>; floor: () => Promise<unknown> }
const variables = { first: PAGE }
const filter = { All: [] as [] }
const graphqlBody = JSON.stringify({ query: String(EventsDocument), variables })
const rpcBody = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"chainx_queryEvents","params":${JSON.stringify([filter, null, PAGE, false])}}`
let floorId = 0
const parseAnswer = (response: HttpResponse) => JSON.parse(response.body) as unknown
const floorRequest = (url: string, body: string) => ({
  url,
  headers: { 'content-type': 'application/json' },
  body,
  timeoutMs: 0,
  maxResponseBytes: Infinity,
})
const operations: Operation[] = [
  {
    name: `graphql.query(EventsDocument, { first: ${PAGE} })`,
    run: () => client.graphql.query(EventsDocument, variables),
    floor: () => http(floorRequest(graphqlUrl, graphqlBody)).then(parseAnswer),
  },
  {
    name: `events.query({ filter: { All: [] }, pageSize: ${PAGE} })`,
    run: () => client.events.query({ filter, pageSize: PAGE }),
    floor: () => http(floorRequest(rpcUrl, rpcBody(++floorId))).then(parseAnswer),
  },
].filter((operation) => !ONLY || operation.name.startsWith(ONLY))

// Record every answer (and check the pages are full), then replay only.
for (const operation of operations) {
  await operation.run()
  const size = JSON.stringify(await operation.run()).length
  if (size < 10_000) throw new Error(`${operation.name} got a short answer (${size} chars)`)
  await operation.floor()
}
recording = false

const contenders = operations.flatMap((operation) => [
  { key: `${operation.name} sdk`, run: operation.run },
  { key: `${operation.name} floor`, run: operation.floor },
])
for (const { run } of contenders) for (let i = 0; i < WARMUP; i++) await run()

// CPU: interleaved rounds in a rotating order, median of each contender's per-call CPU.
const cpu = new Map<string, number[]>(contenders.map(({ key }) => [key, []]))
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < contenders.length; k++) {
    const { key, run } = contenders[(round + k) % contenders.length]!
    const started = process.cpuUsage()
    for (let i = 0; i < CALLS; i++) await run()
    const used = process.cpuUsage(started)
    cpu.get(key)!.push((used.user + used.system) / CALLS)
  }
}

// Allocations: heap growth over a batch that started right after a full GC; a batch during
// which any collection ran is left out (its growth is not what it allocated).
const gc = (globalThis as { gc?: () => void }).gc
const allocated = new Map<string, number[]>(contenders.map(({ key }) => [key, []]))
if (gc) {
  let collections = 0
  const observer = new PerformanceObserver((list) => (collections += list.getEntries().length))
  observer.observe({ entryTypes: ['gc'] })
  // The observer hears of a collection a little later (a timer, not setImmediate, is enough).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2))
  for (let batch = 0; batch < BATCHES; batch++) {
    for (const { key, run } of contenders) {
      gc()
      await settle()
      const before = collections
      const heap = process.memoryUsage().heapUsed
      for (let i = 0; i < BATCH; i++) await run()
      const grown = process.memoryUsage().heapUsed - heap
      await settle()
      if (collections === before && grown > 0) allocated.get(key)!.push(grown / BATCH)
    }
  }
  observer.disconnect()
}

const kB = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(1)} kB`)
const rows = operations.map((operation) => {
  const sdkCpu = median(cpu.get(`${operation.name} sdk`)!)
  const floorCpu = median(cpu.get(`${operation.name} floor`)!)
  const sdkBytes = allocated.get(`${operation.name} sdk`)!
  const floorBytes = allocated.get(`${operation.name} floor`)!
  const sdkAlloc = sdkBytes.length ? median(sdkBytes) : undefined
  const floorAlloc = floorBytes.length ? median(floorBytes) : undefined
  return {
    operation: operation.name,
    'CPU per call': `${sdkCpu.toFixed(1)} µs`,
    'floor CPU': `${floorCpu.toFixed(1)} µs`,
    "SDK's own CPU": `${(sdkCpu - floorCpu).toFixed(1)} µs`,
    'allocated per call': kB(sdkAlloc),
    'floor allocated': kB(floorAlloc),
    "SDK's own allocated": sdkAlloc === undefined || floorAlloc === undefined ? 'n/a' : kB(sdkAlloc - floorAlloc),
    'batches counted': `${sdkBytes.length}/${BATCHES}`,
  }
})
console.log(
  `overhead: ${ROUNDS} interleaved rounds of ${CALLS} calls, medians; allocations over ${BATCHES} batches of ${BATCH}` +
    `${gc ? '' : ' (skipped: run with --expose-gc)'}; floor = stub HttpFn + JSON.parse; Node ${process.version}`,
)
console.table(rows)
