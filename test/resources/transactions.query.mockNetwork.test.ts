import { describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { InvalidFilterError, JsonRpcError } from '../../src/errors/jsonRpc.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import type { TransactionBlockEffects, TransactionFilter } from '../../src/transactions/types.js'
import type { TransactionPage } from '../../src/resources/transactions.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'
import { complete } from '../helpers/completeTransaction.js'

// chainx_queryTransactionBlocks against the mock network over real sockets on 127.0.0.1.
// One fixed batch of transactions; what each filter selects is written out by hand below
// (the oracle is this table, not the mock's matcher).
//
//   t1  alice  calls M::market::list    objects [item1]
//   t2  bob    calls R::router::buy     objects [item1], recipients [bob]      (2 events)
//   t3  alice  calls M::admin::pause                                           fails
//   t4  carol  calls M::market::update  objects [item2], recipients [alice]
//   t5  alice  calls M::market::list    objects [item2], recipients [bob]
//
// The gas coin of each sender is an input of each of its transactions.

type Label = 't1' | 't2' | 't3' | 't4' | 't5'
const MAX_PAGE_SIZE = 2

let mock: RunningMockNetwork
// Packages M and R, three senders and two objects, made when the network starts.
let [M, R, alice, bob, carol, item1, item2] = ['', '', '', '', '', '', '']
const labelOf = new Map<string, Label>()
const digestOf = {} as Record<Label, string>
let sent: unknown[][] = []

function client(): ChainxClient {
  return new ChainxClient({
    graphqlUrl: mock.graphqlUrl,
    rpcUrl: mock.rpcUrl,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
    onRequest: ({ body }) => {
      sent.push((JSON.parse(body) as { params: unknown[] }).params)
    },
  })
}

/** Every transaction the filter selects, page by page with the cursor (at most 10 pages). */
async function select(filter: TransactionFilter | null, direction: 'forward' | 'backward' = 'forward'): Promise<string[]> {
  const transactions = client().transactions
  const out: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 10; pages++) {
    const page: TransactionPage = await transactions.query({ filter, cursor, direction })
    out.push(...page.items.map((tx) => labelOf.get(tx.digest) ?? tx.digest))
    if (!page.hasMore) return out
    cursor = page.cursor
  }
  throw new Error('more than 10 pages')
}

useMockNetwork({ events: 0, seed: 5, limits: { maxPageSize: MAX_PAGE_SIZE } }, (started) => {
  mock = started
  const { network } = mock
  M = network.publish({ module: 'market' }).package
  network.publish({ package: M, module: 'admin' })
  R = network.publish({ module: 'router' }).package
  ;[alice, bob, carol, item1, item2] = Array.from({ length: 5 }, () => network.ledger.newAddress()) as [
    string,
    string,
    string,
    string,
    string,
  ]
  const run = (label: Label, input: Parameters<typeof network.execute>[0]) => {
    const { digest } = network.execute(input)
    digestOf[label] = digest
    labelOf.set(digest, label)
  }
  run('t1', { sender: alice, package: M, module: 'market', function: 'list', objects: [item1] })
  run('t2', { sender: bob, package: R, module: 'router', function: 'buy', objects: [item1], recipients: [bob] })
  run('t3', { sender: alice, package: M, module: 'admin', function: 'pause', failure: 'MoveAbort(admin::pause, 1)' })
  run('t4', { sender: carol, package: M, module: 'market', function: 'update', objects: [item2], recipients: [alice] })
  run('t5', { sender: alice, package: M, module: 'market', function: 'list', objects: [item2], recipients: [bob] })
})

describe('transactions.query filters over the mock network (each selects what the reference says)', () => {
  const cases: [string, () => TransactionFilter | null, Label[]][] = [
    ['no filter: every transaction', () => null, ['t1', 't2', 't3', 't4', 't5']],
    ['MoveFunction by package', () => ({ MoveFunction: { package: M } }), ['t1', 't3', 't4', 't5']],
    ['MoveFunction by module', () => ({ MoveFunction: { package: M, module: 'market' } }), ['t1', 't4', 't5']],
    ['MoveFunction by function', () => ({ MoveFunction: { package: M, module: 'market', function: 'list' } }), ['t1', 't5']],
    ['InputObject', () => ({ InputObject: item1 }), ['t1', 't2']],
    ['ChangedObject', () => ({ ChangedObject: item2 }), ['t4', 't5']],
    ['AffectedObject', () => ({ AffectedObject: item1 }), ['t1', 't2']],
    ['FromAddress', () => ({ FromAddress: alice }), ['t1', 't3', 't5']],
    ['ToAddress', () => ({ ToAddress: bob }), ['t2', 't5']],
    ['FromAndToAddress', () => ({ FromAndToAddress: { from: alice, to: bob } }), ['t5']],
    ['TransactionKind', () => ({ TransactionKind: 'ProgrammableTransaction' }), ['t1', 't2', 't3', 't4', 't5']],
    ['TransactionKindIn without the kind', () => ({ TransactionKindIn: ['ChangeEpoch', 'Genesis'] }), []],
  ]
  for (const [name, filter, expected] of cases) {
    it(`${name}: forward and backward, through pages of ${MAX_PAGE_SIZE}`, async () => {
      expect(await select(filter())).toEqual(expected)
      expect(await select(filter(), 'backward')).toEqual([...expected].reverse())
    })
  }

  it('an object created for a recipient is a ChangedObject and an AffectedObject of its transaction', async () => {
    const { items } = await client().transactions.query({ filter: { FromAddress: carol }, options: { showEffects: true } })
    const created = complete(items[0]).effects.created?.[0]?.reference.objectId as string
    expect(created).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await select({ ChangedObject: created })).toEqual(['t4'])
    expect(await select({ AffectedObject: created })).toEqual(['t4'])
    expect(await select({ InputObject: created })).toEqual([])
  })
})

