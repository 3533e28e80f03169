// Events per second delivered by `subscribe` from the mock network, next to a raw `ws`
// client on the same server (JSON.parse and count: the ceiling), and the catch-up rate of
// the backfill after a dropped connection (events missed while disconnected, fetched with
// queryEvents). The mock network runs in a child process, so the CPU figures are the
// client's alone.
//
//   npm run bench:subscribe                       20k live events, 5k missed events
//   BENCH_EVENTS=50000 BENCH_MISSED=10000 npm run bench:subscribe
//
// Not a timed test: it prints a table and exits non-zero only on errors or a wrong count.
import { fork, type ChildProcess } from 'node:child_process'
import WebSocket from 'ws'
import { createResources } from '../src/resources/createResources.js'
import type { EventSubscriptionFilter } from '../src/events/types.js'
import { createTransport } from '../src/transport/createTransport.js'

const LIVE_EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000)
const MISSED_EVENTS = Number(process.env.BENCH_MISSED ?? 5_000)
const TRANSACTIONS_PER_CHECKPOINT = 100
const TIME_LIMIT_MS = 120_000
const ROUNDS = 2

type Command = { emit: number } | { dropAndEmit: number }
interface Served {
  wsUrl: string
  rpcUrl: string
  package: string
}

/** Counts deliveries per subscription and resolves `reached` once every one has `target`. */
class Counter {
  readonly counts: number[]
  readonly reached: Promise<void>
  #resolve!: () => void
  constructor(
    subscriptions: number,
    readonly target: number,
  ) {
    this.counts = Array.from({ length: subscriptions }, () => 0)
    this.reached = new Promise((resolve) => {
      this.#resolve = resolve
    })
  }
  count(index: number): void {
    const value = (this.counts[index] ?? 0) + 1
    this.counts[index] = value
    if (value === this.target && this.counts.every((count) => count >= this.target)) this.#resolve()
  }
}

if (process.argv[2] === 'server') {
  const { startMockNetwork } = await import('../src/testing/index.js')
  const { bcs } = await import('@mysten/bcs')
  const mock = await startMockNetwork({ events: 0, seed: 1 })
  const ticker = mock.network.publish({ module: 'ticker', events: { Tick: { count: bcs.u64() } } })
  const sender = mock.network.ledger.newAddress()
  let count = 0n
  const emit = async (total: number, yieldBetweenCheckpoints: boolean) => {
    for (let done = 0; done < total;) {
      const size = Math.min(TRANSACTIONS_PER_CHECKPOINT, total - done)
      const inputs = Array.from({ length: size }, () => ({
        sender,
        package: ticker.package,
        module: 'ticker',
        function: 'tick',
        emit: [{ struct: 'Tick', fields: { count: ++count } }],
      }))
      mock.network.executeBatch(inputs)
      done += size
      if (yieldBetweenCheckpoints) await new Promise((resolve) => setImmediate(resolve))
    }
  }
  process.on('message', (command: Command) => {
    void (async () => {
      if ('dropAndEmit' in command) {
        mock.network.faults.dropWebSockets()
        await emit(command.dropAndEmit, false) // in the same tick: no subscription exists, only the backfill can deliver them
      } else await emit(command.emit, true)
      process.send?.({ done: true })
    })()
  })
  process.send?.({ wsUrl: mock.wsUrl, rpcUrl: mock.rpcUrl, package: ticker.package } satisfies Served)
  process.on('disconnect', () => void mock.close().then(() => process.exit(0)))
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--import', 'tsx'] })
  const served = await new Promise<Served>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Served))
    child.once('exit', (code) => reject(new Error(`mock network exited with ${code}`)))
  })
  const rows: Record<string, string | number>[] = []
  let failed = false
  try {
    const moduleFilter: EventSubscriptionFilter = { MoveModule: { package: served.package, module: 'ticker' } }
    const contenders: [string, string, number, () => Promise<Measurement>][] = [
      ['raw ws (JSON.parse, count)', 'live, All', 1, () => rawWs(child, served.wsUrl, LIVE_EVENTS)],
      ['subscribe', 'live, All', 1, () => sdkLive(child, served, [{ All: [] }], LIVE_EVENTS)],
      ['subscribe', 'live, MoveModule', 1, () => sdkLive(child, served, [moduleFilter], LIVE_EVENTS)],
      [
        'subscribe ×4, one socket',
        'live, All + MoveModule + Package + Any',
        4,
        () =>
          sdkLive(
            child,
            served,
            [{ All: [] }, moduleFilter, { Package: served.package }, { Any: [{ Sender: '0x1' }, moduleFilter] }],
            LIVE_EVENTS,
          ),
      ],
      ['subscribe', `dropped: backfill (MoveModule query)`, 1, () => sdkBackfill(child, served, moduleFilter, MISSED_EVENTS)],
      [
        'subscribe',
        `dropped: backfill (Package: All query + local filter)`,
        1,
        () => sdkBackfill(child, served, { Package: served.package }, MISSED_EVENTS),
      ],
    ]
    await warmUp(child, served)
    const best = new Map<number, Measurement>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, [, , , run]] of contenders.entries()) {
        const measured = await run()
        const previous = best.get(index)
        if (!previous || measured.wallMs < previous.wallMs) best.set(index, measured)
      }
    }
    for (const [index, [contender, scenario, subscriptions]] of contenders.entries()) {
      const measured = best.get(index) as Measurement
      const seconds = measured.wallMs / 1000
      rows.push({
        contender,
        scenario,
        'events/sub': measured.events,
        'events/s': Math.round(measured.events / seconds),
        'deliveries/s': Math.round((measured.events * subscriptions) / seconds),
        'wall ms': Math.round(measured.wallMs),
        'client CPU µs/delivery': (measured.cpuMicros / (measured.events * subscriptions)).toFixed(2),
      })
    }
  } catch (error) {
    console.error(error)
    failed = true
  } finally {
    child.disconnect()
  }
  console.log(
    `subscribe benchmark: mock network in a child process, ${LIVE_EVENTS} live / ${MISSED_EVENTS} missed one-event transactions, ${TRANSACTIONS_PER_CHECKPOINT} per checkpoint, best of ${ROUNDS} rounds (Node ${process.version})`,
  )
  console.table(rows)
  console.log(
    'events/s: from the emit command to the last event delivered, so the server (same machine) bounds it too; deliveries/s: events × subscriptions; CPU: the client process only.',
  )
  process.exit(failed ? 1 : 0)
}

