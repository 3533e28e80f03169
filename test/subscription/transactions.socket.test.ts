import { afterEach, describe, expect, it, vi } from 'vitest'
import NodeWebSocket from 'ws'
import type { WebSocketConstructor } from '../../src/jsonRpc/webSocketTypes.js'
import { ChainxClient } from '../../src/client.js'
import { InvalidFilterError } from '../../src/errors/jsonRpc.js'
import type { SubscriptionStateChange } from '../../src/subscription/types.js'
import { startMockNetwork } from '../../src/testing/startMockNetwork.js'
import { SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE } from '../../src/resources/transactions.js'
import type { TransactionBlockEffects } from '../../src/transactions/types.js'

// client.transactions.subscribe (the deprecated chainx_subscribeTransaction) against the mock
// network over real sockets: the one subscription machine with transactions as its item kind.

const waitOptions = { timeout: 8_000, interval: 10 }
const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  vi.restoreAllMocks()
  for (const resource of opened.splice(0).reverse()) await resource.close()
})

interface Recorder {
  effects: TransactionBlockEffects[]
  states: SubscriptionStateChange<string>[]
  errors: unknown[]
}

async function setUp(options: { verifyIntervalMs?: number; WebSocket?: WebSocketConstructor } = {}) {
  const mock = await startMockNetwork({ events: 0, seed: 9, limits: { maxPageSize: 4 } })
  opened.push(mock)
  const client = new ChainxClient({
    graphqlUrl: mock.graphqlUrl,
    rpcUrl: mock.rpcUrl,
    wsUrl: mock.wsUrl,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    subscriptions: {
      heartbeatMs: 0,
      WebSocket: options.WebSocket,
      verifyIntervalMs: options.verifyIntervalMs ?? 0,
      reconnect: { baseDelayMs: 5, maxDelayMs: 40, retries: 100 },
    },
  })
  opened.push(client)
  const pkg = mock.network.publish({ module: 'pool' }).package
  const [alice, bob] = [mock.network.ledger.newAddress(), mock.network.ledger.newAddress()]
  const execute = (sender: string) => mock.network.execute({ sender, package: pkg, module: 'pool', function: 'swap' }).digest
  return { mock, client, alice, bob, execute }
}

/** The subscribe callbacks of a recorder (its records are not options). */
const on = ({ onTransaction, onStateChange, onError }: ReturnType<typeof recorder>) => ({ onTransaction, onStateChange, onError })

function recorder(): Recorder & {
  onTransaction: (fx: TransactionBlockEffects) => void
  onStateChange: (change: SubscriptionStateChange<string>) => void
  onError: (error: unknown) => void
} {
  const seen: Recorder = { effects: [], states: [], errors: [] }
  return {
    ...seen,
    onTransaction: (fx) => void seen.effects.push(fx),
    onStateChange: (change) => void seen.states.push(change),
    onError: (error) => void seen.errors.push(error),
    get effects() {
      return seen.effects
    },
    get states() {
      return seen.states
    },
    get errors() {
      return seen.errors
    },
  }
}

const digests = (seen: Recorder) => seen.effects.map((fx) => fx.transactionDigest)

