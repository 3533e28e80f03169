import { subscriptionFilter as f } from '../../src/events/subscribe/subscriptionFilter.js'
import { bcs } from '@mysten/bcs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import NodeWebSocket from 'ws'
import { eventsAt } from '../helpers/resourceClients.js'
import {
  createSubscriptionClient,
  type SubscriptionClient,
  type SubscriptionStateChange,
  type Unsubscribe,
  type WebSocketConstructor,
  type WebSocketLike,
} from './eventSubscriptions.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../../src/events/types.js'
import type { QueryEventsLike } from './eventSubscriptions.js'
import type { MockNetwork } from '../../src/testing/MockNetwork.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { recorder, waitOptions, type Recorder } from './subscriptionRecorder.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// A subscription the service drops silently (jsonrpc-anchor 2.8: the socket stays open and
// answers calls, no event comes any more, unsubscribe answers false), simulated with
// `faults.dropSubscriptionsSilently()` of the mock network over real sockets on 127.0.0.1.

type Who = 'alice' | 'bob' | 'carol'

interface Chain {
  network: MockNetwork
  ticker: string
  noise: string
  senders: Record<Who, string>
  /** Sender of each transaction emitted so far (one event each), by digest, in order. */
  emitted: { digest: string; who: Who; module: 'ticker' | 'noise' }[]
}

function createChain(network: MockNetwork): Chain {
  const ticker = network.publish({ module: 'ticker', events: { Tick: { n: bcs.u64() } } })
  const noise = network.publish({ module: 'noise', events: { Hum: { n: bcs.u64() } } })
  const senders = { alice: network.ledger.newAddress(), bob: network.ledger.newAddress(), carol: network.ledger.newAddress() }
  return { network, ticker: ticker.package, noise: noise.package, senders, emitted: [] }
}

/** Executes one transaction per entry, each emitting one event: `ticker` by alice and bob, `noise` by carol. */
function emit(chain: Chain, whos: Who[]): void {
  for (const who of whos) {
    const module = who === 'carol' ? 'noise' : 'ticker'
    const executed = chain.network.execute({
      sender: chain.senders[who],
      package: module === 'ticker' ? chain.ticker : chain.noise,
      module,
      emit: [{ struct: module === 'ticker' ? 'Tick' : 'Hum', fields: { n: BigInt(chain.emitted.length) } }],
    })
    chain.emitted.push({ digest: executed.digest, who, module })
  }
}

interface VerifyCase {
  rule: string
  title: string
  filter: (chain: Chain) => EventSubscriptionFilter
  /** Which emitted events it selects (the oracle, by hand). */
  selects: (event: Chain['emitted'][number]) => boolean
}

const CASES: VerifyCase[] = [
  {
    rule: 'S4',
    title: 'MoveModule (an exact backfill query: one event per check)',
    filter: (chain) => f.moveModule(chain.ticker, 'ticker'),
    selects: (event) => event.module === 'ticker',
  },
  {
    rule: 'S13',
    title: 'And of MoveModule and Sender (the MoveModule query, the sender checked locally)',
    filter: (chain) => f.and(f.moveModule(chain.ticker, 'ticker'), f.sender(chain.senders.alice)),
    selects: (event) => event.who === 'alice',
  },
  {
    rule: 'S13',
    title: 'Any of two senders (the All query: one page per check, checked locally)',
    filter: (chain) => f.any(f.sender(chain.senders.alice), f.sender(chain.senders.carol)),
    selects: (event) => event.who !== 'bob',
  },
]

/** A `ws` class that records every JSON-RPC frame the client sends and receives. */
function recordingWebSocket() {
  const sent: { id?: number; method?: string; params?: unknown[] }[] = []
  const received: { id?: number; result?: unknown; method?: string }[] = []
  class RecordingWebSocket extends NodeWebSocket {
    constructor(url: string) {
      super(url)
      this.on('message', (data) => received.push(JSON.parse(String(data)) as (typeof received)[number]))
    }

    override send(data: unknown, ...rest: unknown[]): void {
      sent.push(JSON.parse(String(data)) as (typeof sent)[number])
      ;(super.send as (...args: unknown[]) => void)(data, ...rest)
    }
  }
  const answerTo = (method: string, params: unknown[]) => {
    const call = sent.find((frame) => frame.method === method && JSON.stringify(frame.params) === JSON.stringify(params))
    return call === undefined ? undefined : received.find((frame) => frame.id === call.id && frame.method === undefined)
  }
  const subscribeIds = () =>
    sent
      .filter((frame) => frame.method === 'chainx_subscribeEvent')
      .map((call) => received.find((frame) => frame.id === call.id && frame.method === undefined)?.result)
  return { WebSocket: RecordingWebSocket as unknown as WebSocketConstructor, sent, answerTo, subscribeIds }
}

/**
 * A WebSocket (over `ws`) whose incoming frames can be held back and released in order,
 * as a slow network would deliver them.
 */
