import { subscriptionFilter as f } from '../../src/events/subscribe/subscriptionFilter.js'
import { bcs } from '@mysten/bcs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { market as marketEvents } from '../../examples/move/events.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { createSubscriptionClient, type SubscriptionClient } from './eventSubscriptions.js'
import type { SubscriptionStateChange } from '../../src/subscription/types.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../../src/events/types.js'
import type { QueryEventsLike } from './eventSubscriptions.js'
import { moveAddress } from '../../src/testing/ledger/moveAddress.js'
import { createMockNetwork } from '../../src/testing/createMockNetwork.js'
import type { ExecutedTransaction, MockNetwork } from '../../src/testing/MockNetwork.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { recorder, waitOptions, type Recorder } from './subscriptionRecorder.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

const MARKET_MODULE = 'market'

// Subscriptions against the mock network over real sockets on 127.0.0.1. One fixed batch
// of transactions exercises every filter kind; each filter's expected events are written
// out by hand below (the oracle is this table, not the SDK's matcher).

type Label = 'e1a' | 'e1b' | 'e2' | 'e3a' | 'e3b' | 'e4a' | 'e4b' | 'e5' | 'marker'

interface Fixture {
  network: MockNetwork
  market: { package: string }
  admin: { package: string }
  auction: { package: string }
  marker: { package: string }
  alice: string
  bob: string
  carol: string
  /** Timestamp of the checkpoint before the batch: transaction k lands at base + 250 * k. */
  base: number
  digests: Partial<Record<TxName, string>>
  /** Digests learnt before the batch ran, from a twin network with the same seed (Transaction filters need them up front). */
  predicted: Partial<Record<TxName, string>>
  /** Event key → label, filled as the batch runs. */
  labels: Map<string, Label>
  nextStep: number
}

const SUI = '0x2::sui::SUI'
const USDC = '0x2::usdc::USDC'
const ORDER: Label[] = ['e1a', 'e1b', 'e2', 'e3a', 'e3b', 'e4a', 'e4b', 'e5', 'marker']

function createFixture(network: MockNetwork): Fixture {
  const market = network.publish({ module: MARKET_MODULE, events: marketEvents })
  const admin = network.publish({ package: market.package, module: 'admin', events: { Paused: { by: moveAddress } } })
  const auction = network.publish({ module: 'auction', events: { Bid: { amount: bcs.u64() } } })
  const marker = network.publish({ module: 'marker', events: { Done: { step: bcs.u64() } } })
  return {
    network,
    market,
    admin,
    auction,
    marker,
    alice: network.ledger.newAddress(),
    bob: network.ledger.newAddress(),
    carol: network.ledger.newAddress(),
    base: network.ledger.latestCheckpoint.timestampMs,
    digests: {},
    predicted: {},
    labels: new Map(),
    nextStep: 1,
  }
}

const item = '0x' + 'ab'.repeat(32)

type TxName = 't1' | 't2' | 't3' | 't4' | 't5'
type Step = (fixture: Fixture) => { name: TxName; executed: ExecutedTransaction; labels: Label[] }

/** The batch, one transaction (one checkpoint) per step. */
const STEPS: Step[] = [
  ({ network, market, alice }) => ({
    name: 't1',
    executed: network.execute({
      sender: alice,
      package: market.package,
      module: 'market',
      emit: [
        { struct: 'Listed', fields: { item_id: item, price: 100n, seller: alice } },
        { struct: 'Listed', fields: { item_id: item, price: 200n, seller: alice } },
      ],
    }),
    labels: ['e1a', 'e1b'],
  }),
  ({ network, market, bob }) => ({
    name: 't2',
    executed: network.execute({
      sender: bob,
      package: market.package,
      module: 'market',
      emit: [{ struct: 'Sold', fields: { item_id: item, price: 100n, buyer: bob } }],
    }),
    labels: ['e2'],
  }),
  ({ network, market, auction, alice }) => ({
    name: 't3',
    executed: network.execute({
      sender: alice,
      package: auction.package,
      module: 'auction',
      emit: [
        { struct: `${market.package}::market::Listed`, fields: { item_id: item, price: 300n, seller: alice } },
        { struct: 'Bid', fields: { amount: 5n } },
      ],
    }),
    labels: ['e3a', 'e3b'],
  }),
  ({ network, market, bob }) => ({
    name: 't4',
    executed: network.execute({
      sender: bob,
      package: market.package,
      module: 'market',
      emit: [
        { struct: 'PriceUpdated', typeArguments: [SUI], fields: { item_id: item, old_price: 100n, new_price: 150n } },
        { struct: 'PriceUpdated', typeArguments: [USDC], fields: { item_id: item, old_price: 100n, new_price: 150n } },
      ],
    }),
    labels: ['e4a', 'e4b'],
  }),
  ({ network, admin, bob, carol }) => ({
    name: 't5',
    executed: network.execute({
      sender: bob,
      package: admin.package,
      module: 'admin',
      emit: [{ struct: 'Paused', fields: { by: carol } }],
    }),
    labels: ['e5'],
  }),
]

