// A small page using chainx-sdk from a browser (global fetch path). The endpoints come from the
// query string, e.g. ?graphql=http://127.0.0.1:9000/graphql&rpc=http://127.0.0.1:9000/json-rpc
import { ChainxClient, EventsDocument, isChainxError } from 'chainx-sdk'

const params = new URLSearchParams(location.search)
const client = new ChainxClient({
  graphqlUrl: params.get('graphql') ?? 'http://127.0.0.1:9000/graphql',
  rpcUrl: params.get('rpc') ?? 'http://127.0.0.1:9000/json-rpc',
  wsUrl: params.get('ws') ?? 'ws://127.0.0.1:9000/ws',
})

const status = document.querySelector<HTMLParagraphElement>('#status')!
const list = document.querySelector<HTMLOListElement>('#events')!
const load = document.querySelector<HTMLButtonElement>('#load')!
const poll = document.querySelector<HTMLButtonElement>('#poll')!
const live = document.querySelector<HTMLButtonElement>('#live')!
const liveStatus = document.querySelector<HTMLParagraphElement>('#live-status')!

function show(error: unknown) {
  status.className = 'error'
  status.textContent = isChainxError(error) ? `${error.code}: ${error.message}` : String(error)
}

function addItem(text: string) {
  const item = document.createElement('li')
  item.textContent = text
  list.append(item)
}

async function start() {
  const { data, version } = await client.graphql.serviceConfig()
  document.querySelector('#version')!.textContent = version?.raw ?? 'unknown'
  document.querySelector('#max-page')!.textContent = String(data.serviceConfig.maxPageSize)
  status.textContent = 'Ready'
  load.disabled = false
  poll.disabled = false
  live.disabled = false
}

load.addEventListener('click', async () => {
  load.disabled = true
  list.replaceChildren()
  try {
    let count = 0
    for await (const event of client.paginate(EventsDocument, {}, { pageSize: 25, maxItems: 60 })) {
      addItem(`${event.type.repr} from ${event.sender?.address.slice(0, 10)}…`)
      count++
    }
    status.textContent = `Loaded ${count} events`
  } catch (error) {
    show(error)
  } finally {
    load.disabled = false
  }
})

poll.addEventListener('click', async () => {
  try {
    const page = await client.events.query({ filter: { All: [] }, direction: 'backward', pageSize: 5 })
    for (const event of page.items) addItem(`[rpc] ${event.type} #${event.id.eventSeq} at ${event.timestampMs}`)
    status.textContent = `Fetched ${page.items.length} newest events`
  } catch (error) {
    show(error)
  }
})

// The deprecated subscription, over the browser's own WebSocket (the SDK loads that code on
// first use); client.events.watch is the recommended way, and works the same here.
live.addEventListener('click', async () => {
  live.disabled = true
  let received = 0
  try {
    await client.events.subscribe({
      filter: { All: [] },
      onEvent: (event) => {
        received++
        addItem(`[live] ${event.type} #${event.id.eventSeq}`)
        liveStatus.textContent = `Live: ${received} events`
      },
      onStateChange: (change) => {
        if (change.state === 'open') liveStatus.textContent = 'Live: subscribed'
      },
      onError: show,
    })
  } catch (error) {
    show(error)
  }
})

start().catch(show)
