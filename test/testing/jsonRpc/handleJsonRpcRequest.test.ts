import { describe, expect, it } from 'vitest'
import { handleJsonRpcRequest } from '../../../src/testing/jsonRpc/handleJsonRpcRequest.js'
import type { LedgerEvent } from '../../../src/testing/ledger/types.js'
import { ADDR, FakeLedger, counterTransactions } from '../jsonRpcFakeLedger.js'

interface RpcResponse {
  jsonrpc: string
  id: number | string | null
  result?: any
  error?: { code: number; message: string; data?: string }
}

function post(ledger: FakeLedger, body: unknown, options?: { maxPageSize?: number }): RpcResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const response = handleJsonRpcRequest(ledger, text, options)
  expect(response.status).toBe(200)
  return JSON.parse(response.body) as RpcResponse
}

function queryEvents(ledger: FakeLedger, params: unknown, options?: { maxPageSize?: number }): RpcResponse {
  return post(ledger, { jsonrpc: '2.0', id: 7, method: 'chainx_queryEvents', params }, options)
}

function page(ledger: FakeLedger, params: unknown, options?: { maxPageSize?: number }) {
  const response = queryEvents(ledger, params, options)
  expect(response.error).toBeUndefined()
  return response.result as { data: any[]; nextCursor: { txDigest: string; eventSeq: string } | null; hasNextPage: boolean }
}

function digestsOf(data: any[]): string[] {
  return data.map((event) => `${event.id.txDigest}#${event.id.eventSeq}`)
}

const LISTED = `${ADDR.market}::market::Listed`
const SOLD = `${ADDR.market}::market::Sold`
const PRICE_SUI = `${ADDR.market}::market::PriceUpdated<0x2::sui::SUI>`
const PRICE_FOO = `${ADDR.market}::market::PriceUpdated<${ADDR.other}::foo::FOO>`

/** tx1..tx4 with events from two calling modules; see each test for what it relies on. */
function marketLedger() {
  const ledger = new FakeLedger()
  const [tx1, tx2, tx3] = ledger.commit([
    { sender: ADDR.alice, objects: [ADDR.item1], events: [{ type: LISTED, parsedJson: { item_id: ADDR.item1, price: '100' } }] },
    {
      sender: ADDR.bob,
      objects: [ADDR.item1],
      recipients: [ADDR.alice],
      events: [
        { type: SOLD, parsedJson: { item_id: ADDR.item1, price: '100', buyer: ADDR.bob } },
        { type: PRICE_SUI, parsedJson: { item_id: ADDR.item1, old_price: '100', new_price: '90' } },
      ],
    },
    {
      sender: ADDR.alice,
      package: ADDR.other,
      module: 'router',
      objects: [ADDR.item2],
      events: [{ type: LISTED, parsedJson: { item_id: ADDR.item2, price: '5' } }],
    },
  ])
  const [tx4] = ledger.commit([
    {
      sender: ADDR.bob,
      recipients: [ADDR.bob],
      events: [{ type: PRICE_FOO, parsedJson: { item_id: ADDR.item2, old_price: '5', new_price: '6' } }],
    },
  ])
  return { ledger, tx1: tx1!, tx2: tx2!, tx3: tx3!, tx4: tx4! }
}

function idsOfTx(...transactions: Array<{ digest: string; events: LedgerEvent[] }>): string[] {
  return transactions.flatMap((tx) => tx.events.map((event) => `${tx.digest}#${event.id.eventSeq}`))
}