function heldFrames() {
  const frames: (() => void)[] = []
  let held = false
  let subscribes = 0
  class HeldWebSocket implements WebSocketLike {
    readonly #socket: NodeWebSocket
    onopen: WebSocketLike['onopen'] = null
    onclose: WebSocketLike['onclose'] = null
    onerror: WebSocketLike['onerror'] = null
    onmessage: WebSocketLike['onmessage'] = null

    constructor(url: string) {
      this.#socket = new NodeWebSocket(url)
      this.#socket.onopen = (event) => this.onopen?.(event)
      this.#socket.onclose = (event) => this.onclose?.(event)
      this.#socket.onerror = (event) => this.onerror?.(event)
      this.#socket.onmessage = (event) => {
        const dispatch = () => this.onmessage?.(event)
        if (held) frames.push(dispatch)
        else dispatch()
      }
    }

    get readyState(): number {
      return this.#socket.readyState
    }

    send(data: string): void {
      if ((JSON.parse(data) as { method?: string }).method === 'chainx_subscribeEvent') subscribes++
      this.#socket.send(data)
    }

    close(code?: number, reason?: string): void {
      this.#socket.close(code, reason)
    }

    terminate(): void {
      this.#socket.terminate()
    }
  }
  return {
    WebSocket: HeldWebSocket as WebSocketConstructor,
    get held() {
      return held
    },
    hold: () => {
      held = true
    },
    release: () => {
      held = false
      for (const dispatch of frames.splice(0)) dispatch()
    },
    subscribeCalls: () => subscribes,
  }
}

const statesOf = (seen: Recorder) => seen.states.map((change) => change.state)
const digestsOf = (chain: Chain, testCase: VerifyCase) => chain.emitted.filter(testCase.selects).map((event) => event.digest)

describe('S1: verifyIntervalMs finds a subscription the service dropped silently, subscribes again and backfills', () => {
  let mock: RunningMockNetwork
  let client: SubscriptionClient
  let chain: Chain
  let recorders: ReturnType<typeof recorder>[]
  let frames: ReturnType<typeof recordingWebSocket>
  let firstIds: unknown[]
  const unsubscribes: Unsubscribe[] = []
  let droppedAt = 0

  useMockNetwork(
    { events: 0 },
    async (started) => {
      mock = started
      const queryEvents: QueryEventsLike = eventsAt(mock.rpcUrl).query
      frames = recordingWebSocket()
      client = createSubscriptionClient({
        wsUrl: mock.wsUrl,
        queryEvents,
        WebSocket: frames.WebSocket,
        heartbeatMs: 0,
        verifyIntervalMs: 20,
      })
      chain = createChain(mock.network)
      recorders = CASES.map(() => recorder())
      for (const [index, testCase] of CASES.entries()) {
        unsubscribes.push(await client.subscribe({ filter: testCase.filter(chain), ...(recorders[index] as ReturnType<typeof recorder>) }))
      }
      firstIds = frames.subscribeIds()
      emit(chain, ['alice', 'bob', 'carol', 'alice'])
      await vi.waitFor(
        () => CASES.forEach((testCase, index) => expect((recorders[index] as Recorder).keys()).toEqual(digestsOf(chain, testCase))),
        waitOptions,
      )
      droppedAt = chain.emitted.length
      mock.network.faults.dropSubscriptionsSilently()
      // Executed while no server subscription exists: only the recovery can deliver these. The
      // newest (bob's) does not pass the filters checked locally: their checks must look past it.
      emit(chain, ['carol', 'alice', 'bob', 'carol', 'alice', 'bob'])
      await vi.waitFor(() => recorders.forEach((seen) => expect(statesOf(seen)).toContain('stalled')), waitOptions)
      emit(chain, ['bob', 'alice', 'carol', 'alice', 'bob', 'carol'])
      await vi
        .waitFor(
          () => CASES.forEach((testCase, index) => expect((recorders[index] as Recorder).keys()).toEqual(digestsOf(chain, testCase))),
          waitOptions,
        )
        .catch(() => {})
    },
    30_000,
  )

  afterAll(() => client.close())

  it.each(CASES.map((testCase, index) => ({ ...testCase, index })))(
    '$rule: $title: every event exactly once and in order',
    ({ index, selects }) => {
      const seen = recorders[index] as Recorder
      expect(seen.keys()).toEqual(chain.emitted.filter(selects).map((event) => event.digest))
      expect(seen.errors).toEqual([])
    },
  )

  it.each(CASES.map((testCase, index) => ({ ...testCase, index })))(
    '$rule: $title: stalled names a missed event, then open and backfilled follow',
    ({ index, selects }) => {
      const seen = recorders[index] as Recorder
      const states = statesOf(seen)
      const stalled = states.indexOf('stalled')
      expect(states.slice(stalled + 1)).toEqual(expect.arrayContaining(['open', 'backfilled']))
      const { missed } = seen.states[stalled] as Extract<SubscriptionStateChange, { state: 'stalled' }>
      const missable = chain.emitted
        .slice(droppedAt)
        .filter(selects)
        .map((event) => event.digest)
      expect(missable).toContain(missed.txDigest)
      expect(states).not.toContain('gap')
      expect(states).not.toContain('reconnecting')
    },
  )

  it('S1: each dropped id was unsubscribed (the server answered false) and replaced once on the same socket; unsubscribe then removes the new one (true)', async () => {
    for (const id of firstIds) expect(frames.answerTo('chainx_unsubscribeEvent', [id])?.result).toBe(false)
    const ids = frames.subscribeIds()
    expect(ids).toHaveLength(CASES.length * 2)
    expect(new Set(ids).size).toBe(ids.length)
    const freshIds = ids.filter((id) => !firstIds.includes(id))
    expect(await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()))).toEqual(CASES.map(() => true))
    for (const id of freshIds) expect(frames.answerTo('chainx_unsubscribeEvent', [id])?.result).toBe(true)
    expect(frames.sent.filter((frame) => frame.method === 'chainx_subscribeEvent').length).toBe(CASES.length * 2)
  })
})

