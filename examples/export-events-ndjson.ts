// Auto-paging script: writes every event matching a filter as NDJSON (one JSON object a
// line), walking the GraphQL connection page by page in constant memory.
//
//   tsx examples/export-events-ndjson.ts [out.ndjson]
//
// With CHAINX_GRAPHQL_URL set it reads that service; otherwise it starts a local mock
// network. EVENT_TYPE narrows the walk (package, package::module or a full type);
// DIRECTION=backward walks newest first.
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { ChainxClient, EventsDocument, StaleCursorError } from 'chainx-sdk'
import { startMockNetwork } from 'chainx-sdk/testing'

const mock = process.env.CHAINX_GRAPHQL_URL ? undefined : await startMockNetwork({ events: 2_000, seed: 11 })
const client = new ChainxClient({ graphqlUrl: process.env.CHAINX_GRAPHQL_URL ?? mock!.graphqlUrl })
const out = process.argv[2] ? createWriteStream(process.argv[2]) : process.stdout
const direction = process.env.DIRECTION === 'backward' ? 'backward' : 'forward'
const eventType = process.env.EVENT_TYPE

try {
  const walk = client.paginate(EventsDocument, eventType ? { filter: { eventType } } : {}, {
    direction,
    pageSize: 50,
    // GraphQL events have no id field; this key identifies an event for a restart's de-duplication.
    key: (event) => `${event.type.repr}|${event.sender?.address}|${event.timestamp}|${event.bcs}`,
    onStale: 'restart',
    onRestart: ({ delivered }) => console.error(`checkpoint pruned after ${delivered} events: restarted, consistency broken`),
    onPage: ({ pages, items, elapsedMs }) => {
      if (pages % 10 === 0) console.error(`${pages} pages, ${items} events, ${Math.round(elapsedMs)} ms`)
    },
  })
  let written = 0
  for await (const event of walk) {
    if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain')
    written++
  }
  console.error(`wrote ${written} events (${direction})`)
} catch (error) {
  if (error instanceof StaleCursorError) console.error(`stale cursor after ${error.delivered} events; resume from ${error.resumeCursor}`)
  throw error
} finally {
  if (out !== process.stdout) out.end()
  await mock?.close()
}