describe('transactions.query on the wire', () => {
  it('sends [{ filter, options }, cursor, pageSize, descending] and reads { items, hasMore, cursor } beside the service names', async () => {
    sent = []
    const transactions = client().transactions
    const first = await transactions.query({ filter: { FromAddress: alice }, pageSize: 2 })
    expect(sent[0]).toEqual([{ filter: { FromAddress: alice }, options: null }, null, 2, false])
    expect(first.items.map((tx) => labelOf.get(tx.digest))).toEqual(['t1', 't3'])
    expect(first.items[0]).toEqual({ digest: digestOf.t1 })
    expect(first).toStrictEqual({ items: first.items, hasMore: true, cursor: digestOf.t3 })
    const second = await transactions.query({ filter: { FromAddress: alice }, cursor: first.cursor, pageSize: 2, direction: 'forward' })
    expect(sent[1]).toEqual([{ filter: { FromAddress: alice }, options: null }, digestOf.t3, 2, false])
    expect(second.items.map((tx) => labelOf.get(tx.digest))).toEqual(['t5'])
    expect(second.hasMore).toBe(false)
    const empty = await transactions.query({ filter: { FromAddress: alice }, cursor: second.cursor })
    expect(empty).toMatchObject({ items: [], hasMore: false, cursor: digestOf.t5 })
  })

  it('pageSize and direction are sent as [{ filter, options }, cursor, pageSize, backward]; the old names limit and descending are refused before sending', async () => {
    sent = []
    const transactions = client().transactions
    await transactions.query({ filter: null, pageSize: 1, direction: 'backward' })
    expect(sent[0]).toEqual([{ filter: null, options: null }, null, 1, true])
    await expect(transactions.query({ limit: 2 } as never)).rejects.toThrow('unknown option `limit`')
    await expect(transactions.query({ descending: true } as never)).rejects.toThrow('unknown option `descending`')
    expect(sent).toHaveLength(1)
  })

  it('options type the response: effects, events, object and balance changes, input and raw bytes are there and checked', async () => {
    const options = {
      showEffects: true,
      showEvents: true,
      showObjectChanges: true,
      showBalanceChanges: true,
      showInput: true,
      showRawInput: true,
      showRawEffects: true,
    } as const
    const { items } = await client().transactions.query({ filter: { FromAddress: alice }, options })
    const [t1, t3] = [complete(items[0]), complete(items[1])]
    expectTypeOf(t1.effects).toEqualTypeOf<TransactionBlockEffects>()
    expect(t1.effects.status).toEqual({ status: 'success' })
    expect(t3.effects.status).toEqual({ status: 'failure', error: 'MoveAbort(admin::pause, 1)' })
    expect(t1.effects.transactionDigest).toBe(digestOf.t1)
    for (const amount of Object.values(t1.effects.gasUsed)) expect(amount).toMatch(/^\d+$/)
    expect(t1.effects.mutated?.map((ref) => ref.reference.objectId)).toContain(item1)
    expect(t1.effects.gasObject.owner).toEqual({ AddressOwner: alice })
    expect(typeof t1.effects.gasObject.reference.version).toBe('number')
    expect(t1.balanceChanges).toEqual([
      { owner: { AddressOwner: alice }, coinType: '0x2::sui::SUI', amount: expect.stringMatching(/^-\d+$/) },
    ])
    const { computationCost, storageCost, storageRebate } = t1.effects.gasUsed
    expect(BigInt(t1.balanceChanges[0]?.amount ?? 0)).toBe(-(BigInt(computationCost) + BigInt(storageCost) - BigInt(storageRebate)))
    expect(t1.objectChanges.map((change) => change.type)).toEqual(['mutated', 'mutated'])
    expect(t1.transaction.data.sender).toBe(alice)
    expect(t1.events).toEqual([])
    expect(typeof t1.rawTransaction).toBe('string')
    expect(t1.rawEffects.every((byte) => Number.isInteger(byte))).toBe(true)
    expect(t1.checkpoint).toMatch(/^\d+$/)
    expect(t1.timestampMs).toMatch(/^\d+$/)
  })

  it('versions follow the objects from one transaction to the next (modifiedAtVersions is the previous version)', async () => {
    const { items } = await client().transactions.query({ filter: { AffectedObject: item2 }, options: { showEffects: true } })
    const [t4, t5] = [complete(items[0]), complete(items[1])]
    const versionIn = (tx: typeof t4) => tx.effects.mutated?.find((ref) => ref.reference.objectId === item2)?.reference.version
    expect(t5.effects.modifiedAtVersions?.find((entry) => entry.objectId === item2)?.sequenceNumber).toBe(versionIn(t4))
    expect(Number(versionIn(t5))).toBeGreaterThan(Number(versionIn(t4)))
  })

  it('unsupported and malformed filters fail locally with INVALID_FILTER, no request sent', async () => {
    sent = []
    const transactions = client().transactions
    const refused: unknown[] = [
      { Checkpoint: '3' },
      { FromOrToAddress: { addr: alice } },
      { FromAddress: 'alice' },
      { MoveFunction: { package: M, function: 'list' } },
      { MoveFunction: { package: M, module: 'not-an-identifier' } },
      { TransactionKindIn: [] },
      { FromAddress: alice, ToAddress: bob },
      { Sender: alice },
    ]
    for (const filter of refused) {
      await expect(transactions.query({ filter: filter as TransactionFilter })).rejects.toBeInstanceOf(InvalidFilterError)
    }
    expect(() => client().transactions.iterate({ filter: { Checkpoint: 1 } })).toThrow(InvalidFilterError)
    expect(sent).toEqual([])
  })

  it('the mock refuses the unsupported filters too (-32602), when sent around the SDK', async () => {
    const response = await fetch(mock.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'chainx_queryTransactionBlocks',
        params: [{ filter: { FromOrToAddress: { addr: alice } } }],
      }),
    })
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32602)
  })

  it('a cursor the service does not know is a JSON-RPC -32602 error', async () => {
    const unknownDigest = '11111111111111111111111111111111'
    const error = await client()
      .transactions.query({ cursor: unknownDigest })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect((error as JsonRpcError).rpcCode).toBe(-32602)
  })
})