/** Runs the next transactions of the batch up to number `to` (1-based), labelling their events. */
function runBatch(fixture: Fixture, to: number): void {
  for (; fixture.nextStep <= to; fixture.nextStep++) {
    const { name, executed, labels } = (STEPS[fixture.nextStep - 1] as Step)(fixture)
    fixture.digests[name] = executed.digest
    executed.events.forEach((event, index) => fixture.labels.set(`${event.id.txDigest}:${event.id.eventSeq}`, labels[index] as Label))
  }
}

function runMarker(fixture: Fixture): void {
  const executed = fixture.network.execute({
    sender: fixture.carol,
    package: fixture.marker.package,
    module: 'marker',
    emit: [{ struct: 'Done', fields: { step: 1n } }],
  })
  const event = executed.events[0] as { id: { txDigest: string; eventSeq: number | string } }
  fixture.labels.set(`${event.id.txDigest}:${event.id.eventSeq}`, 'marker')
}

interface FilterCase {
  rule: string
  title: string
  filter: (fixture: Fixture) => EventSubscriptionFilter
  /** Labels of the events it selects (emission order follows ORDER). */
  expected: (fixture: Fixture) => Label[]
}

/** Transaction 3 is a call to `auction` that emits a `market::Listed` event: it separates the calling module from the defining one. */
const FILTER_CASES: FilterCase[] = [
  {
    rule: 'S3',
    title: 'Package selects events of that package (packageId)',
    filter: (x) => f.package(x.market.package),
    expected: () => ['e1a', 'e1b', 'e2', 'e4a', 'e4b', 'e5'],
  },
  {
    rule: 'S4',
    title: 'MoveModule selects events emitted in that (called) module',
    filter: (x) => f.moveModule(x.market.package, 'market'),
    expected: () => ['e1a', 'e1b', 'e2', 'e4a', 'e4b'],
  },
  {
    rule: 'S5',
    title: 'MoveEventType selects that full type, type arguments included',
    filter: (x) => f.moveEventType(`${x.market.package}::market::PriceUpdated<${SUI}>`),
    expected: () => ['e4a'],
  },
  {
    rule: 'S6',
    title: 'MoveEventModule selects events of that struct defined in that module, whoever emits them',
    filter: (x) => f.moveEventModule(x.market.package, 'market', 'Listed'),
    expected: () => ['e1a', 'e1b', 'e3a'],
  },
  {
    rule: 'S6',
    title: 'MoveEventModule of a generic struct selects every instantiation',
    filter: (x) => f.moveEventModule(x.market.package, 'market', 'PriceUpdated'),
    expected: () => ['e4a', 'e4b'],
  },
  {
    rule: 'S7',
    title: 'MoveEventField selects events whose field at the path equals the value',
    filter: () => f.moveEventField('/price', '100'),
    expected: () => ['e1a', 'e2'],
  },
  {
    rule: 'S8',
    title: 'SenderAddress selects events of transactions started by that address',
    filter: (x) => f.senderAddress(x.alice),
    expected: () => ['e1a', 'e1b', 'e3a', 'e3b'],
  },
  { rule: 'S9', title: 'Sender selects events by that sender', filter: (x) => f.sender(x.bob), expected: () => ['e2', 'e4a', 'e4b', 'e5'] },
  {
    rule: 'S10',
    title: 'Transaction selects the events of that transaction',
    filter: (x) => f.transaction(x.predicted.t3 ?? 'unknown'),
    expected: () => ['e3a', 'e3b'],
  },
  {
    rule: 'S11',
    title: 'TimeRange selects events with start_time <= timestampMs < end_time (strings of ms)',
    filter: (x) => f.timeRange(x.base + 500, x.base + 1_000),
    expected: () => ['e2', 'e3a', 'e3b'],
  },
  { rule: 'S12', title: 'All with the empty list selects every event', filter: () => f.all(), expected: () => [...ORDER] },
  {
    rule: 'S13',
    title: 'All with a list selects events passing every filter',
    filter: (x) => f.all(f.package(x.market.package), f.sender(x.bob)),
    expected: () => ['e2', 'e4a', 'e4b', 'e5'],
  },
  {
    rule: 'S13',
    title: 'Any selects events passing at least one filter',
    filter: (x) => f.any(f.sender(x.alice), f.moveEventField('/price', '100')),
    expected: () => ['e1a', 'e1b', 'e2', 'e3a', 'e3b'],
  },
  {
    rule: 'S13',
    title: 'And/Or nest into a more precise filter',
    filter: (x) =>
      f.and(f.moveEventModule(x.market.package, 'market', 'Listed'), f.or(f.sender(x.bob), f.transaction(x.predicted.t3 ?? 'unknown'))),
    expected: () => ['e3a'],
  },
  {
    rule: 'S13',
    title: 'Or of a transaction and an exact generic type',
    filter: (x) => f.or(f.transaction(x.predicted.t1 ?? 'unknown'), f.moveEventType(`${x.market.package}::market::PriceUpdated<${USDC}>`)),
    expected: () => ['e1a', 'e1b', 'e4b'],
  },
]

