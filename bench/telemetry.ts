// The cost of OpenTelemetry per request, on and off, beside the floor. Every request goes to an
// in-memory fetch (no network: what is measured is CPU in the process) answering a GraphQL
// query. Phases:
// - floor: the stub fetch and `JSON.parse` of its body, the work no client can skip;
// - SDK, telemetry: false;
// - SDK, telemetry on, `@opentelemetry/api` installed but nothing registered (its no-op tracer and meter);
// - SDK, telemetry on, with the real SDK registered: a tracer provider whose processor drops every
//   span, a meter provider with a reader, the W3C propagator and the AsyncLocalStorage context manager.
// Per phase: µs per request (median over rounds of CALLS sequential calls). Not a test: it prints a table.
//
//   npm run bench:telemetry            BENCH_ROUNDS=21 BENCH_CALLS=2000 npm run bench:telemetry
import { context, metrics, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { ChainxClient } from '../src/index.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11)
const CALLS = Number(process.env.BENCH_CALLS ?? 1_000)
const URL = 'http://127.0.0.1:9/graphql'
const BODY = JSON.stringify({ data: { chainIdentifier: '4c78adac' } })
const HEADERS = { 'content-type': 'application/json', 'x-chain-rpc-version': '2025.3.0' }
const DOCUMENT = 'query Chain { chainIdentifier }'

const stubFetch = async (_input: string, _init: RequestInit) => new Response(BODY, { status: 200, headers: HEADERS })

class DiscardingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** µs per call of each runner: rounds interleaved (one round of each in turn), median per runner. */
async function perCall(runs: (() => Promise<unknown>)[]): Promise<number[]> {
  for (const run of runs) for (let i = 0; i < 300; i++) await run()
  const samples: number[][] = runs.map(() => [])
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, run] of runs.entries()) {
      const started = performance.now()
      for (let i = 0; i < CALLS; i++) await run()
      samples[index]?.push(((performance.now() - started) * 1_000) / CALLS)
    }
  }
  return samples.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)] as number)
}

const client = (telemetry: false | undefined) => new ChainxClient({ graphqlUrl: URL, fetch: stubFetch, limits: false, telemetry })
const rows: [string, number][] = []
const off = client(false)
const noop = client(undefined)
const [floorUs, offUs, noopUs] = await perCall([
  async () => JSON.parse(await (await stubFetch(URL, {})).text()),
  () => off.graphql.query(DOCUMENT),
  () => noop.graphql.query(DOCUMENT),
])
rows.push(['floor (stub fetch + JSON.parse)', floorUs as number], ['SDK, telemetry: false', offUs as number])
rows.push(['SDK, @opentelemetry/api, nothing registered', noopUs as number])

context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new NoopSpanProcessor()] }))
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [new DiscardingReader()] }))
propagation.setGlobalPropagator(new W3CTraceContextPropagator())
const traced = client(undefined)
// Registered globally, so measured after the others, interleaved with telemetry: false again.
const [offAgain, tracedUs] = await perCall([() => off.graphql.query(DOCUMENT), () => traced.graphql.query(DOCUMENT)])
rows.push(['SDK, telemetry: false (again, beside the next)', offAgain as number])
rows.push(['SDK, OpenTelemetry SDK registered (spans, metrics, traceparent)', tracedUs as number])

const floor = rows[0]?.[1] ?? 0
const base = rows[1]?.[1] ?? 0
console.log(`telemetry cost per request (${ROUNDS} rounds of ${CALLS} calls, median), Node ${process.version}`)
for (const [name, us] of rows) {
  const reference = name.includes('registered (') ? (rows[3]?.[1] ?? base) : base
  const extra =
    name.startsWith('SDK, telemetry: false') || name.startsWith('floor')
      ? ''
      : ` (+${(us - reference).toFixed(1)} µs over telemetry: false)`
  console.log(`  ${name.padEnd(66)} ${us.toFixed(1).padStart(7)} µs${extra}`)
}
console.log(`  SDK's own cost with telemetry off: ${(base - floor).toFixed(1)} µs over the floor`)
