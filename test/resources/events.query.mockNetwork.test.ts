import { afterEach, describe, expect, it } from 'vitest'
import { market as marketEvents } from '../../examples/move/events.js'
import { InvalidFilterError, JsonRpcError } from '../../src/errors/jsonRpc.js'
import { HttpError, RateLimitedError } from '../../src/errors/request.js'
import type { EventsClient } from '../../src/resources/events.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { createJsonRpcCaller } from '../../src/jsonRpc/createJsonRpcCaller.js'
import { eventKey } from '../../src/events/eventKey.js'
import { eventSeqOf } from '../../src/events/eventSeqOf.js'
import { eventTimestamp } from '../../src/events/eventTimestamp.js'
import { formatTypeName } from '../../src/events/formatTypeName.js'
import { parseTypeName } from '../../src/events/parseTypeName.js'
import type { ChainxEvent, EventQueryFilter } from '../../src/events/types.js'
import { moveAddress } from '../../src/testing/ledger/moveAddress.js'
import type { LedgerEvent } from '../../src/testing/ledger/types.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { createTransport, type TransportOptions } from '../../src/transport/createTransport.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

const MARKET_MODULE = 'market'

// chainx_queryEvents against the mock network over real sockets on 127.0.0.1. One fixed
// batch of transactions; the events each filter must select are written out by hand
// below (the oracle is this table, not a matcher).
//
//   t1  alice  calls M::market::list    emits e1  M::market::Listed                 objects [item1]
//   t2  bob    calls R::router::buy     emits e2a M::market::Sold                   objects [item1], recipients [bob]
//                                             e2b M::market::PriceUpdated<0x2::sui::SUI>
//   t3  alice  calls M::admin::pause    emits e3  M::admin::Paused
//   t4  carol  calls M::market::update  emits e4a M::market::PriceUpdated<0x2::usdc::USDC>   objects [item2], recipients [carol]
//                                             e4b M::market::Listed
//
// Each transaction lands in its own checkpoint, 250 ms of simulated time apart.

type Label = 'e1' | 'e2a' | 'e2b' | 'e3' | 'e4a' | 'e4b'
const ALL: Label[] = ['e1', 'e2a', 'e2b', 'e3', 'e4a', 'e4b']
const SUI = '0x2::sui::SUI'
const USDC = '0x2::usdc::USDC'
const MAX_PAGE_SIZE = 4

let mock: RunningMockNetwork
let M: string
let R: string
let alice: string
let bob: string
let carol: string
let item1: string
let item2: string
const digests: Record<'t1' | 't2' | 't3' | 't4', string> = { t1: '', t2: '', t3: '', t4: '' }
const byLabel = new Map<Label, LedgerEvent>()
const labelOf = new Map<string, Label>()
let sent = 0

function client(options: TransportOptions = {}): EventsClient {
  return eventsAt(mock.rpcUrl, {
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
    onRequest: () => {
      sent++
    },
    ...options,
  })
}

const labels = (events: readonly ChainxEvent<unknown>[]) => events.map((event) => labelOf.get(eventKey(event)) ?? eventKey(event))

/** Every event the filter selects, walking pages with cursor (ascending unless told; at most 10 pages). */
async function select(
  filter: EventQueryFilter,
  options: { pageSize?: number; direction?: 'forward' | 'backward' } = {},
): Promise<string[]> {
  const events = client()
  const out: string[] = []
  let cursor = null as ChainxEvent['id'] | null
  for (let pages = 0; pages < 10; pages++) {
    const page = await events.query({ filter, cursor, ...options })
    out.push(...labels(page.items))
    if (!page.hasMore) return out
    cursor = page.cursor
  }
  throw new Error('more than 10 pages')
}