const labelsOf = (fixture: Fixture, events: ChainxEvent[]) =>
  events.map((event) => fixture.labels.get(`${event.id.txDigest}:${event.id.eventSeq}`) ?? 'unlabelled')

const MOCK_OPTIONS = { events: 30, seed: 11 }

/** Runs the batch on a twin network (same options, same calls in the same order, so the same seeded digests) to learn the digests before subscribing. */
function predictDigests(fixture: Fixture): void {
  const twin = createFixture(createMockNetwork(MOCK_OPTIONS))
  runBatch(twin, 5)
  fixture.predicted = { ...twin.digests }
}

type Scenario = (fixture: Fixture, mock: RunningMockNetwork, recorders: Recorder[]) => Promise<void>

/**
 * Starts a mock network (with some history), subscribes every filter case, runs
 * `scenario` (the batch and the marker), then waits for the marker on the `All`
 * subscription and for the expected count everywhere.
 */
async function runFilterCases(scenario: Scenario) {
  const mock = await startMockNetwork(MOCK_OPTIONS)
  const queryEvents: QueryEventsLike = eventsAt(mock.rpcUrl).query
  const client: SubscriptionClient = createSubscriptionClient({
    wsUrl: mock.wsUrl,
    queryEvents,
    heartbeatMs: 0,
    reconnect: { baseDelayMs: 5, maxDelayMs: 40, retries: 100 },
  })
  const fixture = createFixture(mock.network)
  predictDigests(fixture)
  const recorders = FILTER_CASES.map(() => recorder())
  await Promise.all(
    recorders.map((seen, index) => client.subscribe({ filter: (FILTER_CASES[index] as FilterCase).filter(fixture), ...seen })),
  )
  await waitForStates(recorders, 'backfilled', 1)
  await scenario(fixture, mock, recorders)
  if (fixture.digests.t1 !== fixture.predicted.t1 || fixture.digests.t3 !== fixture.predicted.t3) {
    throw new Error('the twin network predicted other digests: the Transaction cases would test nothing')
  }
  // Wait for the marker on `All` and for each expected count; on a time-out the rule tests
  // below report exactly which events are missing, so these waits do not throw.
  const all = recorders[FILTER_CASES.findIndex((testCase) => testCase.rule === 'S12')] as Recorder
  await vi.waitFor(() => expect(labelsOf(fixture, all.events)).toContain('marker'), waitOptions).catch(() => {})
  await vi
    .waitFor(() => {
      FILTER_CASES.forEach((testCase, index) =>
        expect((recorders[index] as Recorder).events.length).toBeGreaterThanOrEqual(testCase.expected(fixture).length),
      )
    }, waitOptions)
    .catch(() => {})
  return { mock, client, fixture, recorders }
}

/** Waits until every recorder saw `state` at least `times` times. */
async function waitForStates(recorders: Recorder[], state: SubscriptionStateChange['state'], times: number) {
  await vi.waitFor(() => {
    for (const seen of recorders) expect(seen.states.filter((change) => change.state === state).length).toBeGreaterThanOrEqual(times)
  }, waitOptions)
}

function describeFilterCases(name: string, scenario: Scenario) {
  describe(name, () => {
    let context: Awaited<ReturnType<typeof runFilterCases>> | undefined
    beforeAll(async () => {
      context = await runFilterCases(scenario)
    }, 30_000)
    afterAll(async () => {
      await context?.client.close()
      await context?.mock.close()
    })

    it.each(FILTER_CASES.map((testCase, index) => ({ ...testCase, index })))('$rule: $title', ({ index, expected }) => {
      const { recorders, fixture } = context as NonNullable<typeof context>
      const seen = recorders[index] as Recorder
      expect(labelsOf(fixture, seen.events)).toEqual(expected(fixture))
      expect(seen.errors).toEqual([])
    })
  })
}

describeFilterCases('S3-S13: every subscription filter kind, live', async (fixture) => {
  runBatch(fixture, 5)
  runMarker(fixture)
})

