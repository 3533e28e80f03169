// events.query latency next to a raw `fetch` of the same JSON-RPC request, and the events per
// second `watch` delivers, against the mock network running in a child process on 127.0.0.1
// (so client CPU is measured apart from the server's). Not a test: it prints tables.
//
//   npx tsx bench/events.ts            BENCH_REQUESTS=2000 BENCH_WATCH_EVENTS=20000 npx tsx bench/events.ts
import { bcs } from '@mysten/bcs'
import { fork } from 'node:child_process'
import { z } from 'zod/mini'
import { createResources } from '../src/resources/createResources.js'
import type { EventId, EventQueryFilter } from '../src/events/types.js'
import { startMockNetwork } from '../src/testing/startMockNetwork.js'
import { createTransport } from '../src/transport/createTransport.js'
import { median } from './stats.js'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000)
const WARMUP = 200
const ROUNDS = 10
const WATCH_EVENTS = Number(process.env.BENCH_WATCH_EVENTS ?? 10_000)
const EVENTS_PER_TX = 5

type ToChild = { emit: number }
type FromChild = { rpcUrl: string; sender: string; digest: string } | { emitted: number }

if (process.argv[2] === 'server') {
  const mock = await startMockNetwork({ events: 2_000, seed: 3 })
  const ticker = mock.network.publish({ module: 'bench', events: { Tick: { count: bcs.u64(), note: bcs.string() } } })
  const sender = mock.network.ledger.newAddress()
  let count = 0n
  const emitOne = () =>
    mock.network.execute({
      sender,
      package: ticker.package,
      module: 'bench',
      emit: Array.from({ length: EVENTS_PER_TX }, () => ({ struct: 'Tick', fields: { count: ++count, note: 'benchmark' } })),
    })
  const first = emitOne()
  process.on('message', (message: ToChild) => {
    for (let i = 0; i < message.emit / EVENTS_PER_TX; i++) emitOne()
    process.send?.({ emitted: message.emit } satisfies FromChild)
  })
  process.on('disconnect', () => void mock.close().then(() => process.exit(0)))
  process.send?.({ rpcUrl: mock.rpcUrl, sender, digest: first.digest } satisfies FromChild)
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] })
  const nextMessage = () => new Promise<FromChild>((resolve) => child.once('message', (m) => resolve(m as FromChild)))
  const ready = (await nextMessage()) as { rpcUrl: string; sender: string; digest: string }
  const { rpcUrl } = ready

  const sdkNode = createResources({
    rpcUrl: { kind: 'rpc', urls: [rpcUrl] },
    wsUrl: [],
    transport: createTransport({ retry: false }),
  }).events
  const sdkFetch = createResources({
    rpcUrl: { kind: 'rpc', urls: [rpcUrl] },
    wsUrl: [],
    transport: createTransport({ retry: false, fetch: (input, init) => fetch(input, init) }),
  }).events
  let rawId = 0
  const rawFetch = async (filter: EventQueryFilter, limit: number) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++rawId, method: 'chainx_queryEvents', params: [filter, null, limit, false] })
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return response.json()
  }

  const shapes: { name: string; filter: EventQueryFilter; limit: number }[] = [
    { name: '50 events (All)', filter: { All: [] }, limit: 50 },
    { name: '1 event (Transaction)', filter: { Transaction: ready.digest }, limit: 1 },
  ]
  const rows: Record<string, string | number>[] = []
  for (const shape of shapes) {
    const contenders: [string, () => Promise<unknown>][] = [
      ['raw global fetch', () => rawFetch(shape.filter, shape.limit)],
      ['events.query (node:http)', () => sdkNode.query({ filter: shape.filter, pageSize: shape.limit })],
      ['events.query (global fetch)', () => sdkFetch.query({ filter: shape.filter, pageSize: shape.limit })],
    ]
    const latencies = new Map<string, number[]>(contenders.map(([name]) => [name, []]))
    const cpu = new Map<string, number>(contenders.map(([name]) => [name, 0]))
    for (const [, run] of contenders) for (let i = 0; i < WARMUP; i++) await run()
    // Interleaved rounds, so drift (GC, JIT, the server's state) hits every contender alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of contenders) {
        const list = latencies.get(name)!
        const started = process.cpuUsage()
        for (let i = 0; i < REQUESTS / ROUNDS; i++) {
          const t = performance.now()
          await run()
          list.push(performance.now() - t)
        }
        const used = process.cpuUsage(started)
        cpu.set(name, cpu.get(name)! + used.user + used.system)
      }
    }
    const rawP50 = median(latencies.get('raw global fetch')!)
    for (const [name] of contenders) {
      const list = [...latencies.get(name)!].sort((a, b) => a - b)
      const mean = list.reduce((sum, value) => sum + value, 0) / list.length
      rows.push({
        request: shape.name,
        contender: name,
        'p50 ms': list[Math.floor(list.length * 0.5)]!.toFixed(3),
        'p90 ms': list[Math.floor(list.length * 0.9)]!.toFixed(3),
        'mean ms': mean.toFixed(3),
        'req/s': Math.round(1000 / mean),
        'p50 / raw': (list[Math.floor(list.length * 0.5)]! / rawP50).toFixed(2),
        'client CPU µs/req': Math.round(cpu.get(name)! / list.length),
      })
    }
  }
  console.log(`events.query vs raw fetch: ${REQUESTS} sequential requests per contender and shape (Node ${process.version})`)
  console.table(rows)

  // watch: catch-up throughput over events already on the ledger, pages of 50 re-polled at once.
  const watchRows: Record<string, string | number>[] = []
  const Tick = z.object({ count: z.string(), note: z.string() })
  for (const [name, parse] of [
    ['watch', undefined],
    ['watch + zod/mini parse', Tick],
  ] as const) {
    const filter: EventQueryFilter = { Sender: ready.sender }
    const start: EventId | null = (await sdkNode.query({ filter, direction: 'backward', pageSize: 1 })).items[0]?.id ?? null
    child.send({ emit: WATCH_EVENTS } satisfies ToChild)
    await nextMessage()
    const controller = new AbortController()
    const watcher = sdkNode.watch({ filter, cursor: start, parse, intervalMs: 50, signal: controller.signal })
    let received = 0
    const started = performance.now()
    const cpu = process.cpuUsage()
    for await (const _event of watcher) {
      if (++received >= WATCH_EVENTS) break
    }
    const seconds = (performance.now() - started) / 1000
    const used = process.cpuUsage(cpu)
    watchRows.push({
      mode: name,
      events: received,
      seconds: seconds.toFixed(3),
      'events/s': Math.round(received / seconds),
      'client CPU µs/event': ((used.user + used.system) / received).toFixed(1),
    })
  }
  console.log(`watch: ${WATCH_EVENTS} events already emitted (${EVENTS_PER_TX} per transaction), caught up with pages of 50`)
  console.table(watchRows)
  child.disconnect()
  process.exit(0)
}