describe('transactions.subscribe over the mock network', () => {
  it('delivers the effects of each matching transaction once, in order, live', async () => {
    const { client, alice, bob, execute } = await setUp()
    const seen = recorder()
    const unsubscribe = await client.transactions.subscribe({ filter: { FromAddress: alice }, ...on(seen) })
    const expected = [execute(alice), (execute(bob), execute(alice)), execute(alice)]
    await vi.waitFor(() => expect(digests(seen)).toEqual(expected), waitOptions)
    expect(seen.effects[0]?.status).toEqual({ status: 'success' })
    expect(seen.effects[0]?.gasObject.owner).toEqual({ AddressOwner: alice })
    expect(await unsubscribe()).toBe(true)
    // A subscription still open sees the next transaction; the one unsubscribed does not.
    const control = recorder()
    await client.transactions.subscribe({ filter: { FromAddress: alice }, ...on(control) })
    const later = execute(alice)
    await vi.waitFor(() => expect(digests(control)).toEqual([later]), waitOptions)
    expect(digests(seen)).toEqual(expected)
    expect(seen.errors).toEqual([])
  })

  it('through a connection dropped without a close frame and a server restart: each transaction once, in order (backfilled through queryTransactionBlocks)', async () => {
    const { mock, client, alice, bob, execute } = await setUp()
    const seen = recorder()
    const all = recorder()
    await client.transactions.subscribe({ filter: { FromAddress: alice }, ...on(seen) })
    await client.transactions.subscribe({ filter: null, ...on(all) })
    const expected: string[] = []
    const everything: string[] = []
    const run = (count: number) => {
      for (let i = 0; i < count; i++) {
        const sender = i % 3 === 2 ? bob : alice
        const digest = execute(sender)
        everything.push(digest)
        if (sender === alice) expected.push(digest)
      }
    }
    run(3)
    mock.network.faults.dropWebSockets()
    run(6) // while no subscription exists on the server: only the backfill can deliver these
    await vi.waitFor(() => expect(seen.states.filter((change) => change.state === 'open').length).toBeGreaterThanOrEqual(2), waitOptions)
    run(3)
    const restarting = mock.network.restart()
    run(5)
    await restarting
    await vi.waitFor(() => expect(seen.states.filter((change) => change.state === 'open').length).toBeGreaterThanOrEqual(3), waitOptions)
    run(4)
    await vi.waitFor(() => expect(digests(seen)).toEqual(expected), waitOptions)
    await vi.waitFor(() => expect(digests(all)).toEqual(everything), waitOptions)
    expect(seen.states.some((change) => change.state === 'backfilled' && change.delivered > 0)).toBe(true)
    expect(seen.states.map((change) => change.state)).toContain('reconnecting')
    expect([...seen.errors, ...all.errors]).toEqual([])
  })

  it('a subscription the service drops silently is found by the liveness check, subscribed again and backfilled', async () => {
    const { mock, client, alice, execute } = await setUp({ verifyIntervalMs: 40 })
    const seen = recorder()
    await client.transactions.subscribe({ filter: { FromAddress: alice }, ...on(seen) })
    const expected = [execute(alice)]
    await vi.waitFor(() => expect(digests(seen)).toEqual(expected), waitOptions)
    mock.network.faults.dropSubscriptionsSilently()
    expected.push(execute(alice), execute(alice))
    await vi.waitFor(() => expect(digests(seen)).toEqual(expected), waitOptions)
    expect(seen.states.some((change) => change.state === 'stalled')).toBe(true)
  })

  it("events and transactions subscribed side by side share the client's one WebSocket; each gets only its own kind", async () => {
    let sockets = 0
    class CountingWebSocket extends NodeWebSocket {
      constructor(...args: ConstructorParameters<typeof NodeWebSocket>) {
        super(...args)
        sockets++
      }
    }
    const { mock, client, alice, execute } = await setUp({ WebSocket: CountingWebSocket as unknown as WebSocketConstructor })
    const transactions = recorder()
    const events: string[] = []
    await client.transactions.subscribe({ filter: { FromAddress: alice }, ...on(transactions) })
    await client.events.subscribe({
      filter: { Sender: alice },
      onEvent: (event) => void events.push(event.id.txDigest),
      onError: (error) => transactions.errors.push(error),
    })
    const counter = mock.network.publish({ module: 'counter', events: { Bumped: { by: (await import('@mysten/bcs')).bcs.u64() } } })
    const withEvent = mock.network.execute({
      sender: alice,
      package: counter.package,
      module: 'counter',
      emit: [{ struct: 'Bumped', fields: { by: 1n } }],
    }).digest
    const plain = execute(alice)
    await vi.waitFor(() => expect(digests(transactions)).toEqual([withEvent, plain]), waitOptions)
    await vi.waitFor(() => expect(events).toEqual([withEvent]), waitOptions)
    expect(transactions.errors).toEqual([])
    expect(sockets).toBe(1)
  })

  it('a bad filter fails locally with INVALID_FILTER; the deprecation warning has its own code, once per process', async () => {
    const { client } = await setUp()
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const seen = recorder()
    await expect(client.transactions.subscribe({ filter: { Checkpoint: '1' }, ...on(seen) })).rejects.toBeInstanceOf(InvalidFilterError)
    await expect(client.transactions.subscribe({ filter: { FromOrToAddress: { addr: '0x2' } }, ...on(seen) })).rejects.toBeInstanceOf(
      InvalidFilterError,
    )
    // Earlier tests of this file already warned: the flag is per process.
    expect(warn).not.toHaveBeenCalledWith(SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE, expect.anything())
  })
})

describe('transactions.subscribe deprecation', () => {
  it('the first subscribe of a process emits one DeprecationWarning with code CHAINX_DEP_SUBSCRIBE_TRANSACTION', async () => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('chainx-sdk.subscribeTransaction.deprecationWarned')]
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    const { client, alice } = await setUp()
    const unsubscribers = [
      await client.transactions.subscribe({ filter: { FromAddress: alice }, onTransaction: () => {} }),
      await client.transactions.subscribe({ filter: null, onTransaction: () => {} }),
    ]
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith(SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE, {
      type: 'DeprecationWarning',
      code: 'CHAINX_DEP_SUBSCRIBE_TRANSACTION',
    })
    for (const unsubscribe of unsubscribers) expect(await unsubscribe()).toBe(true)
  })
})