interface Measurement {
  events: number
  wallMs: number
  cpuMicros: number
}

function command(child: ChildProcess, message: Command): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve())
    child.send(message)
  })
}

/** Runs `start`, then waits until `counter` reached its target (at most TIME_LIMIT_MS), timing wall clock and client CPU. */
async function measure(counter: Counter, start: () => Promise<void>): Promise<Measurement> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeLimit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, TIME_LIMIT_MS)
  })
  await start()
  await Promise.race([counter.reached, timeLimit])
  clearTimeout(timer)
  const wallMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  if (counter.counts.some((count) => count !== counter.target)) {
    throw new Error(`delivered ${counter.counts.join('/')} events, expected ${counter.target} each`)
  }
  return { events: counter.target, wallMs, cpuMicros: used.user + used.system }
}

async function warmUp(child: ChildProcess, served: Served): Promise<void> {
  await sdkLive(child, served, [{ All: [] }], 2_000)
  await rawWs(child, served.wsUrl, 2_000)
}

async function rawWs(child: ChildProcess, wsUrl: string, events: number): Promise<Measurement> {
  const socket = new WebSocket(wsUrl)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const counter = new Counter(1, events)
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { method?: string }
    if (message.method === 'chainx_subscribeEvent') counter.count(0)
  })
  await new Promise<void>((resolve) => {
    socket.once('message', () => resolve())
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chainx_subscribeEvent', params: [{ All: [] }] }))
  })
  const measured = await measure(counter, () => command(child, { emit: events }))
  socket.terminate()
  return measured
}

async function sdkLive(child: ChildProcess, served: Served, filters: EventSubscriptionFilter[], events: number): Promise<Measurement> {
  const resources = createResources({
    rpcUrl: { kind: 'rpc', urls: [served.rpcUrl] },
    wsUrl: [served.wsUrl],
    transport: createTransport(),
    subscriptions: { heartbeatMs: 0 },
  })
  const client = { subscribe: resources.events.subscribe, close: resources.close }
  const counter = new Counter(filters.length, events)
  const unsubscribers = await Promise.all(
    filters.map((filter, index) =>
      client.subscribe({ filter, onEvent: () => counter.count(index), onError: (error) => console.error(error) }),
    ),
  )
  const measured = await measure(counter, () => command(child, { emit: events }))
  for (const unsubscribe of unsubscribers) await unsubscribe()
  await client.close()
  return measured
}

async function sdkBackfill(child: ChildProcess, served: Served, filter: EventSubscriptionFilter, events: number): Promise<Measurement> {
  const resources = createResources({
    rpcUrl: { kind: 'rpc', urls: [served.rpcUrl] },
    wsUrl: [served.wsUrl],
    transport: createTransport(),
    subscriptions: { heartbeatMs: 0, reconnect: { baseDelayMs: 1, maxDelayMs: 10 }, backfill: { maxItems: events * 10 } },
  })
  const client = { subscribe: resources.events.subscribe, close: resources.close }
  const counter = new Counter(1, events)
  const unsubscribe = await client.subscribe({ filter, onEvent: () => counter.count(0), onError: (error) => console.error(error) })
  const measured = await measure(counter, () => command(child, { dropAndEmit: events }))
  await unsubscribe()
  await client.close()
  return measured
}
