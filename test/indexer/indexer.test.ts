import { metrics } from '@opentelemetry/api'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient, type ChainxEvent } from '../../src/index.js'
import { createIndexer, HandlerError, type Indexer } from '../../src/indexer/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { useInMemoryTracing } from '../transport/telemetry/useInMemoryTracing.js'
import { until } from '../cli/runBin.js'

// chainx-sdk/indexer on in-memory PGlite against the mock network over real sockets: the
// built-in tables, a throwing handler, following after the backfill, status and a span per batch.

const EVENTS = 600
let mock: RunningMockNetwork
let client: ChainxClient
const spans = useInMemoryTracing()
class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}
const reader = new TestReader()

beforeAll(async () => {
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))
  mock = await startMockNetwork({ events: EVENTS, seed: 5 })
  client = new ChainxClient({ rpcUrl: mock.rpcUrl })
}, 60_000)

afterAll(async () => {
  metrics.disable()
  await client?.close()
  await mock?.close()
})

const keyOf = (event: ChainxEvent) => `${event.id.txDigest}:${event.id.eventSeq}`

async function using<T>(indexer: Indexer, run: (indexer: Indexer) => Promise<T>): Promise<T> {
  try {
    return await run(indexer)
  } finally {
    await indexer.close()
  }
}

describe('built-in tables', () => {
  it(
    'events and transactions land in <schema>.events and <schema>.transactions with typed columns and the item as jsonb',
    { timeout: 120_000 },
    async () => {
      spans.reset()
      const indexer = createIndexer({
        client,
        database: 'memory://',
        pipelines: { events: { source: 'events', filter: { All: [] } }, txs: { source: 'transactions' } },
      })
      await using(indexer, async () => {
        const summary = await indexer.run({ until: 'caught-up' })
        const ledger = mock.network.ledger.events
        expect(summary.events).toMatchObject({ items: ledger.length, caughtUp: true, state: 'stopped', cursor: ledger.at(-1)?.id })
        const columns = await indexer.query<{ table_name: string; column_name: string; data_type: string }>(
          "select table_name, column_name, data_type from information_schema.columns where table_schema = 'chainx' order by table_name, ordinal_position",
        )
        expect(columns.rows.map((row) => `${row.table_name}.${row.column_name} ${row.data_type}`)).toEqual([
          'events.tx_digest text',
          'events.event_seq bigint',
          'events.type text',
          'events.sender text',
          'events.package_id text',
          'events.module text',
          'events.timestamp_ms bigint',
          'events.item jsonb',
          'transactions.digest text',
          'transactions.checkpoint bigint',
          'transactions.timestamp_ms bigint',
          'transactions.sender text',
          'transactions.item jsonb',
          'watermarks.pipeline text',
          'watermarks.cursor jsonb',
          'watermarks.items bigint',
          'watermarks.updated_at timestamp with time zone',
        ])
        const first = ledger[0] as ChainxEvent
        const row = (
          await indexer.query('select * from chainx.events where tx_digest = $1 and event_seq = $2', [first.id.txDigest, first.id.eventSeq])
        ).rows[0]
        expect(row).toMatchObject({ type: first.type, sender: first.sender, package_id: first.packageId, module: first.transactionModule })
        expect(Number(row?.timestamp_ms)).toBe(Number(first.timestampMs))
        expect((await indexer.query<{ n: number }>('select count(*)::int as n from chainx.events')).rows[0]?.n).toBe(ledger.length)
        const txs = await indexer.query<{ n: number; senders: number; checkpoints: number }>(
          'select count(*)::int as n, count(sender)::int as senders, count(checkpoint)::int as checkpoints from chainx.transactions',
        )
        expect(txs.rows[0]).toEqual({ n: summary.txs?.items, senders: summary.txs?.items, checkpoints: summary.txs?.items })
        const batches = spans.getFinishedSpans().filter((span) => span.name === 'chainx.indexer.batch')
        expect(batches.length).toBeGreaterThan(0)
        const counted = batches
          .filter((span) => span.attributes['chainx.indexer.pipeline'] === 'events')
          .reduce((sum, span) => sum + Number(span.attributes['chainx.indexer.items']), 0)
        expect(counted).toBe(ledger.length)
        const { resourceMetrics } = await reader.collect()
        const indexed = resourceMetrics.scopeMetrics
          .flatMap((scope) => scope.metrics)
          .find((metric) => metric.descriptor.name === 'chainx.indexer.items')
        const byPipeline = Object.fromEntries(
          indexed?.dataPoints.map((point) => [point.attributes['chainx.indexer.pipeline'], point.value]) ?? [],
        )
        expect(byPipeline).toEqual({ events: ledger.length, txs: summary.txs?.items })
      })
    },
  )
})