describe('chainx_queryEvents request shape', () => {
  it('J1: a POST body with jsonrpc "2.0", an integer id, the method and a params array is answered with the same id', () => {
    const { ledger } = marketLedger()
    const response = post(ledger, { jsonrpc: '2.0', id: 41, method: 'chainx_queryEvents', params: [{ All: [] }] })
    expect(response).toMatchObject({ jsonrpc: '2.0', id: 41 })
    expect(response.result.data).toHaveLength(5)
    expect(post(ledger, { jsonrpc: '2.0', id: 'abc', method: 'chainx_queryEvents', params: [{ All: [] }] }).id).toBe('abc')
  })

  it('J1: a body without jsonrpc "2.0" or with a non-integer id is -32600 Invalid request', () => {
    const { ledger } = marketLedger()
    for (const body of [
      { id: 1, method: 'chainx_queryEvents', params: [{ All: [] }] },
      { jsonrpc: '1.0', id: 1, method: 'chainx_queryEvents', params: [{ All: [] }] },
      { jsonrpc: '2.0', id: 1.5, method: 'chainx_queryEvents', params: [{ All: [] }] },
      { jsonrpc: '2.0', method: 'chainx_queryEvents', params: [{ All: [] }] },
      { jsonrpc: '2.0', id: 1, method: 5 },
      'null',
      '"text"',
    ]) {
      expect(post(ledger, body).error).toEqual({ code: -32600, message: 'Invalid request' })
    }
    expect(post(ledger, { jsonrpc: '1.0', id: 9, method: 'x' }).id).toBe(9)
  })

  it('J2: params[1] null, params[2] null and params[3] null mean start, default limit, ascending; trailing params may be left out', () => {
    const { ledger } = marketLedger()
    const full = page(ledger, [{ All: [] }, null, null, null])
    expect(page(ledger, [{ All: [] }])).toEqual(full)
    expect(digestsOf(full.data)).toEqual(digestsOf(ledger.events.map((event) => ({ id: event.id }))))
  })

  it('J2: the named-object params form is accepted too (snake_case or camelCase order flag)', () => {
    const { ledger } = marketLedger()
    const positional = page(ledger, [{ All: [] }, null, 2, true])
    expect(page(ledger, { query: { All: [] }, limit: 2, descending_order: true })).toEqual(positional)
    expect(page(ledger, { query: { All: [] }, limit: 2, descendingOrder: true })).toEqual(positional)
  })

  it('J2: params[0] is required', () => {
    const { ledger } = marketLedger()
    for (const params of [[], [null], undefined, {}]) {
      expect(queryEvents(ledger, params).error).toMatchObject({
        code: -32602,
        message: 'Invalid params',
        data: expect.stringContaining('query'),
      })
    }
  })

  it('J2: params[3] must be a boolean, and at most four params are taken', () => {
    const { ledger } = marketLedger()
    expect(queryEvents(ledger, [{ All: [] }, null, null, 'yes']).error).toMatchObject({
      code: -32602,
      data: expect.stringContaining('boolean'),
    })
    expect(queryEvents(ledger, [{ All: [] }, null, null, false, 1]).error).toMatchObject({ code: -32602 })
    expect(queryEvents(ledger, 'x').error).toMatchObject({ code: -32602 })
  })

  it('J3: the result is a page with data, nextCursor and hasNextPage', () => {
    const { ledger } = marketLedger()
    const result = page(ledger, [{ All: [] }, null, 2])
    expect(Object.keys(result).sort()).toEqual(['data', 'hasNextPage', 'nextCursor'])
    expect(result.data).toHaveLength(2)
    expect(result.hasNextPage).toBe(true)
  })

  it('J4: each Event has exactly the spec 2.1 fields, with base64 bcs, and no ledger-internal fields', () => {
    const { ledger, tx2 } = marketLedger()
    const [event] = page(ledger, [{ Transaction: tx2.digest }, null, 1]).data
    const source = tx2.events[0]!
    expect(event).toEqual({
      id: { txDigest: tx2.digest, eventSeq: '0' },
      packageId: ADDR.market,
      transactionModule: 'market',
      sender: ADDR.bob,
      type: SOLD,
      parsedJson: { item_id: ADDR.item1, price: '100', buyer: ADDR.bob },
      bcsEncoding: 'base64',
      bcs: source.bcs,
      timestampMs: source.timestampMs,
    })
  })

  it('J4: type keeps its type arguments', () => {
    const { ledger, tx2 } = marketLedger()
    expect(page(ledger, [{ Transaction: tx2.digest }]).data[1].type).toBe(PRICE_SUI)
  })

  it('J5: eventSeq and timestampMs are strings; big integers in parsedJson stay strings and bigint values are written as strings', () => {
    const ledger = new FakeLedger()
    ledger.commit([{ events: [{ type: LISTED, parsedJson: { price: '18446744073709551615', raw: 12n as unknown as string } }] }])
    const [event] = page(ledger, [{ All: [] }]).data
    expect(typeof event.id.eventSeq).toBe('string')
    expect(typeof event.timestampMs).toBe('string')
    expect(event.parsedJson).toEqual({ price: '18446744073709551615', raw: '12' })
  })
})