useMockNetwork({ events: 0, seed: 11, limits: { maxPageSize: MAX_PAGE_SIZE } }, async (started) => {
  mock = started
  const { network } = mock
  const market = network.publish({ module: MARKET_MODULE, events: marketEvents })
  M = market.package
  network.publish({ package: M, module: 'admin', events: { Paused: { by: moveAddress } } })
  R = network.publish({ module: 'router' }).package
  alice = network.ledger.newAddress()
  bob = network.ledger.newAddress()
  carol = network.ledger.newAddress()
  item1 = network.ledger.newAddress()
  item2 = network.ledger.newAddress()

  const t1 = network.execute({
    sender: alice,
    package: M,
    module: 'market',
    function: 'list',
    objects: [item1],
    emit: [{ struct: 'Listed', fields: { item_id: item1, price: 100n, seller: alice } }],
  })
  const t2 = network.execute({
    sender: bob,
    package: R,
    module: 'router',
    function: 'buy',
    objects: [item1],
    recipients: [bob],
    emit: [
      { struct: `${M}::market::Sold`, fields: { item_id: item1, price: 100n, buyer: bob } },
      { struct: `${M}::market::PriceUpdated`, typeArguments: [SUI], fields: { item_id: item1, old_price: 100n, new_price: 90n } },
    ],
  })
  const t3 = network.execute({
    sender: alice,
    package: M,
    module: 'admin',
    function: 'pause',
    emit: [{ struct: 'Paused', fields: { by: alice } }],
  })
  const t4 = network.execute({
    sender: carol,
    package: M,
    module: 'market',
    function: 'update',
    objects: [item2],
    recipients: [carol],
    emit: [
      { struct: 'PriceUpdated', typeArguments: [USDC], fields: { item_id: item2, old_price: 5n, new_price: 6n } },
      { struct: 'Listed', fields: { item_id: item2, price: 6n, seller: carol } },
    ],
  })
  Object.assign(digests, { t1: t1.digest, t2: t2.digest, t3: t3.digest, t4: t4.digest })
  const emitted = [...t1.events, ...t2.events, ...t3.events, ...t4.events]
  emitted.forEach((event, index) => {
    const label = ALL[index] as Label
    byLabel.set(label, event)
    labelOf.set(eventKey(event.id), label)
  })
})

afterEach(() => mock.network.faults.clear())

const idOf = (label: Label) => byLabel.get(label)!.id

describe('query filters against the mock network (J6-J15)', () => {
  it('J6: All selects every event', async () => {
    const page = await client().query({ filter: { All: [] }, pageSize: 50 })
    expect(labels(page.items)).toEqual(ALL.slice(0, MAX_PAGE_SIZE))
    const rest = await client().query({ filter: { All: [] }, cursor: page.cursor })
    expect(labels(rest.items)).toEqual(ALL.slice(MAX_PAGE_SIZE))
  })

  it('J7: Transaction selects the events of that transaction', async () => {
    expect(await select({ Transaction: digests.t2 })).toEqual(['e2a', 'e2b'])
    expect(await select({ Transaction: digests.t3 })).toEqual(['e3'])
  })

  it('J8: MoveModule selects events emitted from the module the transaction called', async () => {
    expect(await select({ MoveModule: { package: R, module: 'router' } })).toEqual(['e2a', 'e2b'])
    expect(await select({ MoveModule: { package: M, module: 'market' } })).toEqual(['e1', 'e4a', 'e4b'])
    expect(await select({ MoveModule: { package: M, module: 'admin' } })).toEqual(['e3'])
  })

  it('J9: MoveEventModule selects events whose type is defined in that module', async () => {
    expect(await select({ MoveEventModule: { package: M, module: 'market' } })).toEqual(['e1', 'e2a', 'e2b', 'e4a', 'e4b'])
    expect(await select({ MoveEventModule: { package: M, module: 'admin' } })).toEqual(['e3'])
    expect(await select({ MoveEventModule: { package: R, module: 'router' } })).toEqual([])
  })

  it('J10: MoveEvent selects events of that struct', async () => {
    expect(await select({ MoveEvent: 'Listed' })).toEqual(['e1', 'e4b'])
    expect(await select({ MoveEvent: `${M}::market::PriceUpdated` })).toEqual(['e2b', 'e4a'])
    expect(await select({ MoveEvent: `${M}::market::PriceUpdated<${SUI}>` })).toEqual(['e2b'])
  })

  it('J11: EventType selects events of that kind (a full event type)', async () => {
    expect(await select({ EventType: `${M}::market::PriceUpdated<${USDC}>` })).toEqual(['e4a'])
    expect(await select({ MoveEventType: `${M}::market::Sold` })).toEqual(['e2a'])
  })

  it('J12: Sender selects events by sender', async () => {
    expect(await select({ Sender: alice })).toEqual(['e1', 'e3'])
    expect(await select({ Sender: bob })).toEqual(['e2a', 'e2b'])
  })

  it('J13: Recipient { AddressOwner } selects events by recipient', async () => {
    expect(await select({ Recipient: { AddressOwner: bob } })).toEqual(['e2a', 'e2b'])
    expect(await select({ Recipient: { AddressOwner: carol } })).toEqual(['e4a', 'e4b'])
    expect(await select({ Recipient: { AddressOwner: alice } })).toEqual([])
  })

  it('J14: Object selects events associated with that object', async () => {
    expect(await select({ Object: item1 })).toEqual(['e1', 'e2a', 'e2b'])
    expect(await select({ Object: item2 })).toEqual(['e4a', 'e4b'])
  })

  it('J15: TimeRange selects events in the closed interval [startTime, endTime], sent as integer strings', async () => {
    const t2 = Number(byLabel.get('e2a')!.timestampMs)
    const t3 = Number(byLabel.get('e3')!.timestampMs)
    expect(t3).toBeGreaterThan(t2)
    expect(await select({ TimeRange: { startTime: t2, endTime: t3 } })).toEqual(['e2a', 'e2b', 'e3'])
    expect(await select({ TimeRange: { startTime: String(t2 + 1), endTime: String(t3 - 1) } })).toEqual([])
    expect(await select({ TimeRange: { startTime: t3, endTime: t3 } })).toEqual(['e3'])
  })

  it('J16: combinations are rejected before sending: no request reaches the service', async () => {
    const events = client()
    const before = sent
    const sender = { Sender: alice }
    for (const filter of [{ And: [sender, sender] }, { Or: [sender, sender] }, { Any: [sender] }, { Not: sender }, { All: [sender] }]) {
      await expect(events.query({ filter: filter as never })).rejects.toBeInstanceOf(InvalidFilterError)
    }
    expect(sent).toBe(before)
  })
})

