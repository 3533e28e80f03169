// Throughput and client memory of `paginate` over every event of a mock network, side by side in
// one run with hand-written loops on the same server: the SDK's own `graphql.query` in a loop (the
// iterator's overhead alone) and raw global `fetch` (the target: paginate >= 0.9 of its items/s),
// and paginate with `prefetch: false` (see bench/prefetch.ts for what prefetch buys).
// The mock network runs in a child process, so the memory and CPU figures are the client's alone.
// A first table times the page machine alone over in-memory pages: its cost per item, no network.
//
//   npm run bench:paginate                  100k events
//   npm run bench:paginate -- --million     also 1M events, to show memory flat in the number of items
//   BENCH_EVENTS=20000 npm run bench:paginate
//
// Not a timed test: it prints a table and exits non-zero only on errors (or a wrong item count).
import { fork } from 'node:child_process'
import { createGraphQLClient } from '../src/graphql/createGraphQLClient.js'
import { EventsDocument, type EventsQuery } from '../src/graphql/generated/operations.js'
import { createPageIterator } from '../src/pagination/createPageIterator.js'
import { walkPages } from '../src/pagination/walkPages.js'
import { paginate } from '../src/graphql/paginate.js'
import { resolvePaginationOptions } from '../src/pagination/resolvePaginationOptions.js'
import { createTransport } from '../src/transport/createTransport.js'

const PAGE_SIZE = 50
const SAMPLE_MS = 10
const ROUNDS = 2

interface Served {
  graphqlUrl: string
  events: number
}

if (process.argv[2] === 'server') {
  const { startMockNetwork } = await import('../src/testing/index.js')
  const events = Number(process.argv[3])
  const mock = await startMockNetwork({ events, seed: 1, limits: { maxPageSize: PAGE_SIZE } })
  process.send?.({ graphqlUrl: mock.graphqlUrl, events: mock.network.ledger.events.length } satisfies Served)
  process.on('disconnect', () => void mock.close().then(() => process.exit(0)))
} else {
  const sizes = [Number(process.env.BENCH_EVENTS ?? 100_000), ...(process.argv.includes('--million') ? [1_000_000] : [])]
  const rows: Record<string, string | number>[] = []
  let failed = false
  for (const size of sizes) {
    const child = fork(new URL(import.meta.url).pathname, ['server', String(size)], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=8192'],
    })
    try {
      const served = await new Promise<Served>((resolve, reject) => {
        child.once('message', (message) => resolve(message as Served))
        child.once('exit', (code) => reject(new Error(`mock network exited with ${code}`)))
      })
      const contenders = createContenders(served.graphqlUrl)
      // Warm both paths (JIT, keep-alive sockets, the client's serviceConfig fetch) on a short walk.
      for (const run of Object.values(contenders)) await run(2_000)
      const best = new Map<string, Measurement>()
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, run] of Object.entries(contenders)) {
          const measured = await measure(() => run(Infinity))
          if (measured.items !== served.events) {
            console.error(`${name}: walked ${measured.items} items, expected ${served.events}`)
            failed = true
          }
          const previous = best.get(name)
          if (!previous || measured.itemsPerSecond > previous.itemsPerSecond) best.set(name, measured)
        }
      }
      const raw = best.get('raw fetch loop')?.itemsPerSecond ?? NaN
      for (const [name, measured] of best) {
        rows.push({
          events: size,
          contender: name,
          'items/s': Math.round(measured.itemsPerSecond),
          'vs raw fetch': (measured.itemsPerSecond / raw).toFixed(2),
          'CPU µs/item': measured.cpuMicrosPerItem.toFixed(2),
          'peak heap Δ MB': mb(measured.peakHeapDelta),
          'peak rss Δ MB': mb(measured.peakRssDelta),
          'heap after Δ MB': mb(measured.heapAfterDelta),
        })
      }
    } catch (error) {
      console.error(error)
      failed = true
    } finally {
      child.disconnect()
    }
  }
  console.log('machinery alone: the same in-memory pages of 50 walked 2M items at a time, no network (best of 3)')
  console.table(await measureMachinery(2_000_000))
  console.log(
    `paginate benchmark: every event of a mock network, ${PAGE_SIZE} per page, best of ${ROUNDS} rounds (Node ${process.version}${globalThis.gc ? ', gc before each run' : ', run with --expose-gc for steadier memory figures'})`,
  )
  console.table(rows)
  console.log('Target: paginate >= 0.90 of the raw fetch loop. Δ: over the heap/rss measured just before the run.')
  process.exit(failed ? 1 : 0)
}

type Walk = (limit: number) => Promise<number>