describe('chainx_queryEvents filters (one key each)', () => {
  it('J6: All selects every event, written as [], null or the bare "All"', () => {
    const { ledger } = marketLedger()
    const every = digestsOf(ledger.events.map((event) => ({ id: event.id })))
    expect(digestsOf(page(ledger, [{ All: [] }]).data)).toEqual(every)
    expect(digestsOf(page(ledger, [{ All: null }]).data)).toEqual(every)
    expect(digestsOf(page(ledger, ['All']).data)).toEqual(every)
  })

  it('J7: Transaction selects the events of that transaction', () => {
    const { ledger, tx2 } = marketLedger()
    expect(digestsOf(page(ledger, [{ Transaction: tx2.digest }]).data)).toEqual(idsOfTx(tx2))
    expect(page(ledger, [{ Transaction: 'UnknownDigest' }]).data).toEqual([])
  })

  it('J8: MoveModule selects events emitted from the called module (packageId + transactionModule), not the defining module', () => {
    const { ledger, tx1, tx2, tx3, tx4 } = marketLedger()
    expect(digestsOf(page(ledger, [{ MoveModule: { package: ADDR.market, module: 'market' } }]).data)).toEqual(idsOfTx(tx1, tx2, tx4))
    expect(digestsOf(page(ledger, [{ MoveModule: { package: ADDR.other, module: 'router' } }]).data)).toEqual(idsOfTx(tx3))
  })

  it('J9: MoveEventModule selects events whose type is defined in that module', () => {
    const { ledger } = marketLedger()
    const result = page(ledger, [{ MoveEventModule: { package: ADDR.market, module: 'market' } }])
    expect(result.data).toHaveLength(5)
    expect(page(ledger, [{ MoveEventModule: { package: ADDR.other, module: 'router' } }]).data).toEqual([])
  })

  it('J10: MoveEvent selects events of that struct: by name, by struct tag (any type arguments) or exact instantiation', () => {
    const { ledger, tx1, tx2, tx3, tx4 } = marketLedger()
    expect(digestsOf(page(ledger, [{ MoveEvent: 'Listed' }]).data)).toEqual(idsOfTx(tx1, tx3))
    const priceIds = [`${tx2.digest}#1`, `${tx4.digest}#0`]
    expect(digestsOf(page(ledger, [{ MoveEvent: 'PriceUpdated' }]).data)).toEqual(priceIds)
    expect(digestsOf(page(ledger, [{ MoveEvent: `${ADDR.market}::market::PriceUpdated` }]).data)).toEqual(priceIds)
    expect(digestsOf(page(ledger, [{ MoveEvent: `${ADDR.market}::market::PriceUpdated<0x2::sui::SUI>` }]).data)).toEqual([priceIds[0]])
    expect(queryEvents(ledger, [{ MoveEvent: 'not a name' }]).error).toMatchObject({ code: -32602 })
  })

  it('J11: EventType (and the real service name MoveEventType) match the full type, type arguments included', () => {
    const { ledger, tx2, tx4 } = marketLedger()
    expect(digestsOf(page(ledger, [{ EventType: PRICE_FOO }]).data)).toEqual(idsOfTx(tx4))
    expect(digestsOf(page(ledger, [{ MoveEventType: PRICE_SUI }]).data)).toEqual([`${tx2.digest}#1`])
    expect(page(ledger, [{ MoveEventType: `${ADDR.market}::market::PriceUpdated` }]).data).toEqual([])
    const padded = PRICE_SUI.replace('0x2::sui', `0x${'0'.repeat(63)}2::sui`)
    expect(digestsOf(page(ledger, [{ EventType: padded }]).data)).toEqual([`${tx2.digest}#1`])
  })

  it('J12: Sender selects events by sender; short and long address forms are the same', () => {
    const { ledger, tx1, tx3 } = marketLedger()
    expect(digestsOf(page(ledger, [{ Sender: ADDR.alice }]).data)).toEqual(idsOfTx(tx1, tx3))
    expect(digestsOf(page(ledger, [{ Sender: ADDR.alice.toUpperCase().replace('0X', '0x') }]).data)).toEqual(idsOfTx(tx1, tx3))
    expect(queryEvents(ledger, [{ Sender: 'alice' }]).error).toMatchObject({ code: -32602, message: 'Invalid params' })
  })

  it('J13: Recipient {AddressOwner} selects events by recipient', () => {
    const { ledger, tx2, tx4 } = marketLedger()
    expect(digestsOf(page(ledger, [{ Recipient: { AddressOwner: ADDR.alice } }]).data)).toEqual(idsOfTx(tx2))
    expect(digestsOf(page(ledger, [{ Recipient: { AddressOwner: ADDR.bob } }]).data)).toEqual(idsOfTx(tx4))
    expect(queryEvents(ledger, [{ Recipient: ADDR.bob }]).error).toMatchObject({ code: -32602 })
  })

  it('J14: Object selects events associated with that object', () => {
    const { ledger, tx1, tx2, tx3 } = marketLedger()
    expect(digestsOf(page(ledger, [{ Object: ADDR.item1 }]).data)).toEqual(idsOfTx(tx1, tx2))
    expect(digestsOf(page(ledger, [{ Object: ADDR.item2 }]).data)).toEqual(idsOfTx(tx3))
  })

  it('J15: TimeRange selects the closed interval [startTime, endTime], given as integers or strings of ms', () => {
    const { ledger, tx2, tx3 } = marketLedger()
    const start = Number(tx2.events[0]!.timestampMs)
    const end = Number(tx3.events[0]!.timestampMs)
    expect(digestsOf(page(ledger, [{ TimeRange: { startTime: start, endTime: end } }]).data)).toEqual(idsOfTx(tx2, tx3))
    expect(digestsOf(page(ledger, [{ TimeRange: { startTime: String(start), endTime: String(end) } }]).data)).toEqual(idsOfTx(tx2, tx3))
    expect(digestsOf(page(ledger, [{ TimeRange: { startTime: start + 1, endTime: end - 1 } }]).data)).toEqual([])
    expect(queryEvents(ledger, [{ TimeRange: { startTime: start } }]).error).toMatchObject({
      code: -32602,
      data: expect.stringContaining('endTime'),
    })
    expect(queryEvents(ledger, [{ TimeRange: { startTime: -1, endTime: end } }]).error).toMatchObject({ code: -32602 })
  })

  it('J15: TimeRange still works when timestamps are out of order (scan fallback)', () => {
    const ledger = new FakeLedger()
    ledger.commit([
      { timestampMs: 30, events: [{ type: LISTED }] },
      { timestampMs: 10, events: [{ type: LISTED }] },
      { timestampMs: 20, events: [{ type: LISTED }] },
    ])
    const found = page(ledger, [{ TimeRange: { startTime: '10', endTime: '20' } }]).data
    expect(found.map((event) => event.timestampMs)).toEqual(['10', '20'])
  })

  it('J16: combinations are rejected for queries: Any with the real service message, All with a list, And, Or, Not as Invalid params', () => {
    const { ledger } = marketLedger()
    expect(queryEvents(ledger, [{ Any: [{ Sender: ADDR.alice }] }]).error).toEqual({
      code: -32602,
      message: "Feature is not supported: 'Any' queries are not supported by the fullnode.",
    })
    expect(queryEvents(ledger, [{ All: [{ Sender: ADDR.alice }] }]).error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'All: invalid length 1, expected an empty array',
    })
    for (const key of ['And', 'Or', 'Not', 'MoveEventField', 'Package']) {
      const error = queryEvents(ledger, [{ [key]: [{ Sender: ADDR.alice }, { Sender: ADDR.bob }] }]).error
      expect(error).toMatchObject({ code: -32602, message: 'Invalid params', data: expect.stringContaining(`unknown variant \`${key}\``) })
    }
    expect(queryEvents(ledger, [{ Sender: ADDR.alice, Transaction: 'x' }]).error).toMatchObject({ code: -32602, message: 'Invalid params' })
  })

  it("J17: the named params a client library's queryEvents({ query, cursor, limit, order }) sends are served", () => {
    const { ledger } = marketLedger()
    const first = page(ledger, { query: { Sender: ADDR.bob }, cursor: null, limit: 1, descending_order: false })
    const second = page(ledger, { query: { Sender: ADDR.bob }, cursor: first.nextCursor, limit: 1, descending_order: false })
    expect(digestsOf([...first.data, ...second.data])).toEqual(digestsOf(page(ledger, [{ Sender: ADDR.bob }, null, 2]).data))
  })
})

