import type * as Sdk from '../../src/index.js'
import { pause } from './measure.js'
import type { ServedNetwork } from './serveNetwork.js'

/** How long (or how much) each scenario runs: `full` for `npm run soak`, `short` inside `npm test`. */
export interface SoakScale {
  watchMs: number
  subscribeMs: number
  restartEveryMs: number
  walkItems: number
  clients: number
}

export const SCALES: Record<'full' | 'short', SoakScale> = {
  full: { watchMs: 90_000, subscribeMs: 60_000, restartEveryMs: 4_000, walkItems: 200_000, clients: 200 },
  short: { watchMs: 8_000, subscribeMs: 4_000, restartEveryMs: 1_000, walkItems: 5_000, clients: 40 },
}

/** What a scenario hands the runner: the heap is sampled at `start`, `middle` and `end`. */
export interface ScenarioContext {
  sdk: typeof Sdk
  served: ServedNetwork
  scale: SoakScale
  sample: (at: 'start' | 'middle' | 'end') => void
  restartEvery: (ms: number | undefined) => void
}

/** A scenario's own figures (events seen, clients closed...). */
export type ScenarioFigures = Record<string, number | string>

export type Scenario = (context: ScenarioContext) => Promise<ScenarioFigures>

/** `events.watch` with a caller's signal and a 20 ms interval while the network emits. */
const watchWithSignal: Scenario = async ({ sdk, served, scale, sample }) => {
  const client = new sdk.ChainxClient({ graphqlUrl: served.graphqlUrl, rpcUrl: served.rpcUrl })
  const controller = new AbortController()
  let events = 0
  let outOfOrder = 0
  let last = -1n
  const loop = (async () => {
    for await (const event of client.events.watch({ filter: { All: [] }, cursor: 'latest', intervalMs: 20, signal: controller.signal })) {
      const checkpoint = BigInt(event.timestampMs ?? 0)
      if (checkpoint < last) outOfOrder++
      last = checkpoint
      events++
    }
  })()
  await pause(Math.min(1_000, scale.watchMs / 5))
  sample('start')
  await pause(scale.watchMs / 2)
  sample('middle')
  await pause(scale.watchMs / 2)
  sample('end')
  controller.abort()
  await loop
  await client.close()
  return { events, outOfOrder }
}

/** The deprecated WebSocket subscription while the network restarts (every socket dropped) periodically. */
const subscribeThroughDrops: Scenario = async ({ sdk, served, scale, sample, restartEvery }) => {
  const client = new sdk.ChainxClient({
    graphqlUrl: served.graphqlUrl,
    rpcUrl: served.rpcUrl,
    wsUrl: served.wsUrl,
    subscriptions: { reconnect: { baseDelayMs: 20, maxDelayMs: 200 } },
  })
  let events = 0
  let reconnects = 0
  await client.events.subscribe({
    filter: { All: [] },
    onEvent: () => void events++,
    onError: () => undefined,
    onStateChange: (change) => void (change.state === 'reconnecting' && reconnects++),
  })
  restartEvery(scale.restartEveryMs)
  await pause(Math.min(1_000, scale.subscribeMs / 5))
  sample('start')
  await pause(scale.subscribeMs / 2)
  sample('middle')
  await pause(scale.subscribeMs / 2)
  restartEvery(undefined)
  sample('end')
  await client.close()
  return { events, reconnects }
}

/** A walk of `walkItems` events through `events.iterate`. */
const longWalk: Scenario = async ({ sdk, served, scale, sample }) => {
  const client = new sdk.ChainxClient({ graphqlUrl: served.graphqlUrl, rpcUrl: served.rpcUrl })
  let items = 0
  sample('start')
  for await (const event of client.events.iterate({ filter: { All: [] }, maxItems: scale.walkItems })) {
    if (event.id.txDigest === '') throw new Error('an event without a digest')
    if (++items === scale.walkItems / 2) sample('middle')
  }
  sample('end')
  await client.close()
  return { items }
}

/** Clients created, used once and closed in a loop, against a server that never closes idle connections. */
const rotateClients: Scenario = async ({ sdk, served, scale, sample }) => {
  sample('start')
  for (let index = 0; index < scale.clients; index++) {
    const client = new sdk.ChainxClient({ graphqlUrl: served.graphqlUrl, rpcUrl: served.neverIdleRpcUrl })
    await client.events.query({ filter: { All: [] }, pageSize: 1 })
    await client.close()
    if (index + 1 === scale.clients / 2) sample('middle')
  }
  sample('end')
  return { clients: scale.clients }
}

export const SCENARIOS: Record<string, Scenario> = {
  'watch with a signal': watchWithSignal,
  'subscribe through drops': subscribeThroughDrops,
  'long walk': longWalk,
  'clients closed in a loop': rotateClients,
}