function createContenders(graphqlUrl: string): Record<string, Walk> {
  const graphql = createGraphQLClient({ url: graphqlUrl, transport: createTransport({ retry: false }) })
  const query = String(EventsDocument)
  return {
    async paginate(limit) {
      let items = 0
      for await (const event of paginate(graphql, EventsDocument, {}, { pageSize: PAGE_SIZE, maxItems: limit })) {
        if (event.bcs) items++
      }
      return items
    },
    async 'paginate, prefetch: false'(limit) {
      let items = 0
      for await (const event of paginate(graphql, EventsDocument, {}, { pageSize: PAGE_SIZE, maxItems: limit, prefetch: false })) {
        if (event.bcs) items++
      }
      return items
    },
    async 'sdk graphql.query loop'(limit) {
      let items = 0
      let after: string | null = null
      for (let more = true; more && items < limit;) {
        const { data }: { data: EventsQuery } = await graphql.query(EventsDocument, { first: PAGE_SIZE, after })
        for (const edge of data.events.edges) if (edge.node.bcs) items++
        more = data.events.pageInfo.hasNextPage
        after = data.events.pageInfo.endCursor
      }
      return items
    },
    async 'raw fetch loop'(limit) {
      let items = 0
      let after: string | null = null
      for (let more = true; more && items < limit;) {
        const response = await fetch(graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { first: PAGE_SIZE, after } }),
        })
        const { data } = (await response.json()) as { data: { events: RawConnection } }
        for (const edge of data.events.edges) if (edge.node.bcs) items++
        more = data.events.pageInfo.hasNextPage
        after = data.events.pageInfo.endCursor
      }
      return items
    },
  }
}

interface RawConnection {
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
  edges: { node: { bcs: string } }[]
}

interface Measurement {
  items: number
  itemsPerSecond: number
  cpuMicrosPerItem: number
  peakHeapDelta: number
  peakRssDelta: number
  heapAfterDelta: number
}

async function measure(run: () => Promise<number>): Promise<Measurement> {
  globalThis.gc?.()
  const base = process.memoryUsage()
  let peakHeap = base.heapUsed
  let peakRss = base.rss
  const sampler = setInterval(() => {
    const { heapUsed, rss } = process.memoryUsage()
    peakHeap = Math.max(peakHeap, heapUsed)
    peakRss = Math.max(peakRss, rss)
  }, SAMPLE_MS)
  const cpu = process.cpuUsage()
  const started = performance.now()
  try {
    const items = await run()
    const seconds = (performance.now() - started) / 1000
    const used = process.cpuUsage(cpu)
    globalThis.gc?.()
    return {
      items,
      itemsPerSecond: items / seconds,
      cpuMicrosPerItem: (used.user + used.system) / items,
      peakHeapDelta: peakHeap - base.heapUsed,
      peakRssDelta: peakRss - base.rss,
      heapAfterDelta: process.memoryUsage().heapUsed - base.heapUsed,
    }
  } finally {
    clearInterval(sampler)
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1)
}

/** ns per item of a plain loop, `createPageIterator` items and `.pages()` over the same in-memory pages. */
async function measureMachinery(total: number): Promise<Record<string, string>[]> {
  const pages = Array.from({ length: total / PAGE_SIZE }, (_, page) =>
    Array.from({ length: PAGE_SIZE }, (_, index) => ({ bcs: 'AA==', index: page * PAGE_SIZE + index })),
  )
  const fetchPage = async ({ cursor }: { cursor: number | null }) => {
    const page = cursor ?? 0
    return { items: pages[page] ?? [], nextCursor: page + 1, hasMore: page + 1 < pages.length }
  }
  type Item = { bcs: string; index: number }
  const walk = () =>
    createPageIterator(async () => walkPages, { fetchPage, options: resolvePaginationOptions<Item>({ pageSize: PAGE_SIZE }) })
  const contenders: Record<string, () => Promise<number>> = {
    async 'plain loop'() {
      let items = 0
      for (let cursor: number | null = null, more = true; more;) {
        const page = await fetchPage({ cursor })
        for (const item of page.items) if (item.bcs) items++
        more = page.hasMore
        cursor = page.nextCursor
      }
      return items
    },
    async 'for await (items)'() {
      let items = 0
      for await (const item of walk()) if (item.bcs) items++
      return items
    },
    async 'for await (pages())'() {
      let items = 0
      for await (const page of walk().pages()) for (const item of page.items) if (item.bcs) items++
      return items
    },
  }
  const best = new Map<string, number>()
  for (let round = 0; round < 3; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      const started = performance.now()
      if ((await run()) !== total) throw new Error(`${name} lost items`)
      const nanos = ((performance.now() - started) * 1e6) / total
      best.set(name, Math.min(best.get(name) ?? Infinity, nanos))
    }
  }
  return [...best].map(([contender, nanos]) => ({ contender, 'ns/item': nanos.toFixed(0) }))
}
