// Prefetch: the items/s of a walk with and without `prefetch`, for `paginate` (GraphQL) and
// `events.iterate` (JSON-RPC), against the mock network in a child process:
// - a busy consumer: the server answers each page after `BENCH_LATENCY_MS` (default 20 ms) and
//   the consumer spends as long on each page (an awaited write, like a database insert);
//   target: prefetch >= 1.6x the items/s without it;
// - an idle consumer: no latency added, the consumer does nothing; target: prefetch no slower.
// It also counts the pages a walk holds at once (requested but not yet consumed): at most 2.
//
//   npm run bench:prefetch            BENCH_PAGES=60 BENCH_LATENCY_MS=10 npm run bench:prefetch
// (the idle consumer walks 200 pages; the busy one BENCH_PAGES, 40 by default)
//
// Not a timed test: it prints a table, and exits non-zero only on a wrong item count or > 2 pages held.
import { fork } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { createResources } from '../src/resources/createResources.js'
import { createGraphQLClient, type GraphQLQueryClient } from '../src/graphql/createGraphQLClient.js'
import { EventsDocument } from '../src/graphql/generated/operations.js'
import { paginate } from '../src/graphql/paginate.js'
import { createTransport, type Transport } from '../src/transport/createTransport.js'

const PAGE_SIZE = 50
// Pages walked by the busy consumer (each costs two latencies without prefetch) and by the idle one.
const PAGES = Number(process.env.BENCH_PAGES ?? 40)
const IDLE_PAGES = 200
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20)
const ROUNDS = 5

type ToChild = { latencyMs: number }
type FromChild = { graphqlUrl: string; rpcUrl: string } | { latencyMs: number }

if (process.argv[2] === 'server') {
  const { startMockNetwork } = await import('../src/testing/index.js')
  const mock = await startMockNetwork({ events: PAGE_SIZE * Math.max(PAGES, IDLE_PAGES), seed: 1, limits: { maxPageSize: PAGE_SIZE } })
  process.on('message', (message: ToChild) => {
    mock.network.faults.addLatency(message.latencyMs)
    process.send?.({ latencyMs: message.latencyMs } satisfies FromChild)
  })
  process.send?.({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl } satisfies FromChild)
  process.on('disconnect', () => void mock.close().then(() => process.exit(0)))
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] })
  const next = () => new Promise<FromChild>((resolve) => child.once('message', (message) => resolve(message as FromChild)))
  const setLatency = async (latencyMs: number) => {
    const answered = next()
    child.send({ latencyMs } satisfies ToChild)
    await answered
  }
  let failed = false
  try {
    const served = (await next()) as { graphqlUrl: string; rpcUrl: string }
    const counter = { requested: 0, consumed: 0, maxHeld: 0 }
    const transport = createTransport({ retry: false })
    const graphql = countRequests(createGraphQLClient({ url: served.graphqlUrl, transport }), counter)
    // Each JSON-RPC page request passes through the shared transport: count it there.
    const events = createResources({
      rpcUrl: { kind: 'rpc', urls: [served.rpcUrl] },
      wsUrl: [],
      transport: countingTransport(transport, counter),
    }).events
    const walks = {
      paginate: (prefetch: boolean, maxPages: number) =>
        paginate(graphql, EventsDocument, {}, { pageSize: PAGE_SIZE, prefetch, maxPages }).pages(),
      'events.iterate': (prefetch: boolean, maxPages: number) =>
        events.iterate({ filter: { All: [] }, pageSize: PAGE_SIZE, prefetch, maxPages }).pages(),
    }
    // Warm both paths (JIT, keep-alive sockets, the client's serviceConfig fetch).
    for (const walk of Object.values(walks)) for (const prefetch of [false, true]) for await (const page of walk(prefetch, 20)) void page
    const rows: Record<string, string | number>[] = []
    for (const [consumer, latencyMs, workMs, pages] of [
      ['busy', LATENCY_MS, LATENCY_MS, PAGES],
      ['idle', 0, 0, IDLE_PAGES],
    ] as const) {
      await setLatency(latencyMs)
      for (const [api, walk] of Object.entries(walks)) {
        const best = new Map<boolean, number>()
        const cpu = new Map<boolean, number>()
        for (let round = 0; round < ROUNDS; round++) {
          for (const prefetch of [false, true]) {
            Object.assign(counter, { requested: 0, consumed: 0, maxHeld: 0 })
            const started = performance.now()
            const cpuBefore = process.cpuUsage()
            let items = 0
            for await (const page of walk(prefetch, pages)) {
              items += page.items.length
              if (workMs > 0) await sleep(workMs)
              counter.consumed++
            }
            const itemsPerSecond = items / ((performance.now() - started) / 1000)
            const used = process.cpuUsage(cpuBefore)
            cpu.set(prefetch, Math.min(cpu.get(prefetch) ?? Infinity, (used.user + used.system) / items))
            if (items !== PAGE_SIZE * pages) {
              console.error(`${api}: walked ${items} items, expected ${PAGE_SIZE * pages}`)
              failed = true
            }
            if (counter.maxHeld > 2) {
              console.error(`${api}: ${counter.maxHeld} pages held at once`)
              failed = true
            }
            best.set(prefetch, Math.max(best.get(prefetch) ?? 0, itemsPerSecond))
          }
        }
        const off = best.get(false) ?? NaN
        const on = best.get(true) ?? NaN
        rows.push({
          walk: api,
          consumer: consumer === 'busy' ? `busy ${workMs} ms/page, server +${latencyMs} ms` : 'idle, no latency added',
          'items/s prefetch off': Math.round(off),
          'items/s prefetch on': Math.round(on),
          'on / off': (on / off).toFixed(2),
          'CPU µs/item off': (cpu.get(false) ?? NaN).toFixed(1),
          'CPU µs/item on': (cpu.get(true) ?? NaN).toFixed(1),
          'max pages held': counter.maxHeld,
        })
      }
    }
    console.log(
      `prefetch benchmark: pages of ${PAGE_SIZE} (busy: ${PAGES} pages, idle: ${IDLE_PAGES}), best of ${ROUNDS} interleaved rounds (Node ${process.version})`,
    )
    console.table(rows)
    console.log('Targets: busy consumer on/off >= 1.6; idle consumer on/off >= 1.0 (within noise); pages held <= 2.')
  } catch (error) {
    console.error(error)
    failed = true
  } finally {
    child.disconnect()
  }
  process.exit(failed ? 1 : 0)
}

interface Counter {
  requested: number
  consumed: number
  maxHeld: number
}

/** Counts requests made; a page is held from its request until the consumer is done with it. */
function hold(counter: Counter): void {
  counter.requested++
  counter.maxHeld = Math.max(counter.maxHeld, counter.requested - counter.consumed)
}

function countRequests(graphql: GraphQLQueryClient, counter: Counter): GraphQLQueryClient {
  return {
    limits: (options) => graphql.limits(options),
    query: ((...args: Parameters<GraphQLQueryClient['query']>) => {
      hold(counter)
      return graphql.query(...args)
    }) as GraphQLQueryClient['query'],
  }
}

function countingTransport(transport: Transport, counter: Counter): Transport {
  return {
    ...transport,
    request: (request) => {
      hold(counter)
      return transport.request(request)
    },
  }
}