describe('chainx_queryEvents paging', () => {
  it('J2: the cursor is exclusive: the next page starts after the nextCursor event', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(7))
    const first = page(ledger, [{ All: [] }, null, 3])
    expect(first.data.map((event) => event.parsedJson.n)).toEqual(['0', '1', '2'])
    expect(first.nextCursor).toEqual(first.data[2].id)
    const second = page(ledger, [{ All: [] }, first.nextCursor, 3])
    expect(second.data.map((event) => event.parsedJson.n)).toEqual(['3', '4', '5'])
    const third = page(ledger, [{ All: [] }, second.nextCursor, 3])
    expect(third.data.map((event) => event.parsedJson.n)).toEqual(['6'])
    expect(third.hasNextPage).toBe(false)
  })

  it('J2: an empty page echoes the input cursor as nextCursor (null stays null), so polling can resume', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(2))
    const all = page(ledger, [{ All: [] }])
    expect(all.hasNextPage).toBe(false)
    const empty = page(ledger, [{ All: [] }, all.nextCursor])
    expect(empty).toEqual({ data: [], nextCursor: all.nextCursor, hasNextPage: false })
    expect(page(ledger, [{ Sender: ADDR.other }])).toEqual({ data: [], nextCursor: null, hasNextPage: false })
    ledger.commit(counterTransactions(1))
    expect(page(ledger, [{ All: [] }, all.nextCursor]).data.map((event) => event.parsedJson.n)).toEqual(['0'])
  })

  it('J2: params[3] true reads newest first, and the cursor stays exclusive going backwards', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(5))
    const first = page(ledger, [{ All: [] }, null, 2, true])
    expect(first.data.map((event) => event.parsedJson.n)).toEqual(['4', '3'])
    expect(first.hasNextPage).toBe(true)
    const second = page(ledger, [{ All: [] }, first.nextCursor, 2, true])
    expect(second.data.map((event) => event.parsedJson.n)).toEqual(['2', '1'])
    const third = page(ledger, [{ All: [] }, second.nextCursor, 2, true])
    expect(third.data.map((event) => event.parsedJson.n)).toEqual(['0'])
    expect(third.hasNextPage).toBe(false)
    expect(page(ledger, [{ All: [] }, third.nextCursor, 2, true])).toEqual({ data: [], nextCursor: third.nextCursor, hasNextPage: false })
  })

  it('J2: walking a filter ascending and descending page by page gives the same events in opposite orders', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(23))
    const walk = (descending: boolean) => {
      const seen: string[] = []
      let cursor: unknown = null
      for (let pageCount = 0; pageCount < 20; pageCount++) {
        const result = page(ledger, [{ Sender: ADDR.bob }, cursor, 4, descending])
        seen.push(...result.data.map((event) => event.parsedJson.n as string))
        cursor = result.nextCursor
        if (!result.hasNextPage) break
      }
      return seen
    }
    const ascending = walk(false)
    expect(ascending).toEqual(['1', '3', '5', '7', '9', '11', '13', '15', '17', '19', '21'])
    expect(walk(true)).toEqual([...ascending].reverse())
  })

  it('J2: a cursor from a descending read can be used to poll forward in ascending order', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(4))
    const newest = page(ledger, [{ All: [] }, null, 1, true])
    ledger.commit(counterTransactions(2))
    const forward = page(ledger, [{ All: [] }, newest.data[0].id, null, false])
    expect(forward.data.map((event) => event.parsedJson.n)).toEqual(['0', '1'])
  })

  it('J2: a cursor whose transaction the ledger does not know is -32602 "Could not find the referenced transaction"', () => {
    const { ledger } = marketLedger()
    expect(queryEvents(ledger, [{ All: [] }, { txDigest: 'NoSuchTx', eventSeq: '0' }]).error).toEqual({
      code: -32602,
      message: 'Could not find the referenced transaction [TransactionDigest(NoSuchTx)].',
    })
  })

  it('J5: a cursor eventSeq must be a string of digits, as on the wire', () => {
    const { ledger, tx1 } = marketLedger()
    for (const cursor of [
      { txDigest: tx1.digest, eventSeq: 0 },
      { txDigest: tx1.digest, eventSeq: '-1' },
      { txDigest: tx1.digest },
      'cursor',
    ]) {
      expect(queryEvents(ledger, [{ All: [] }, cursor]).error).toMatchObject({ code: -32602, message: 'Invalid params' })
    }
  })

  it('L3: limit defaults to 50, and 0 or anything above the max is clamped silently', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(120))
    expect(page(ledger, [{ All: [] }]).data).toHaveLength(50)
    expect(page(ledger, [{ All: [] }, null, 0]).data).toHaveLength(50)
    const clamped = page(ledger, [{ All: [] }, null, 1000])
    expect(clamped.data).toHaveLength(50)
    expect(clamped.hasNextPage).toBe(true)
    expect(page(ledger, [{ All: [] }, null, 7]).data).toHaveLength(7)
  })

  it('L3: maxPageSize option sets the default and the cap', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(30))
    expect(page(ledger, [{ All: [] }], { maxPageSize: 10 }).data).toHaveLength(10)
    expect(page(ledger, [{ All: [] }, null, 25], { maxPageSize: 10 }).data).toHaveLength(10)
    expect(page(ledger, [{ All: [] }, null, 25], { maxPageSize: 100 }).data).toHaveLength(25)
  })

  it('J2: a negative, fractional or non-number limit is -32602 Invalid params', () => {
    const { ledger } = marketLedger()
    for (const limit of [-1, 1.5, '5', true, {}]) {
      expect(queryEvents(ledger, [{ All: [] }, null, limit]).error).toMatchObject({
        code: -32602,
        message: 'Invalid params',
        data: expect.stringContaining('limit'),
      })
    }
  })

  it('J2: filtered pages stay correct as the ledger grows and is pruned (indexes are extended, pruned events skipped)', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(10))
    expect(page(ledger, [{ Sender: ADDR.alice }]).data.map((event) => event.parsedJson.n)).toEqual(['0', '2', '4', '6', '8'])
    ledger.commit(counterTransactions(3))
    expect(page(ledger, [{ Sender: ADDR.alice }]).data.map((event) => event.parsedJson.n)).toEqual(['0', '2', '4', '6', '8', '0', '2'])
    ledger.prune(5)
    expect(page(ledger, [{ Sender: ADDR.alice }]).data.map((event) => event.parsedJson.n)).toEqual(['6', '8', '0', '2'])
    expect(page(ledger, [{ Sender: ADDR.alice }, null, 2, true]).data.map((event) => event.parsedJson.n)).toEqual(['2', '0'])
    ledger.commit(counterTransactions(1))
    expect(page(ledger, [{ Sender: ADDR.alice }, null, 1, true]).data.map((event) => event.parsedJson.n)).toEqual(['0'])
    expect(page(ledger, [{ All: [] }]).data).toHaveLength(9)
  })

  it('J2: a page reads O(limit + log n) ledger entries for All, descending and cursors, and for a filter once indexed', () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(100_000))
    const events = ledger.events
    let reads = 0
    ledger.events = new Proxy(events, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) reads++
        return Reflect.get(target, property, receiver)
      },
    })
    const budget = 50 + 4 * 17 + 8
    const first = page(ledger, [{ All: [] }, null, 50])
    const middle = events[50_000]!
    page(ledger, [{ All: [] }, middle.id, 50, true])
    page(ledger, [{ All: [] }, middle.id, 50, false])
    expect(first.hasNextPage).toBe(true)
    expect(reads).toBeLessThan(3 * budget)
    page(ledger, [{ Sender: ADDR.bob }, null, 50])
    reads = 0
    const filtered = page(ledger, [{ Sender: ADDR.bob }, middle.id, 50, true])
    expect(filtered.data).toHaveLength(50)
    expect(reads).toBeLessThan(budget)
  })
})

describe('JSON-RPC errors', () => {
  it('J1: malformed JSON is -32700 Parse error with id null', () => {
    const { ledger } = marketLedger()
    expect(post(ledger, '{"jsonrpc":"2.0",')).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  })

  it('J1: a batch (array body) is -32005 with id null', () => {
    const { ledger } = marketLedger()
    const call = { jsonrpc: '2.0', id: 1, method: 'chainx_queryEvents', params: [{ All: [] }] }
    expect(post(ledger, [call, call])).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32005, message: 'Batched requests are not supported by this server' },
    })
  })

  it('J1: an unknown method is -32601 Method not found', () => {
    const { ledger } = marketLedger()
    expect(post(ledger, { jsonrpc: '2.0', id: 3, method: 'suix_queryEvents', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found' },
    })
  })

  it('S1: subscription methods over HTTP are -32603 Internal error', () => {
    const { ledger } = marketLedger()
    for (const method of ['chainx_subscribeEvent', 'chainx_unsubscribeEvent']) {
      expect(post(ledger, { jsonrpc: '2.0', id: 4, method, params: [{ All: [] }] }).error).toEqual({
        code: -32603,
        message: 'Internal error',
      })
    }
  })
})
