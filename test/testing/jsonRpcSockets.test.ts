import { afterEach, describe, expect, it } from 'vitest'
import { market as marketEvents } from '../../examples/move/events.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { createTransport } from '../../src/transport/createTransport.js'
import { postRaw } from './mockNetworkClient.js'
import { TestClient } from './jsonRpcTestClient.js'

const MARKET_MODULE = 'market'

const SELLER = `0x${'5e'.repeat(32)}`
const ITEM = `0x${'17'.repeat(32)}`

const running: RunningMockNetwork[] = []
const clients: TestClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate()
  for (const mock of running.splice(0)) await mock.close()
})

async function startMarket() {
  const mock = await startMockNetwork({ events: 0 })
  running.push(mock)
  const market = mock.network.publish({ module: MARKET_MODULE, events: marketEvents })
  const list = (price: bigint) =>
    mock.network.execute({
      sender: SELLER,
      module: MARKET_MODULE,
      function: 'list',
      emit: [{ struct: 'Listed', fields: { item_id: ITEM, price, seller: SELLER } }],
    })
  const connect = async () => {
    const client = new TestClient(mock.wsUrl)
    clients.push(client)
    return client.opened()
  }
  return { mock, market, list, connect }
}

describe('JSON-RPC over the mock network sockets (127.0.0.1)', () => {
  it("J17: the SDK's queryEvents pages the mock endpoint with exclusive cursors", async () => {
    const { mock, market, list } = await startMarket()
    for (const price of [1n, 2n, 3n]) list(price)
    const events = eventsAt(mock.rpcUrl, createTransport())
    const filter = { MoveEventType: market.eventTypes.Listed as string }
    const first = await events.query({ filter, pageSize: 2 })
    expect(first.items.map((event) => (event.parsedJson as { price: string }).price)).toEqual(['1', '2'])
    expect(first.hasMore).toBe(true)
    const second = await events.query({ filter, pageSize: 2, cursor: first.cursor })
    expect(second.items.map((event) => (event.parsedJson as { price: string }).price)).toEqual(['3'])
    expect(second.hasMore).toBe(false)
  })

  it('J1: over HTTP, malformed JSON is -32700 and a batch is -32005, both with id null and status 200', async () => {
    const { mock } = await startMarket()
    expect(await postRaw(mock.rpcUrl, '{')).toMatchObject({
      status: 200,
      json: { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    })
    const batch = await postRaw(mock.rpcUrl, '[{"jsonrpc":"2.0","id":1,"method":"chainx_queryEvents","params":[{"All":[]}]}]')
    expect(batch.json.error.code).toBe(-32005)
  })

  it('M2: a new event reaches a WebSocket subscriber and the query endpoint', async () => {
    const { mock, market, list, connect } = await startMarket()
    const client = await connect()
    const id = (
      await client.call('chainx_subscribeEvent', [{ MoveEventModule: { package: market.package, module: 'market', event: 'Listed' } }])
    ).result
    const executed = list(42n)
    await client.barrier()
    expect(client.notifications).toHaveLength(1)
    expect(client.notifications[0]!.params).toMatchObject({
      subscription: id,
      result: { id: { txDigest: executed.digest, eventSeq: '0' }, parsedJson: { price: '42' } },
    })
    const { json } = await postRaw(
      mock.rpcUrl,
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'chainx_queryEvents', params: [{ Transaction: executed.digest }] }),
    )
    expect(json.result.data[0]).toEqual(client.notifications[0]!.params!.result)
  })

  it("S1: the network's WebSocket drop fault cuts subscribers without a close frame (code 1006)", async () => {
    const { mock, connect } = await startMarket()
    const client = await connect()
    await client.call('chainx_subscribeEvent', [{ All: [] }])
    const closed = client.closed()
    mock.network.faults.dropWebSockets()
    expect(await closed).toBe(1006)
  })
})
