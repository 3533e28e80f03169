// chainx-sdk next to peer clients, per request: a GraphQL page of 50 events and a
// `queryEvents` page of 50. The server is the mock network in a child process (so the CPU
// figures are the client's alone) answering from memory: each distinct request is answered by
// the mock network once, then replayed (a JSON-RPC answer with the request's own id), so the
// figures measure the clients, not the mock's GraphQL execution. Contenders run in interleaved
// rounds, in a rotating order, so drift (GC, JIT, other jobs on the machine) hits each alike;
// medians over all requests (latency) and over rounds (client CPU per request), with ratios to
// a raw `fetch` + `JSON.parse` of the same request. Two more fetch contenders mark the floor a
// fetch client can reach over Node's fetch: the cheapest init (`redirect: 'error'`, `window: null`),
// and the same with the time limit the SDK keeps (an AbortSignal per request). Not a test: it
// prints tables.
// The SDK is measured as it ships: src/index.ts built by esbuild as tsup builds dist/ (the
// peers run as their published JavaScript too), not as tsx runs the source: tsx keeps every
// function's name with a call per closure created, a cost of about 0.1x raw fetch per request
// on the Node transport that no built copy pays.
//
//   npm run bench:peers            BENCH_ROUNDS=61 BENCH_REQUESTS=100 npm run bench:peers
import { SuiClient, SuiHTTPTransport } from '@mysten/sui/client'
import { SuiGraphQLClient } from '@mysten/sui/graphql'
import { GraphQLClient } from 'graphql-request'
import { fork } from 'node:child_process'
import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { EventsDocument } from '../src/graphql/generated/operations.js'
import { createMockNetwork } from '../src/testing/createMockNetwork.js'
import { buildSdk } from './buildSdk.js'
import type { MockHttpResponse } from '../src/testing/http/handleMockRequest.js'
import { median } from './stats.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300)
/** Contenders whose name matches this pattern (raw fetch and bare node:http always run: the ratios are to them). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(`raw fetch|bare node|${process.env.BENCH_ONLY}`) : undefined
const PAGE = 50
const RAW = 'raw fetch + JSON.parse'
/** The least work a fetch client can ask of undici for the same request: no redirect handling, no window, no signal. */
const FLOOR = "fetch floor: raw fetch with redirect: 'error', window: null"
/** The floor with a time limit that closes a stalled connection, as the SDK keeps one: an AbortSignal per request. */
const FLOOR_LIMIT = 'fetch floor + a 30 s time limit (AbortSignal)'
const BARE = 'bare node:http keep-alive + JSON.parse (no client)'
const NODE_HTTP = "chainx-sdk over node:http (the Node default, transport: 'node-http')"
const SUI = '@mysten/sui 1.45 (SuiGraphQLClient / SuiClient.queryEvents)'

interface Endpoints {
  graphqlUrl: string
  rpcUrl: string
}