describe('paging against the mock network (J2, J3, L3)', () => {
  it('J2: ascending is the default; a walk with nextCursor visits every event once, oldest first', async () => {
    expect(await select({ All: [] }, { pageSize: 2 })).toEqual(ALL)
  })

  it('J2: descending walks newest first, with the cursor exclusive in both directions', async () => {
    expect(await select({ All: [] }, { pageSize: 2, direction: 'backward' })).toEqual([...ALL].reverse())
    const older = await client().query({ filter: { All: [] }, cursor: idOf('e3'), direction: 'backward' })
    expect(labels(older.items)).toEqual(['e2b', 'e2a', 'e1'])
  })

  it('J2: the cursor is exclusive: the page starts after it', async () => {
    const page = await client().query({ filter: { All: [] }, cursor: idOf('e2a'), pageSize: 2 })
    expect(labels(page.items)).toEqual(['e2b', 'e3'])
    expect(page.cursor).toEqual(idOf('e3'))
    expect(page.hasMore).toBe(true)
  })

  it('J2: an empty page echoes the cursor as nextCursor (so polling can continue from it)', async () => {
    const page = await client().query({ filter: { All: [] }, cursor: idOf('e4b') })
    expect(page.items).toEqual([])
    expect(page.hasMore).toBe(false)
    expect(page.cursor).toEqual(idOf('e4b'))
  })

  it('L3: a limit over the max page size is clamped silently; no limit gives the max', async () => {
    const events = client()
    const big = await events.query({ filter: { All: [] }, pageSize: 1_000 })
    expect(big.items).toHaveLength(MAX_PAGE_SIZE)
    expect(big.hasMore).toBe(true)
    const unset = await events.query({ filter: { All: [] } })
    expect(unset.items).toHaveLength(MAX_PAGE_SIZE)
  })
})

describe('emitted events as the query returns them (M1, M2, J4, J5)', () => {
  it('M1: fields become parsedJson (u64 as strings), the struct type becomes type, the tx sender becomes sender', async () => {
    const page = await client().query({ filter: { Transaction: digests.t1 } })
    const [listed] = page.items
    expect(listed).toBeDefined()
    expect(listed!.parsedJson).toEqual({ item_id: item1, price: '100', seller: alice })
    expect(formatTypeName(parseTypeName(listed!.type))).toBe(formatTypeName(parseTypeName(`${M}::market::Listed`)))
    expect(listed!.sender).toBe(alice)
    expect(listed!.packageId).toBe(M)
    expect(listed!.transactionModule).toBe('market')
  })

  it('M1: a generic struct keeps its type arguments in type; the calling module is the transaction module', async () => {
    const page = await client().query({ filter: { Transaction: digests.t2 } })
    const [sold, price] = page.items
    expect(formatTypeName(parseTypeName(price!.type))).toBe(formatTypeName(parseTypeName(`${M}::market::PriceUpdated<${SUI}>`)))
    expect(price!.parsedJson).toEqual({ item_id: item1, old_price: '100', new_price: '90' })
    expect(sold!.packageId).toBe(R)
    expect(sold!.transactionModule).toBe('router')
    expect(sold!.sender).toBe(bob)
  })

  it('J4, J5: id { txDigest, eventSeq string }, bcs and timestampMs string; helpers read them', async () => {
    const page = await client().query({ filter: { Transaction: digests.t4 } })
    const [first, second] = page.items
    expect(first!.id).toEqual({ txDigest: digests.t4, eventSeq: '0' })
    expect(second!.id.eventSeq).toBe('1')
    expect(eventSeqOf(second!)).toBe(1n)
    expect(typeof first!.bcs).toBe('string')
    expect(first!.bcs.length).toBeGreaterThan(0)
    expect(first!.timestampMs).toMatch(/^\d+$/)
    expect(eventTimestamp(first!).getTime()).toBe(Number(byLabel.get('e4a')!.timestampMs))
    expect(eventKey(first!)).toBe(`${digests.t4}:0`)
  })

  it('M2: an event emitted now is returned by the next query from the last cursor', async () => {
    const events = client()
    const newest = await events.query({ filter: { Sender: carol }, direction: 'backward', pageSize: 1 })
    const cursor = newest.items[0]!.id
    const empty = await events.query({ filter: { Sender: carol }, cursor })
    expect(empty.items).toEqual([])
    const tx = mock.network.execute({
      sender: carol,
      package: M,
      module: 'market',
      function: 'list',
      emit: [{ struct: 'Listed', fields: { item_id: item2, price: 7n, seller: carol } }],
    })
    const fresh = await events.query({ filter: { Sender: carol }, cursor: empty.cursor })
    expect(fresh.items.map((event) => event.id)).toEqual([{ txDigest: tx.digest, eventSeq: '0' }])
    expect(fresh.items[0]!.parsedJson).toEqual({ item_id: item2, price: '7', seller: carol })
  })
})

