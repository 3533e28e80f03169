// The Node transport default, decided at a realistic round trip (issue 23 item 8): throughput at a
// fixed concurrency and client CPU per request of the SDK's two Node transports, node:http
// keep-alive ('node-http') and fetch, against the mock network
// (chainx-sdk/testing) in a child process (so the CPU figures are the client's alone) with 0
// (loopback), 20 ms and 80 ms of latency added before each answer (`network.faults.addLatency`).
// The machine is shared: rounds interleave every transport at every latency, in a rotating
// order, and the figures are medians over rounds with their spread (min–max).
import { fork } from 'node:child_process'
import { createTransport } from '../src/transport/createTransport.js'
import type { TransportKind } from '../src/transport/selectHttp.js'
import { median } from './stats.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16)
const LATENCIES_MS = [0, 20, 80]
/** Requests per run: about 1–2 s of work at each latency (fewer at 80 ms, where each one waits). */
const requestsAt = (latencyMs: number) => (latencyMs === 0 ? 2_000 : latencyMs <= 20 ? 800 : 400)

if (process.argv[2] === 'server') {
  const { startMockNetwork } = await import('../src/testing/index.js')
  const network = await startMockNetwork({ events: 10 })
  process.on('message', (latencyMs) => {
    network.network.faults.addLatency(latencyMs as number)
    process.send?.('ok')
  })
  process.send?.(network.graphqlUrl)
  process.on('disconnect', () => void network.close().finally(() => process.exit(0)))
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] })
  const url = await new Promise<string>((resolve) => child.once('message', (message) => resolve(message as string)))
  const setLatency = (latencyMs: number) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve())
      child.send(latencyMs)
    })
  const body = JSON.stringify({ query: 'query { serviceConfig { maxPageSize } }', variables: {} })
  const parse = (response: { body: string }) => JSON.parse(response.body) as unknown
  const kinds: [string, TransportKind][] = [
    ['node-http (keep-alive)', 'node-http'],
    ['fetch', 'fetch'],
  ]
  const transports = kinds.map(([name, kind]) => ({
    name,
    transport: createTransport({ retry: false, transport: kind }),
  }))

  /** `count` requests by CONCURRENCY workers; requests per second and client CPU µs per request. */
  const run = async (transport: (typeof transports)[number]['transport'], count: number) => {
    let next = 0
    const cpu = process.cpuUsage()
    const started = performance.now()
    const worker = async () => {
      while (next < count) {
        next++
        await transport.request({ url, body, parse })
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const wallMs = performance.now() - started
    const used = process.cpuUsage(cpu)
    return { perSecond: (count / wallMs) * 1000, cpuUs: (used.user + used.system) / count }
  }

  for (const { transport } of transports) await run(transport, 500) // warm-up: JIT, connections, undici
  const samples = new Map<string, { perSecond: number[]; cpuUs: number[] }>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const latencyMs of LATENCIES_MS) {
      await setLatency(latencyMs)
      for (let i = 0; i < transports.length; i++) {
        const { name, transport } = transports[(i + round) % transports.length]!
        const figures = await run(transport, requestsAt(latencyMs))
        const key = `${latencyMs} ms|${name}`
        const sample = samples.get(key) ?? { perSecond: [], cpuUs: [] }
        sample.perSecond.push(figures.perSecond)
        sample.cpuUs.push(figures.cpuUs)
        samples.set(key, sample)
      }
    }
    console.error(`round ${round + 1}/${ROUNDS} done`)
  }

  const spread = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`
  const rows = [...samples].map(([key, sample]) => {
    const [latency, name] = key.split('|') as [string, string]
    return {
      latency,
      transport: name,
      'req/s (median)': Math.round(median(sample.perSecond)),
      'req/s (min–max)': spread(sample.perSecond),
      'client CPU µs/req (median)': Math.round(median(sample.cpuUs)),
      'CPU µs/req (min–max)': spread(sample.cpuUs),
    }
  })
  console.log(
    `latency benchmark: ${CONCURRENCY} concurrent requests to the mock network in a child process, ${ROUNDS} interleaved rounds, medians (Node ${process.version})`,
  )
  console.table(rows)
  for (const { transport } of transports) transport.close?.()
  child.disconnect()
  process.exit(0)
}
