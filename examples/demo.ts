// The main job: starts a local chainx network with generated data and walks through the SDK
// over real sockets: serviceConfig, an epoch with its transactions, a filtered event stream
// paged to the end, the usage extension, then live events by subscription and by polling
// while the network emits new ones (Move's event::emit, examples/move/sources/market.move).
//
// Run: npm run demo            (DEMO_EVENTS=20000 npm run demo for a bigger chain)
import { ChainxClient, EventsDocument, eventKey, type ChainxEvent } from 'chainx-sdk'
import { startMockNetwork } from 'chainx-sdk/testing'
import { market, registry, type MarketListed } from './move/events.js'

const MARKET_MODULE = 'market'

const EVENTS = Number(process.env.DEMO_EVENTS ?? 5_000)
const LIVE_TRANSACTIONS = Number(process.env.DEMO_LIVE ?? 6)
const heading = (text: string) => console.log(`\n== ${text}`)

const mock = await startMockNetwork({ events: EVENTS, seed: 7, clock: Date.now })
const client = new ChainxClient({ ...mock, subscriptions: { heartbeatMs: 2_000 } })
try {
  heading(`local network: ${mock.graphqlUrl} (GraphQL), ${mock.rpcUrl} (JSON-RPC), ${mock.wsUrl} (WebSocket)`)

  const config = await client.graphql.serviceConfig()
  heading(`serviceConfig (service version ${config.version?.raw})`)
  console.log(config.data.serviceConfig)

  const { data: epochData } = await client.graphql.epoch({ first: 3 })
  const epoch = epochData.epoch
  heading(`latest epoch ${epoch?.epochId}: reference gas price ${epoch?.referenceGasPrice}`)
  for (const { node } of epoch?.transactionBlocks.edges ?? []) {
    console.log(
      `  tx ${node.digest} from ${node.sender?.address.slice(0, 12)}… gas ${node.gasInput?.gasPrice} x ${node.gasInput?.gasBudget}`,
    )
  }

  const sample = mock.network.ledger.events[0]
  const eventType = sample?.type.replace(/<.*$/, '') ?? ''
  heading(`auto-paging every event of type ${eventType}`)
  let pages = 0
  let items = 0
  for await (const page of client.paginate(EventsDocument, { filter: { eventType } }, { pageSize: 50 }).pages()) {
    pages++
    items += page.items.length
  }
  console.log(`  ${items} events in ${pages} pages, all from one checkpoint`)

  heading('usage extension (x-chain-rpc-show-usage: true)')
  const withUsage = await client.graphql.events({ first: 10 }, { showUsage: true })
  console.log(`  ${JSON.stringify(withUsage.usage)}`)

  heading('JSON-RPC: the three newest events (chainx_queryEvents, descending)')
  const newest = await client.events.query({ filter: { All: [] }, descending: true, limit: 3 })
  for (const event of newest.data)
    console.log(`  ${event.type} #${event.id.eventSeq} at ${new Date(Number(event.timestampMs)).toISOString()}`)

  heading(`live: publishing ${MARKET_MODULE} and emitting ${LIVE_TRANSACTIONS} transactions`)
  // The event types come from examples/move/sources/market.move through `chainx codegen-move`
  // (examples/move/events.ts): no hand-written layout, and parsedJson is typed.
  const published = mock.network.publish({ module: MARKET_MODULE, events: market })
  const filter = { MoveEventModule: { package: published.package, module: MARKET_MODULE } }
  const subscribed: ChainxEvent<MarketListed>[] = []
  // subscribe is deprecated by the service (chainx_subscribeEvent); the demo shows it beside watch,
  // its replacement, and says so here instead of the SDK's one-time DeprecationWarning, which an
  // app gets on its first subscribe (Node's process.noDeprecation, like --no-deprecation, skips it).
  console.log('  client.events.subscribe is deprecated by the service: new code uses client.events.watch')
  process.noDeprecation = true
  const unsubscribe = await client.events.subscribe({
    filter: { MoveModule: { package: published.package, module: MARKET_MODULE } },
    parse: market.Listed,
    onEvent: (event) => void subscribed.push(event),
    onError: (error) => console.error('  subscription error:', String(error)),
  })
  process.noDeprecation = false
  // The module is new, so watching from the beginning (cursor null) sees exactly its events;
  // a long-running follower would pass the cursor it saved last time.
  const watcher = client.events.watch({ filter, cursor: null, intervalMs: 100, parse: market.Listed })
  const seller = `0x${'5e'.repeat(32)}`
  for (let i = 0; i < LIVE_TRANSACTIONS; i++) {
    const item = `0x${(i + 1).toString(16).padStart(64, '0')}`
    mock.network.execute({
      sender: seller,
      package: published.package,
      module: MARKET_MODULE,
      function: 'list',
      emit: [{ struct: 'Listed', fields: { item_id: item, price: BigInt(100 + i), seller } }],
    })
  }
  const watched: ChainxEvent<MarketListed>[] = []
  for await (const event of watcher) {
    watched.push(event)
    // parsedJson is a MarketListed; registry.decode names the struct and checks parsedJson against the BCS payload.
    const { name } = registry.decode(event, { verify: true })
    console.log(`  watch: ${name} price ${event.parsedJson.price} (${eventKey(event).slice(0, 16)}…)`)
    if (watched.length === LIVE_TRANSACTIONS) break
  }
  const deadline = Date.now() + 5_000
  while (subscribed.length < LIVE_TRANSACTIONS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  console.log(`  subscribe (deprecated) delivered ${subscribed.length} of ${LIVE_TRANSACTIONS}; watch delivered ${watched.length}`)
  await unsubscribe()
  if (subscribed.length !== LIVE_TRANSACTIONS || watched.length !== LIVE_TRANSACTIONS) process.exitCode = 1
} finally {
  await client.close()
  await mock.close()
  heading('stopped cleanly')
}