describe('errors from the mock network (J2, J17, E8)', () => {
  it('J2: a cursor the service does not know is -32602 with its message', async () => {
    const unknown = { txDigest: '11111111111111111111111111111111', eventSeq: '0' }
    const error = await client()
      .query({ filter: { All: [] }, cursor: unknown })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error).toMatchObject({ rpcCode: -32602 })
    expect((error as JsonRpcError).message).toMatch(/Could not find the referenced transaction/)
  })

  it('J13: an owner form the service does not take is -32602 with the detail kept in data', async () => {
    const error = await client()
      .query({ filter: { Recipient: { ObjectOwner: item1 } } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JsonRpcError)
    expect(error).toMatchObject({ rpcCode: -32602, message: 'Invalid params' })
    expect(String((error as JsonRpcError).data)).toMatch(/ObjectOwner/)
  })

  it('J17: an unknown method is -32601', async () => {
    const rpc = createJsonRpcCaller({ url: mock.rpcUrl, transport: createTransport({ retry: false }) })
    await expect(rpc.call('chainx_queryEventz', [{ All: [] }])).rejects.toMatchObject({ code: 'JSON_RPC', rpcCode: -32601 })
  })

  it('E8: HTTP 429 with Retry-After is retried by the transport, then the query succeeds', async () => {
    mock.network.faults.rateLimitNext(1, { endpoint: 'rpc', retryAfterSeconds: 0 })
    const before = sent
    const page = await client().query({ filter: { Transaction: digests.t3 } })
    expect(labels(page.items)).toEqual(['e3'])
    expect(sent - before).toBe(2)
  })

  it('E8: HTTP 429 without retries is RATE_LIMITED with retryAfterMs from Retry-After', async () => {
    mock.network.faults.rateLimitNext(1, { endpoint: 'rpc', retryAfterSeconds: 3 })
    const error = await client({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitedError)
    expect(error).toMatchObject({ status: 429, retryAfterMs: 3000 })
  })

  it('J3: an HTML 502 page is HTTP 502 whatever its body (status first), retryable and retried', async () => {
    mock.network.faults.badGatewayNext(1, { endpoint: 'rpc' })
    await expect(client().query({ filter: { Transaction: digests.t3 } })).resolves.toMatchObject({ hasMore: false })
    mock.network.faults.badGatewayNext(1, { endpoint: 'rpc' })
    const error = await client({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 502, retryable: true })
  })

  it('J3: truncated JSON is INVALID_RESPONSE, retried like a 5xx; retry: false still sends once', async () => {
    mock.network.faults.truncateNext(1, { endpoint: 'rpc' })
    let before = sent
    await expect(client().query({ filter: { All: [] } })).resolves.toMatchObject({ hasMore: expect.any(Boolean) })
    expect(sent - before).toBe(2)
    mock.network.faults.truncateNext(1, { endpoint: 'rpc' })
    before = sent
    const error = await client({ retry: false })
      .query({ filter: { All: [] } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', retryable: true, bodyExcerpt: expect.any(String) })
    expect(sent - before).toBe(1)
  })
})