if (process.argv[2] === 'server') {
  const network = createMockNetwork({ events: 2_000, seed: 11 })
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      request.on('error', reject)
    })
  // GraphQL answers by request body; JSON-RPC results by method and params, sent back with the
  // request's id (the mock network checks each request the first time it sees it).
  const answers = new Map<string, Promise<MockHttpResponse>>()
  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const url = request.url ?? '/'
      const call = url.startsWith('/json-rpc') ? (JSON.parse(body) as { id: unknown; method: string; params: unknown }) : undefined
      const key = call ? `${url} ${call.method} ${JSON.stringify(call.params)}` : `${url} ${body}`
      let answer = answers.get(key)
      if (!answer) {
        answer = network.handle({ method: request.method ?? 'POST', url, headers: request.headers, body }).then((first) => {
          if (!call || first.status !== 200) return first
          return { ...first, body: JSON.stringify((JSON.parse(first.body) as { result: unknown }).result) }
        })
        answers.set(key, answer)
      }
      const { status, headers, body: stored } = await answer
      response.writeHead(status, headers)
      response.end(call && status === 200 ? `{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":${stored}}` : stored)
    })
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    process.send?.({ graphqlUrl: `${base}/graphql`, rpcUrl: `${base}/json-rpc` } satisfies Endpoints)
  })
  process.on('disconnect', () => process.exit(0))
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] })
  const { graphqlUrl, rpcUrl } = await new Promise<Endpoints>((resolve) => child.once('message', (m) => resolve(m as Endpoints)))

  const { ChainxClient } = await buildSdk('chainx-bench')

  const query = String(EventsDocument)
  const variables = { first: PAGE }
  const filter = { All: [] as [] }
  let rawId = 0
  const graphqlBody = () => JSON.stringify({ query, variables })
  const rpcBody = () => JSON.stringify({ jsonrpc: '2.0', id: ++rawId, method: 'chainx_queryEvents', params: [filter, null, PAGE, false] })
  const rawPost = async (url: string, body: string): Promise<unknown> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return JSON.parse(await response.text()) as unknown
  }
  // Over Node's fetch, `redirect: 'error'` with `window: null` spares undici its copy of the request
  // (the SDK sends so after an endpoint's first answer); no time limit, which the SDK keeps.
  const floorPost = async (url: string, body: string, timeoutMs = 0): Promise<unknown> => {
    const controller = timeoutMs > 0 ? new AbortController() : undefined
    const timer = controller && setTimeout(() => controller.abort(), timeoutMs)
    try {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, redirect: 'error', window: null }
      const response = await fetch(url, { ...(init as RequestInit), signal: controller?.signal })
      return JSON.parse(await response.text()) as unknown
    } finally {
      clearTimeout(timer)
    }
  }

  // The floor of the Node transport: a bare keep-alive node:http POST, no client around it.
  const agent = new Agent({ keepAlive: true })
  const nodeHttpPost = (url: string, body: string) =>
    new Promise<unknown>((resolve, reject) => {
      const request = httpRequest(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(body)
    })

  const sdkNodeHttp = new ChainxClient({ graphqlUrl, rpcUrl, retry: false, transport: 'node-http' })
  const sdkFetch = new ChainxClient({ graphqlUrl, rpcUrl, retry: false, transport: 'fetch' })
  const graphqlRequest = new GraphQLClient(graphqlUrl)
  const suiGraphQL = new SuiGraphQLClient({ url: graphqlUrl })
  // SuiClient speaks `suix_queryEvents`; its transport renames the method on the wire, and
  // nothing else changes (the service's parameters are the same).
  class RenamingTransport extends SuiHTTPTransport {
    override request<T>(input: Parameters<SuiHTTPTransport['request']>[0]): Promise<T> {
      return super.request<T>({ ...input, method: input.method.replace(/^suix_/, 'chainx_') })
    }
  }
  const suiClient = new SuiClient({ transport: new RenamingTransport({ url: rpcUrl }) })

  type Run = () => Promise<unknown>
  const operations: { name: string; contenders: [string, Run | undefined][] }[] = [
    {
      name: `GraphQL page of ${PAGE} events`,
      contenders: [
        [RAW, () => rawPost(graphqlUrl, graphqlBody())],
        [FLOOR, () => floorPost(graphqlUrl, graphqlBody())],
        [FLOOR_LIMIT, () => floorPost(graphqlUrl, graphqlBody(), 30_000)],
        [BARE, () => nodeHttpPost(graphqlUrl, graphqlBody())],
        [NODE_HTTP, () => sdkNodeHttp.graphql.query(EventsDocument, variables)],
        ['chainx-sdk over the global fetch', () => sdkFetch.graphql.query(EventsDocument, variables)],
        [SUI, () => suiGraphQL.query({ query, variables })],
        ['graphql-request 7.4', () => graphqlRequest.request(query, variables)],
      ],
    },
    {
      name: `queryEvents page of ${PAGE}`,
      contenders: [
        [RAW, () => rawPost(rpcUrl, rpcBody())],
        [FLOOR, () => floorPost(rpcUrl, rpcBody())],
        [FLOOR_LIMIT, () => floorPost(rpcUrl, rpcBody(), 30_000)],
        [BARE, () => nodeHttpPost(rpcUrl, rpcBody())],
        [NODE_HTTP, () => sdkNodeHttp.events.query({ filter, pageSize: PAGE })],
        ['chainx-sdk over the global fetch', () => sdkFetch.events.query({ filter, pageSize: PAGE })],
        [SUI, () => suiClient.queryEvents({ query: filter, limit: PAGE, order: 'ascending' })],
        ['graphql-request 7.4', undefined],
      ],
    },
  ]

  // Every contender must get the same page before its time counts.
  for (const operation of operations) {
    const sizes = await Promise.all(operation.contenders.map(async ([, run]) => (run ? JSON.stringify(await run()).length : 0)))
    for (const [i, [name, run]] of operation.contenders.entries()) {
      if (run && sizes[i]! < 10_000) throw new Error(`${name} got a short answer for ${operation.name} (${sizes[i]} chars)`)
    }
  }

  /** Medians over all requests and rounds, and each round's median latency over the same round's raw fetch and bare node:http (paired: drift hits both alike), medians over rounds. */
  type Figures = { latencyMs: number; cpuUs: number; toRaw: number; toBare: number; toSui: number }
  const results = new Map<string, Map<string, Figures>>()
  for (const operation of operations) {
    const runs = operation.contenders.filter(
      (entry): entry is [string, Run] => entry[1] !== undefined && (ONLY === undefined || ONLY.test(entry[0])),
    )
    for (const [, run] of runs) for (let i = 0; i < WARMUP; i++) await run()
    const latencies = new Map<string, number[]>(runs.map(([name]) => [name, []]))
    const cpuPerRound = new Map<string, number[]>(runs.map(([name]) => [name, []]))
    const roundMedians = new Map<string, number[]>(runs.map(([name]) => [name, []]))
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < runs.length; k++) {
        const [name, run] = runs[(round + k) % runs.length]!
        const list = latencies.get(name)!
        const thisRound: number[] = []
        const cpu = process.cpuUsage()
        for (let i = 0; i < REQUESTS; i++) {
          const started = performance.now()
          await run()
          thisRound.push(performance.now() - started)
        }
        const used = process.cpuUsage(cpu)
        list.push(...thisRound)
        roundMedians.get(name)!.push(median(thisRound))
        cpuPerRound.get(name)!.push((used.user + used.system) / REQUESTS)
      }
    }
    const paired = (name: string, floor: string) => {
      const own = roundMedians.get(name)!
      const base = roundMedians.get(floor)
      return base ? median(own.map((value, round) => value / base[round]!)) : NaN
    }
    const figures = new Map<string, Figures>()
    for (const [name] of runs)
      figures.set(name, {
        latencyMs: median(latencies.get(name)!),
        cpuUs: median(cpuPerRound.get(name)!),
        toRaw: paired(name, RAW),
        toBare: paired(name, BARE),
        toSui: paired(name, SUI),
      })
    results.set(operation.name, figures)
  }

  const rows: Record<string, string>[] = []
  const names = operations[0]!.contenders.map(([name]) => name)
  for (const name of names) {
    const row: Record<string, string> = { client: name }
    for (const operation of operations) {
      const figures = results.get(operation.name)!
      const raw = figures.get(RAW)!
      const own = figures.get(name)
      row[`${operation.name}: latency`] = own ? `${own.latencyMs.toFixed(3)} ms (${(own.latencyMs / raw.latencyMs).toFixed(2)})` : 'n/a'
      row[`${operation.name}: client CPU`] = own ? `${Math.round(own.cpuUs)} µs (${(own.cpuUs / raw.cpuUs).toFixed(2)})` : 'n/a'
    }
    rows.push(row)
  }
  console.log(
    `peers: ${ROUNDS} interleaved rounds of ${REQUESTS} sequential requests per client, medians, (ratio to raw fetch); Node ${process.version}`,
  )
  console.table(rows)
  // The same figures as a Markdown table for docs/performance.md: latency as paired ratios
  // (each round's median over the same round's raw fetch, and over bare node:http), client CPU over raw fetch's.
  const header = operations.flatMap((operation) => [
    `${operation.name}: latency / raw fetch`,
    'latency / bare node:http',
    'client CPU / raw fetch',
  ])
  console.log(`\n| client | ${header.join(' | ')} |\n|---|${header.map(() => '---|').join('')}`)
  for (const name of names) {
    const cells = operations.flatMap((operation) => {
      const figures = results.get(operation.name)!
      const own = figures.get(name)
      const raw = figures.get(RAW)!
      return own ? [own.toRaw.toFixed(2), own.toBare.toFixed(2), (own.cpuUs / raw.cpuUs).toFixed(2)] : ['n/a', 'n/a', 'n/a']
    })
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
  // What issue 29 asks of the request path: over fetch, 5% ahead of @mysten/sui; over node:http, within 1.15x of the bare request.
  for (const operation of operations) {
    const figures = results.get(operation.name)!
    const overFetch = figures.get('chainx-sdk over the global fetch')
    const sui = figures.get(SUI)
    const overNode = figures.get(NODE_HTTP)
    // Each round's median over the same round's @mysten/sui (paired, as the ratios above), median over rounds.
    if (overFetch && sui)
      console.log(`${operation.name}: chainx over fetch / @mysten/sui latency ${overFetch.toSui.toFixed(2)} (target <= 0.95)`)
    // The floors over the same peer: what a client over Node's fetch can reach, without and with a time limit.
    for (const name of [FLOOR, FLOOR_LIMIT]) {
      const floor = figures.get(name)
      if (floor && sui) console.log(`${operation.name}: ${name} / @mysten/sui latency ${floor.toSui.toFixed(2)}`)
    }
    if (overNode)
      console.log(`${operation.name}: chainx over node:http / bare node:http latency ${overNode.toBare.toFixed(2)} (target <= 1.15)`)
  }
  child.disconnect()
  process.exit(0)
}
