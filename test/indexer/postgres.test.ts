import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/index.js'
import { createIndexer, DatabaseError } from '../../src/indexer/index.js'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { useInMemoryTracing } from '../transport/telemetry/useInMemoryTracing.js'
import { freePort, startTestPostgres, TEST_PASSWORD, type TestPostgres } from './embeddedPostgres.js'
import { startIndexerChild } from './killRun.js'
import { readSeen, SETUP_SEEN_TABLES } from './seenTables.js'

const EVENTS = 1_200
let mock: RunningMockNetwork
let postgres: TestPostgres
const spans = useInMemoryTracing()

beforeAll(async () => {
  ;[mock, postgres] = await Promise.all([startMockNetwork({ events: EVENTS, seed: 11 }), startTestPostgres()])
}, 120_000)

afterAll(async () => {
  await Promise.all([mock?.close(), postgres?.stop()])
})

const ledgerKeys = () => mock.network.ledger.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`).sort()

function expectExact(seen: Awaited<ReturnType<typeof readSeen>>) {
  expect({ rows: seen.rows, distinct: seen.distinct, counter: seen.counter, watermark: seen.watermark }).toEqual({
    rows: EVENTS,
    distinct: EVENTS,
    counter: EVENTS,
    watermark: EVENTS,
  })
  expect(seen.keys).toEqual(ledgerKeys())
}

describe('one writer per pipeline on Postgres (a session advisory lock per schema and pipeline)', () => {
  it('a second process on the same pipeline waits, and takes over exactly when the first is SIGKILLed', { timeout: 120_000 }, async () => {
    const database = await postgres.createDatabase('takeover')
    const first = startIndexerChild(mock.rpcUrl, database, 50)
    await first.waitFor(/^end /, 3)
    const second = startIndexerChild(mock.rpcUrl, database, 50)
    // The second process is up and waiting once it has run its set-up; it writes nothing while the first lives.
    await first.waitFor(/^end /, 6)
    expect(second.lines.filter((line) => line.startsWith('begin'))).toEqual([])
    first.child.kill('SIGKILL')
    await first.exit
    const report = JSON.parse((await second.waitFor(/^report /)).slice('report '.length)) as Awaited<ReturnType<typeof readSeen>>
    expect(await second.exit).toEqual({ code: 0, signal: null })
    expect(second.lines.filter((line) => line.startsWith('begin')).length).toBeGreaterThan(0)
    expectExact(report)
  })

  it('a Postgres restart mid-run is retried from the watermark and the run finishes exact', { timeout: 120_000 }, async () => {
    const database = await postgres.createDatabase('restart')
    const warnings: string[] = []
    const logger = { warn: (message: string) => warnings.push(message) }
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, logger } as ConstructorParameters<typeof ChainxClient>[0])
    let restarted: Promise<void> | undefined
    let handled = 0
    const indexer = createIndexer({
      client,
      database,
      setup: SETUP_SEEN_TABLES,
      retry: { baseDelayMs: 50, maxDelayMs: 500 },
      pipelines: {
        seen: {
          source: 'events',
          filter: { All: [] },
          batchSize: 100,
          handle: async (items, sql) => {
            await sql.query('insert into seen (tx_digest, event_seq) select * from unnest($1::text[], $2::bigint[])', [
              items.map((e) => e.id.txDigest),
              items.map((e) => e.id.eventSeq),
            ])
            handled += items.length
            // Mid-batch, once: the server goes down under this transaction and comes back.
            if (handled >= 500 && restarted === undefined) {
              restarted = postgres.restart()
              restarted.catch(() => {}) // awaited after the run
              // Held open until the shutdown ends this session (it fails the batch); a server that
              // never went down would let it return and the run would end with `handled === EVENTS`.
              await sql.query('select pg_sleep(30)')
            }
            await sql.query('update counter set n = n + $1', [items.length])
          },
        },
      },
    })
    try {
      await indexer.run({ until: 'caught-up' })
      await restarted
      expect(restarted).toBeDefined()
      expect(warnings.some((line) => line.includes('starts over from its watermark'))).toBe(true)
      expectExact(await readSeen(indexer))
      expect(handled).toBeGreaterThan(EVENTS) // the batch cut by the restart was handled twice, committed once
    } finally {
      await indexer.close()
      await client.close()
    }
  })
})

describe('the database password never shows', () => {
  it('not in the error, its serialisations, status(), the log or a span, when the connection is refused', { timeout: 60_000 }, async () => {
    const secret = 'Sup3r-s3cret-pa55'
    const url = `postgres://indexer:${secret}@127.0.0.1:${await freePort()}/app`
    const lines: string[] = []
    const logger = Object.fromEntries(
      ['debug', 'info', 'warn', 'error'].map((level) => [level, (...args: unknown[]) => lines.push(inspect(args, { depth: 10 }))]),
    )
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl, logger } as ConstructorParameters<typeof ChainxClient>[0])
    spans.reset()
    const indexer = createIndexer({ client, database: url, pipelines: { all: { source: 'events', filter: { All: [] } } } })
    const error = await indexer.run({ until: 'caught-up' }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(DatabaseError)
    expect((error as DatabaseError).database).toBe('postgres://127.0.0.1:' + url.split(':')[3]?.split('/')[0] + '/app')
    const shown = [
      String(error),
      (error as Error).stack ?? '',
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      JSON.stringify(indexer.status()),
      ...lines,
      JSON.stringify(spans.getFinishedSpans().map((span) => [span.name, span.attributes, span.events])),
    ].join('\n')
    expect(shown).toContain('ECONNREFUSED')
    expect(shown).not.toContain(secret)
    await indexer.close()
    await client.close()
  })

  it('the test server itself is reached with its password (the same code path succeeds)', { timeout: 60_000 }, async () => {
    const client = new ChainxClient({ rpcUrl: mock.rpcUrl })
    const indexer = createIndexer({
      client,
      database: postgres.url,
      schema: 'reach',
      pipelines: { all: { source: 'events', filter: { All: [] } } },
    })
    await indexer.run({ until: 'caught-up' })
    expect((await indexer.query<{ n: number }>('select count(*)::int as n from reach.events')).rows).toEqual([{ n: EVENTS }])
    expect(JSON.stringify(indexer.status())).not.toContain(TEST_PASSWORD)
    await indexer.close()
    await client.close()
  })
})