describe('transactions.iterate over the mock network', () => {
  it('yields each transaction once, in order, both directions, with walk.cursor after each', async () => {
    const walk = client().transactions.iterate({ filter: { MoveFunction: { package: M } }, pageSize: 2 })
    const seen: string[] = []
    const cursors: (string | null)[] = []
    for await (const tx of walk) {
      seen.push(labelOf.get(tx.digest) as string)
      cursors.push(walk.cursor)
    }
    expect(seen).toEqual(['t1', 't3', 't4', 't5'])
    expect(cursors).toEqual(['t1', 't3', 't4', 't5'].map((label) => digestOf[label as Label]))
    const backward = await client()
      .transactions.iterate({ direction: 'backward', options: { showEffects: true } })
      .toArray({ maxItems: 10 })
    expect(backward.map((tx) => labelOf.get(tx.digest))).toEqual(['t5', 't4', 't3', 't2', 't1'])
    expect(complete(backward[0]).effects.status.status).toBe('success')
  })

  it('empty pages that claim more (a mock fault, as for events) lose nothing; endless ones end with EMPTY_PAGES and a resumeCursor', async () => {
    mock.network.faults.emptyPagesNext(3, { endpoint: 'rpc' })
    const all = await client().transactions.iterate({ pageSize: 2 }).toArray({ maxItems: 10 })
    expect(all.map((tx) => labelOf.get(tx.digest))).toEqual(['t1', 't2', 't3', 't4', 't5'])
    mock.network.faults.emptyPagesNext(Infinity, { endpoint: 'rpc' })
    try {
      const error = await client()
        .transactions.iterate({ pageSize: 2, maxEmptyPages: 5 })
        .toArray({ maxItems: 10 })
        .catch((caught: unknown) => caught)
      expect(error).toMatchObject({ code: 'EMPTY_PAGES', delivered: 0 })
    } finally {
      mock.network.faults.clear()
    }
  })

  it('resumes from a saved cursor and stops at maxItems', async () => {
    const resumed = await client().transactions.iterate({ cursor: digestOf.t2, maxItems: 2 }).toArray({ maxItems: 10 })
    expect(resumed.map((tx) => labelOf.get(tx.digest))).toEqual(['t3', 't4'])
    expect(() => client().transactions.iterate({ cursor: 'not a digest' })).toThrow(InvalidArgumentError)
  })
})
