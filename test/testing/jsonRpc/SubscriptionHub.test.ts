import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { SubscriptionHub } from '../../../src/testing/jsonRpc/SubscriptionHub.js'
import { ADDR, FakeLedger, counterTransactions } from '../jsonRpcFakeLedger.js'
import { TestClient, withTimeout } from '../jsonRpcTestClient.js'

const LISTED = `${ADDR.market}::market::Listed`
const SOLD = `${ADDR.market}::market::Sold`

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startHub(ledger = new FakeLedger()) {
  const hub = new SubscriptionHub(ledger)
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  const serverSocketsClosed: Array<Promise<unknown>> = []
  server.on('connection', (socket) => {
    hub.handleConnection(socket)
    serverSocketsClosed.push(once(socket, 'close'))
  })
  await withTimeout(once(server, 'listening'), 'listening')
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients: TestClient[] = []
  cleanups.push(async () => {
    for (const client of clients) client.socket.terminate()
    hub.close()
    await new Promise((resolve) => server.close(resolve))
  })
  const connect = async () => {
    const client = new TestClient(url)
    clients.push(client)
    return client.opened()
  }
  return { hub, ledger, server, url, connect, serverSocketsClosed }
}

describe('chainx_subscribeEvent over WebSocket', () => {
  it('S1: subscribe returns a numeric id below 2^53, events stream as notifications, unsubscribe returns true', async () => {
    const { ledger, connect } = await startHub()
    const client = await connect()
    const subscribed = await client.call('chainx_subscribeEvent', [{ All: [] }])
    const id = subscribed.result as number
    expect(Number.isSafeInteger(id)).toBe(true)
    expect(id).toBeGreaterThan(0)
    const [tx] = ledger.commit([{ events: [{ type: LISTED, parsedJson: { price: '1' } }] }])
    await client.barrier()
    expect(client.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'chainx_subscribeEvent',
        params: {
          subscription: id,
          result: {
            id: { txDigest: tx!.digest, eventSeq: '0' },
            packageId: ADDR.market,
            transactionModule: 'market',
            sender: ADDR.alice,
            type: LISTED,
            parsedJson: { price: '1' },
            bcsEncoding: 'base64',
            bcs: tx!.events[0]!.bcs,
            timestampMs: tx!.events[0]!.timestampMs,
          },
        },
      },
    ])
    expect((await client.call('chainx_unsubscribeEvent', [id])).result).toBe(true)
    ledger.commit(counterTransactions(1))
    await client.barrier()
    expect(client.notifications).toHaveLength(1)
  })

  it("S1: unsubscribe answers false for an unknown, already removed, unparsable or other connection's id", async () => {
    const { connect } = await startHub()
    const owner = await connect()
    const stranger = await connect()
    const id = (await owner.call('chainx_subscribeEvent', [{ All: [] }])).result as number
    expect((await stranger.call('chainx_unsubscribeEvent', [id])).result).toBe(false)
    expect((await owner.call('chainx_unsubscribeEvent', [id + 1])).result).toBe(false)
    expect((await owner.call('chainx_unsubscribeEvent', ['x'])).result).toBe(false)
    expect((await owner.call('chainx_unsubscribeEvent', [id])).result).toBe(true)
    expect((await owner.call('chainx_unsubscribeEvent', [id])).result).toBe(false)
  })

  it('M2: a new event reaches queries and matching subscribers in ledger order, and only matching ones', async () => {
    const { ledger, connect } = await startHub()
    const client = await connect()
    const listed = (await client.call('chainx_subscribeEvent', [{ MoveEventType: LISTED }])).result as number
    const bob = (await client.call('chainx_subscribeEvent', [{ Sender: ADDR.bob }])).result as number
    ledger.commit([
      {
        sender: ADDR.alice,
        events: [
          { type: LISTED, parsedJson: { n: '1' } },
          { type: SOLD, parsedJson: { n: '2' } },
        ],
      },
      { sender: ADDR.bob, events: [{ type: LISTED, parsedJson: { n: '3' } }] },
    ])
    await client.barrier()
    const seen = client.notifications.map((message) => [message.params!.subscription, message.params!.result.parsedJson.n])
    expect(seen).toEqual([
      [listed, '1'],
      [listed, '3'],
      [bob, '3'],
    ])
    const queried = await client.call('chainx_queryEvents', [{ Sender: ADDR.bob }])
    expect(queried.result.data.map((event: any) => event.parsedJson.n)).toEqual(['3'])
  })

  it('S13: combined filters (Any, And, Or, All with a list) are accepted over the socket', async () => {
    const { ledger, connect } = await startHub()
    const client = await connect()
    const filter = {
      And: [
        { Any: [{ Sender: ADDR.bob }, { Package: ADDR.other }] },
        { All: [{ MoveEventModule: { package: ADDR.market, module: 'market', event: 'Listed' } }] },
      ],
    }
    const id = (await client.call('chainx_subscribeEvent', [filter])).result as number
    ledger.commit([
      { sender: ADDR.alice, events: [{ type: LISTED, parsedJson: { n: 'alice' } }] },
      {
        sender: ADDR.bob,
        events: [
          { type: SOLD, parsedJson: { n: 'bob sold' } },
          { type: LISTED, parsedJson: { n: 'bob listed' } },
        ],
      },
      { sender: ADDR.alice, package: ADDR.other, module: 'router', events: [{ type: LISTED, parsedJson: { n: 'router' } }] },
    ])
    await client.barrier()
    expect(client.notifications.map((message) => [message.params!.subscription, message.params!.result.parsedJson.n])).toEqual([
      [id, 'bob listed'],
      [id, 'router'],
    ])
  })

  it('S12: an invalid subscription filter is a -32602 error reply and creates no subscription', async () => {
    const { hub, connect } = await startHub()
    const client = await connect()
    expect((await client.call('chainx_subscribeEvent', [{ MoveEvent: 'Listed' }])).error).toMatchObject({
      code: -32602,
      message: 'Invalid params',
    })
    expect((await client.call('chainx_subscribeEvent', [])).error).toMatchObject({ code: -32602 })
    expect((await client.call('chainx_subscribeEvent', [{ And: [{ All: [] }] }])).error).toMatchObject({ code: -32602 })
    expect(hub.subscriptionCount).toBe(0)
  })

  it('S1: plain calls are answered on the socket: queryEvents works, unknown methods are -32601, bad frames get their error', async () => {
    const ledger = new FakeLedger()
    ledger.commit(counterTransactions(3))
    const { connect } = await startHub(ledger)
    const client = await connect()
    expect((await client.call('chainx_queryEvents', [{ All: [] }, null, 2])).result).toMatchObject({ hasNextPage: true })
    expect((await client.call('chainx_getLatestCheckpoint', [])).error).toEqual({ code: -32601, message: 'Method not found' })
    expect((await client.sendRaw('{oops', 'null')).error).toEqual({ code: -32700, message: 'Parse error' })
  })

  it('S1: WebSocket pings are answered with pongs', async () => {
    const { connect } = await startHub()
    const client = await connect()
    const pong = once(client.socket, 'pong')
    client.socket.ping('hello')
    const [payload] = (await withTimeout(pong, 'pong')) as [Buffer]
    expect(payload.toString()).toBe('hello')
  })

  it('S1: subscriptions of a closed socket are removed', async () => {
    const { hub, connect, serverSocketsClosed } = await startHub()
    const keep = await connect()
    const leave = await connect()
    await keep.call('chainx_subscribeEvent', [{ All: [] }])
    await leave.call('chainx_subscribeEvent', [{ All: [] }])
    await leave.call('chainx_subscribeEvent', [{ Sender: ADDR.bob }])
    expect(hub.subscriptionCount).toBe(3)
    leave.socket.close(1000)
    await withTimeout(serverSocketsClosed[1]!, 'server side close')
    expect(hub.subscriptionCount).toBe(1)
    expect(hub.connectionCount).toBe(1)
  })

  it('S1: dropAllConnections cuts sockets without a close frame (clients see 1006); new connections are served', async () => {
    const { hub, ledger, connect } = await startHub()
    const first = await connect()
    const second = await connect()
    await first.call('chainx_subscribeEvent', [{ All: [] }])
    const closes = [first.closed(), second.closed()]
    hub.dropAllConnections()
    expect(await Promise.all(closes)).toEqual([1006, 1006])
    expect(hub.subscriptionCount).toBe(0)
    const again = await connect()
    await again.call('chainx_subscribeEvent', [{ All: [] }])
    ledger.commit(counterTransactions(1))
    await again.barrier()
    expect(again.notifications).toHaveLength(1)
  })

  it('S1: dropSubscriptionsSilently forgets every subscription but keeps the socket: no close, no error, calls answered, unsubscribe false', async () => {
    const { hub, ledger, connect } = await startHub()
    const first = await connect()
    const second = await connect()
    const dropped = [
      (await first.call('chainx_subscribeEvent', [{ All: [] }])).result as number,
      (await second.call('chainx_subscribeEvent', [{ Sender: ADDR.alice }])).result as number,
    ]
    expect(hub.dropSubscriptionsSilently()).toBe(2)
    expect(hub.subscriptionCount).toBe(0)
    expect(hub.connectionCount).toBe(2)
    ledger.commit(counterTransactions(2))
    await first.barrier() // answered: the socket is open, and no notification came before the answer
    await second.barrier()
    expect([first.notifications, second.notifications]).toEqual([[], []])
    expect((await first.call('chainx_unsubscribeEvent', [dropped[0]])).result).toBe(false)
    expect((await second.call('chainx_unsubscribeEvent', [dropped[1]])).result).toBe(false)
    const again = (await first.call('chainx_subscribeEvent', [{ All: [] }])).result as number
    const [tx] = ledger.commit(counterTransactions(1))
    await first.barrier()
    expect(first.notifications.map((message) => [message.params!.subscription, message.params!.result.id.txDigest])).toEqual([
      [again, tx!.digest],
    ])
    expect([first.socket.readyState, second.socket.readyState]).toEqual([WebSocket.OPEN, WebSocket.OPEN])
  })

  it('S1: close() stops listening to the ledger and closes sockets with 1001', async () => {
    const ledger = new FakeLedger()
    const { hub, connect } = await startHub(ledger)
    const client = await connect()
    const closed = client.closed()
    expect(ledger.listenerCount).toBe(1)
    hub.close()
    expect(await closed).toBe(1001)
    expect(ledger.listenerCount).toBe(0)
  })
})
