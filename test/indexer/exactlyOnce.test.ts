import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { startTestPostgres, type TestPostgres } from './embeddedPostgres.js'
import { killRepeatedly, startIndexerChild } from './killRun.js'

// Done-when of issue 32: an indexer child SIGKILLed at random points (inside a batch, around its
// commit) through 5% faulty responses, then run to the end, leaves every event exactly once in
// the handler's table (no unique key) and the counter equal, on PGlite and on Postgres.
// Sizes are parameters: CI runs a small ledger; `npm run indexer:kills` the full size
// (20,000 events in batches of up to 200, 5 kills on each database).
const EVENTS = Number(process.env.INDEXER_KILL_EVENTS ?? 1_500)
const KILLS = Number(process.env.INDEXER_KILLS ?? 5)
const BATCH = Number(process.env.INDEXER_KILL_BATCH ?? 50)
const SEED = Number(process.env.INDEXER_KILL_SEED ?? 7)
const TIMEOUT = 600_000

let mock: RunningMockNetwork
let postgres: TestPostgres
const scratch = mkdtempSync(join(tmpdir(), 'chainx-indexer-'))

beforeAll(async () => {
  ;[mock, postgres] = await Promise.all([startMockNetwork({ events: EVENTS, seed: SEED }), startTestPostgres()])
  mock.network.faults.randomFaults({ rate: 0.05, seed: SEED, slowMs: 1_500 })
}, 120_000)

afterAll(async () => {
  await Promise.all([mock?.close(), postgres?.stop()])
  rmSync(scratch, { recursive: true, force: true })
})

async function killThenFinish(database: string) {
  const { kills, points } = await killRepeatedly({
    rpcUrl: mock.rpcUrl,
    database,
    kills: KILLS,
    events: EVENTS,
    batchSize: BATCH,
    seed: SEED,
  })
  const last = startIndexerChild(mock.rpcUrl, database, BATCH)
  const report = JSON.parse((await last.waitFor(/^report /)).slice('report '.length)) as {
    rows: number
    distinct: number
    counter: number
    watermark: number
    keys: string[]
  }
  expect(await last.exit).toEqual({ code: 0, signal: null })
  console.log(
    `${EVENTS} events, kills at: ${points.join(', ')}; then ${report.rows} rows, ${report.distinct} distinct, counter ${report.counter}`,
  )
  return { kills, points, report }
}

function expectExactlyOnce(report: { rows: number; distinct: number; counter: number; watermark: number; keys: string[] }) {
  const ledger = mock.network.ledger.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`).sort()
  expect({ rows: report.rows, distinct: report.distinct, counter: report.counter, watermark: report.watermark }).toEqual({
    rows: ledger.length,
    distinct: ledger.length,
    counter: ledger.length,
    watermark: ledger.length,
  })
  expect(report.keys).toEqual(ledger)
  // The runs met the faults (the same network served both tests).
  expect(Object.values(mock.network.faults.injectedCounts()).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0)
}

describe('an indexer SIGKILLed at random points, then run to the end, indexes every event exactly once', () => {
  it(
    'on PGlite (a data directory; every rerun takes the dead process lock at once)',
    async () => {
      const { kills, report } = await killThenFinish(join(scratch, 'pglite'))
      expect(kills).toBeGreaterThanOrEqual(KILLS)
      expectExactlyOnce(report)
    },
    TIMEOUT,
  )

  it(
    'on Postgres',
    async () => {
      const { kills, report } = await killThenFinish(await postgres.createDatabase('kills'))
      expect(kills).toBeGreaterThanOrEqual(KILLS)
      expectExactlyOnce(report)
    },
    TIMEOUT,
  )
})