describeFilterCases(
  'S3-S13: through a connection dropped without a close frame, every event exactly once and in order',
  async (fixture, mock, recorders) => {
    runBatch(fixture, 1)
    mock.network.faults.dropWebSockets()
    runBatch(fixture, 3) // executed while no subscription exists on the server: only the backfill can deliver these
    await waitForStates(recorders, 'open', 2)
    runBatch(fixture, 5)
    runMarker(fixture)
    for (const seen of recorders) expect(seen.states.map((change) => change.state)).toContain('reconnecting')
  },
)

describeFilterCases(
  'S3-S13: through a server restart on the same port, every event exactly once and in order',
  async (fixture, mock, recorders) => {
    runBatch(fixture, 2)
    const restarting = mock.network.restart()
    runBatch(fixture, 4) // executed while the server is down
    await restarting
    await waitForStates(recorders, 'open', 2)
    runBatch(fixture, 5)
    runMarker(fixture)
  },
)

describe('S1, M2: subscription stream against the mock network', () => {
  let mock: RunningMockNetwork
  let queryEvents: QueryEventsLike
  useMockNetwork({ events: 0 }, async (started) => {
    mock = started
    queryEvents = eventsAt(mock.rpcUrl).query
  })

  it('M2: an emitted event reaches the subscription in the spec 2.1 shape, equal to what queryEvents returns', async () => {
    const client = createSubscriptionClient({ wsUrl: mock.wsUrl, queryEvents, heartbeatMs: 0 })
    const fixture = createFixture(mock.network)
    const seen = recorder()
    const unsubscribe = await client.subscribe({ filter: f.moveModule(fixture.market.package, 'market'), ...seen })
    runBatch(fixture, 2)
    await vi.waitFor(() => expect(seen.events).toHaveLength(3), waitOptions)
    const page = await queryEvents({ filter: { MoveModule: { package: fixture.market.package, module: 'market' } } })
    expect(seen.events).toEqual(page.items)
    const [first] = seen.events as [ChainxEvent]
    expect(first).toMatchObject({ sender: fixture.alice, type: `${fixture.market.package}::market::Listed`, transactionModule: 'market' })
    expect(first.parsedJson).toMatchObject({ price: '100' })
    expect(first.id.eventSeq).toBe('0')
    expect(first.timestampMs).toMatch(/^\d+$/)
    await expect(unsubscribe()).resolves.toBe(true)
    await client.close()
  })

  it('S1: a flood of live events during the first backfill is delivered whole and in order (the backfill stops at the live stream)', async () => {
    const client = createSubscriptionClient({ wsUrl: mock.wsUrl, queryEvents, heartbeatMs: 0, backfill: { maxItems: 100, pageSize: 10 } })
    const fixture = createFixture(mock.network)
    const seen = recorder()
    await client.subscribe({ filter: f.moveModule(fixture.marker.package, 'marker'), ...seen })
    const emitted: string[] = []
    for (let checkpoint = 0; checkpoint < 20; checkpoint++) {
      const inputs = Array.from({ length: 100 }, (_, index) => ({
        sender: fixture.carol,
        package: fixture.marker.package,
        module: 'marker',
        emit: [{ struct: 'Done', fields: { step: BigInt(checkpoint * 100 + index) } }],
      }))
      for (const executed of mock.network.executeBatch(inputs)) emitted.push(executed.digest)
    }
    await vi.waitFor(() => expect(seen.events.length).toBeGreaterThanOrEqual(emitted.length), waitOptions)
    expect(seen.events.map((event) => event.id.txDigest)).toEqual(emitted)
    expect(seen.states.map((change) => change.state)).not.toContain('gap')
    await client.close()
  })

  it('S1: after unsubscribe no more events are delivered, while another subscription of the client keeps receiving', async () => {
    const client = createSubscriptionClient({ wsUrl: mock.wsUrl, queryEvents, heartbeatMs: 0 })
    const fixture = createFixture(mock.network)
    const stopped = recorder()
    const kept = recorder()
    const unsubscribe = await client.subscribe({ filter: f.all(), ...stopped })
    await client.subscribe({ filter: f.all(), ...kept })
    runBatch(fixture, 1)
    await vi.waitFor(() => expect(stopped.events).toHaveLength(2), waitOptions)
    await expect(unsubscribe()).resolves.toBe(true)
    runBatch(fixture, 3)
    runMarker(fixture)
    await vi.waitFor(() => expect(labelsOf(fixture, kept.events)).toContain('marker'), waitOptions)
    expect(labelsOf(fixture, stopped.events)).toEqual(['e1a', 'e1b'])
    expect(labelsOf(fixture, kept.events)).toEqual(['e1a', 'e1b', 'e2', 'e3a', 'e3b', 'marker'])
    await client.close()
  })
})
