// An indexer in a process of its own, for the tests that SIGKILL it:
//   tsx test/indexer/indexerChild.ts <rpcUrl> <database> [batchSize]
// One pipeline `seen` over every event: its handler inserts each event into `seen` (no unique
// key, so a repeated event shows) and adds the batch's size to `counter`. Prints `begin <n> <pid>`
// when a batch's handler starts (n: items committed before it, earlier runs' included) and
// `end <n> <pid>` when it returns (n: the same plus the batch's), `caught-up <items>` and
// `report <readSeen JSON>` at the end, and exits 0.
import { ChainxClient } from '../../src/index.js'
import { createIndexer } from '../../src/indexer/index.js'
import { readSeen, SETUP_SEEN_TABLES } from './seenTables.js'

const [rpcUrl, database, batchSize = '200'] = process.argv.slice(2)
const client = new ChainxClient({ rpcUrl, timeoutMs: 1_000, retry: { retries: 6, baseDelayMs: 1, maxDelayMs: 10 } })
const indexer = createIndexer({
  client,
  database,
  setup: SETUP_SEEN_TABLES,
  retry: { baseDelayMs: 20, maxDelayMs: 500 },
  pipelines: {
    seen: {
      source: 'events',
      filter: { All: [] },
      pageSize: 50,
      batchSize: Number(batchSize),
      handle: async (items, sql) => {
        const committed = indexer.status().seen?.items ?? 0
        process.stdout.write(`begin ${committed} ${process.pid}\n`)
        await sql.query('insert into seen (tx_digest, event_seq) select * from unnest($1::text[], $2::bigint[])', [
          items.map((e) => e.id.txDigest),
          items.map((e) => e.id.eventSeq),
        ])
        await sql.query('update counter set n = n + $1', [items.length])
        process.stdout.write(`end ${committed + items.length} ${process.pid}\n`)
      },
    },
  },
})
const summary = await indexer.run({ until: 'caught-up' })
process.stdout.write(`caught-up ${summary.seen?.items} ${process.pid}\n`)
process.stdout.write(`report ${JSON.stringify(await readSeen(indexer))}\n`)
await indexer.close()
await client.close()
