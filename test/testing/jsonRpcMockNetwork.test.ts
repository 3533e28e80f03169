import { describe, expect, it } from 'vitest'
import { market as marketEvents } from '../../examples/move/events.js'
import { createMockNetwork } from '../../src/testing/createMockNetwork.js'
import type { MockNetwork } from '../../src/testing/MockNetwork.js'

const MARKET_MODULE = 'market'

const SELLER = `0x${'5e'.repeat(32)}`
const BUYER = `0x${'b0'.repeat(32)}`
const ITEM = `0x${'17'.repeat(32)}`
const SUI = `0x${'0'.repeat(63)}2::sui::SUI`

async function rpc(network: MockNetwork, method: string, params: unknown): Promise<any> {
  const response = await network.handle({
    method: 'POST',
    url: '/json-rpc',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  expect(response.status).toBe(200)
  return JSON.parse(response.body)
}

/** A network with only the demo market published, and one listing, one price change and one sale. */
function marketNetwork() {
  const network = createMockNetwork({ events: 0 })
  const market = network.publish({ module: MARKET_MODULE, events: marketEvents })
  const [listed, repriced] = network.executeBatch([
    {
      sender: SELLER,
      module: MARKET_MODULE,
      function: 'list',
      objects: [ITEM],
      emit: [{ struct: 'Listed', fields: { item_id: ITEM, price: 100n, seller: SELLER } }],
    },
    {
      sender: SELLER,
      module: MARKET_MODULE,
      function: 'update_price',
      objects: [ITEM],
      emit: [{ struct: 'PriceUpdated', typeArguments: [SUI], fields: { item_id: ITEM, old_price: 100n, new_price: 90n } }],
    },
  ])
  const sold = network.execute({
    sender: BUYER,
    module: MARKET_MODULE,
    function: 'buy',
    objects: [ITEM],
    recipients: [SELLER],
    emit: [{ struct: 'Sold', fields: { item_id: ITEM, price: 90n, buyer: BUYER } }],
  })
  return { network, market, listed: listed!, repriced: repriced!, sold }
}

describe('JSON-RPC endpoint on the mock network ledger', () => {
  it('M1: an emitted struct becomes an event: fields -> parsedJson (u64 as string), struct type -> type, tx sender -> sender, BCS decodes with the layout', async () => {
    const { network, market, listed } = marketNetwork()
    const page = await rpc(network, 'chainx_queryEvents', [{ Transaction: listed.digest }])
    const [event] = page.result.data
    expect(event).toMatchObject({
      id: { txDigest: listed.digest, eventSeq: '0' },
      packageId: market.package,
      transactionModule: MARKET_MODULE,
      sender: SELLER,
      type: `${market.package}::market::Listed`,
      parsedJson: { item_id: ITEM, price: '100', seller: SELLER },
      bcsEncoding: 'base64',
    })
    expect(marketEvents.Listed.decode(event.bcs)).toEqual({ item_id: ITEM, price: '100', seller: SELLER })
  })

  it('M2: emission makes events available to queries, by every query filter', async () => {
    const { network, market, listed, repriced, sold } = marketNetwork()
    const txsOf = async (filter: unknown) => {
      const page = await rpc(network, 'chainx_queryEvents', [filter])
      expect(page.error).toBeUndefined()
      return page.result.data.map((event: any) => event.id.txDigest)
    }
    const all = [listed.digest, repriced.digest, sold.digest]
    expect(await txsOf({ All: [] })).toEqual(all)
    expect(await txsOf({ MoveModule: { package: market.package, module: 'market' } })).toEqual(all)
    expect(await txsOf({ MoveEventModule: { package: market.package, module: 'market' } })).toEqual(all)
    expect(await txsOf({ MoveEvent: 'PriceUpdated' })).toEqual([repriced.digest])
    expect(await txsOf({ MoveEventType: `${market.package}::market::PriceUpdated<0x2::sui::SUI>` })).toEqual([repriced.digest])
    expect(await txsOf({ EventType: market.eventTypes.Sold })).toEqual([sold.digest])
    expect(await txsOf({ Sender: BUYER })).toEqual([sold.digest])
    expect(await txsOf({ Recipient: { AddressOwner: SELLER } })).toEqual([sold.digest])
    expect(await txsOf({ Object: ITEM })).toEqual(all)
    const soldAt = Number((await rpc(network, 'chainx_queryEvents', [{ Transaction: sold.digest }])).result.data[0].timestampMs)
    expect(await txsOf({ TimeRange: { startTime: soldAt, endTime: soldAt } })).toEqual([sold.digest])
  })

  it('J2: paging the generated dataset ascending and descending visits every event once, in opposite orders', async () => {
    const network = createMockNetwork({ events: 230, seed: 3 })
    const walk = async (descending: boolean) => {
      const ids: string[] = []
      let cursor: unknown = null
      for (let pages = 0; pages < 20; pages++) {
        const { result } = await rpc(network, 'chainx_queryEvents', [{ All: [] }, cursor, 40, descending])
        ids.push(...result.data.map((event: any) => `${event.id.txDigest}#${event.id.eventSeq}`))
        cursor = result.nextCursor
        if (!result.hasNextPage) break
      }
      return ids
    }
    const ascending = await walk(false)
    expect(ascending).toHaveLength(network.ledger.events.length)
    expect(new Set(ascending).size).toBe(ascending.length)
    expect(await walk(true)).toEqual([...ascending].reverse())
  })
})