describe('S1: verifyIntervalMs', () => {
  let mock: RunningMockNetwork
  let queryEvents: QueryEventsLike
  useMockNetwork({ events: 0 }, async (started) => {
    mock = started
    queryEvents = eventsAt(mock.rpcUrl).query
  })

  it('S1: an event seen by a check before its notification arrives is not taken for a loss when it arrives before the next check', async () => {
    const gate = heldFrames()
    const seen = recorder()
    let checks = 0
    let suspected = 0
    const delivered = (event: ChainxEvent) => seen.keys().includes(event.id.txDigest)
    // A check (newest first, from the top) that sees an event still held back releases the
    // frames right after the check handled its page (setImmediate runs before any timer).
    const checking: QueryEventsLike = async (parameters) => {
      const page = await queryEvents(parameters)
      if (parameters.direction === 'backward' && parameters.cursor === null) {
        checks++
        if (gate.held && page.items.some((event) => !delivered(event as ChainxEvent))) {
          suspected++
          setImmediate(gate.release)
        }
      }
      return page
    }
    const client = createSubscriptionClient({
      wsUrl: mock.wsUrl,
      queryEvents: checking,
      WebSocket: gate.WebSocket,
      heartbeatMs: 0,
      verifyIntervalMs: 10,
    })
    const chain = createChain(mock.network)
    await client.subscribe({ filter: f.any(f.sender(chain.senders.alice), f.sender(chain.senders.carol)), ...seen })
    await vi.waitFor(() => expect(statesOf(seen)).toContain('backfilled'), waitOptions)
    const rounds = 5
    for (let round = 0; round < rounds; round++) {
      gate.hold()
      emit(chain, round % 2 === 0 ? ['alice', 'bob'] : ['carol'])
      await vi.waitFor(() => expect(suspected).toBe(round + 1), waitOptions)
      const before = checks
      await vi.waitFor(() => expect(checks).toBeGreaterThan(before + 1), waitOptions)
    }
    expect(seen.keys()).toEqual(chain.emitted.filter((event) => event.who !== 'bob').map((event) => event.digest))
    expect(statesOf(seen)).not.toContain('stalled')
    expect(gate.subscribeCalls()).toBe(1)
    await client.close()
  })

  it('S1: with verifyIntervalMs 0 (the reference behaviour) delivery stops silently after the drop and unsubscribe answers false', async () => {
    const client = createSubscriptionClient({ wsUrl: mock.wsUrl, queryEvents, heartbeatMs: 0, verifyIntervalMs: 0 })
    const chain = createChain(mock.network)
    const dropped = recorder()
    const unsubscribeDropped = await client.subscribe({ filter: f.moveModule(chain.ticker, 'ticker'), ...dropped })
    emit(chain, ['alice'])
    await vi.waitFor(() => expect(dropped.events).toHaveLength(1), waitOptions)
    mock.network.faults.dropSubscriptionsSilently()
    emit(chain, ['bob', 'alice'])
    const fresh = recorder()
    const unsubscribeFresh = await client.subscribe({ filter: f.moveModule(chain.ticker, 'ticker'), ...fresh })
    emit(chain, ['bob'])
    // The fresh subscription shares the socket and was made later: had the first still been
    // subscribed, the server would have pushed it every event before this one reached `fresh`.
    await vi.waitFor(() => expect(fresh.keys()).toEqual([chain.emitted.at(-1)?.digest]), waitOptions)
    expect(dropped.keys()).toEqual([chain.emitted[0]?.digest])
    expect(statesOf(dropped)).not.toContain('stalled')
    expect(dropped.errors).toEqual([])
    await expect(unsubscribeDropped()).resolves.toBe(false)
    await expect(unsubscribeFresh()).resolves.toBe(true)
    await client.close()
  })
})