describe('a handler that throws', () => {
  it(
    'rolls its batch back, keeps the watermark, and run rejects naming the pipeline and the batch first item after every pipeline stopped',
    { timeout: 120_000 },
    async () => {
      const poison = mock.network.ledger.events[350] as ChainxEvent
      let firstOfPoisoned: ChainxEvent | undefined
      const indexer = createIndexer({
        client,
        database: 'memory://',
        setup: async (sql) => void (await sql.query('create table seen (key text not null)')),
        pipelines: {
          listings: {
            source: 'events',
            filter: { All: [] },
            batchSize: 100,
            handle: async (items, sql) => {
              for (const event of items) await sql.query('insert into seen (key) values ($1)', [keyOf(event)])
              if (items.some((event) => keyOf(event) === keyOf(poison))) {
                firstOfPoisoned = items[0]
                throw new Error('cannot price this listing')
              }
            },
          },
          all: { source: 'events', filter: { All: [] }, batchSize: 50 },
        },
      })
      await using(indexer, async () => {
        const error = await indexer.run().then(
          () => undefined,
          (thrown: unknown) => thrown,
        )
        expect(error).toBeInstanceOf(HandlerError)
        const handlerError = error as HandlerError
        const first = firstOfPoisoned as ChainxEvent
        expect(handlerError).toMatchObject({ code: 'UNEXPECTED', pipeline: 'listings', firstItemId: first.id })
        expect(handlerError.message).toContain('"listings"')
        expect(handlerError.message).toContain(`${first.id.txDigest}:${first.id.eventSeq}`)
        expect(handlerError.message).toContain('cannot price this listing')
        // Exactly the batches before the poisoned one: the batch's inserts were rolled back.
        const committed = mock.network.ledger.events.findIndex((event) => keyOf(event) === keyOf(first))
        const seen = (await indexer.query<{ key: string }>('select key from seen')).rows.map((row) => row.key)
        expect(seen).toEqual(mock.network.ledger.events.slice(0, committed).map(keyOf))
        const watermarks = await indexer.query<{ pipeline: string; items: number }>(
          'select pipeline, items::int as items from chainx.watermarks order by pipeline',
        )
        const allRows = (await indexer.query<{ n: number }>('select count(*)::int as n from chainx.events')).rows[0]?.n
        // The other pipeline stopped at a batch boundary: its watermark counts exactly its rows.
        expect(watermarks.rows).toEqual([
          { pipeline: 'all', items: allRows },
          { pipeline: 'listings', items: committed },
        ])
        expect(indexer.status()).toMatchObject({
          listings: { state: 'failed', items: committed },
          all: { state: 'stopped', items: allRows },
        })
      })
    },
  )
})

describe('following', () => {
  it('after the backfill, watch brings what lands later; the signal stops the run at a batch boundary', { timeout: 120_000 }, async () => {
    const pkg = mock.network.publish({ module: 'follow' }).package
    const sender = mock.network.ledger.newAddress()
    const indexer = createIndexer({ client, database: 'memory://', pipelines: { txs: { source: 'transactions', intervalMs: 20 } } })
    await using(indexer, async () => {
      const controller = new AbortController()
      const running = indexer.run({ signal: controller.signal })
      await until(() => indexer.status().txs?.caughtUp === true, 60_000)
      const before = indexer.status().txs?.items ?? 0
      const landed = [1, 2, 3].map(() => mock.network.execute({ sender, package: pkg, module: 'follow', function: 'go' }).digest)
      await until(() => indexer.status().txs?.items === before + 3, 60_000)
      controller.abort()
      const summary = await running
      expect(summary.txs).toMatchObject({ items: before + 3, cursor: landed[2], caughtUp: true, state: 'stopped' })
      const rows = await indexer.query<{ digest: string; sender: string }>(
        'select digest, sender from chainx.transactions where sender = $1 order by checkpoint',
        [sender],
      )
      expect(rows.rows.map((row) => row.digest)).toEqual(landed)
    })
  })
})
