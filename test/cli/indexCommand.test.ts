import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { freePort } from '../indexer/embeddedPostgres.js'
import { checkBuiltBin, runBin } from './runBin.js'

// `chainx index` (the built bin in a child process) against the mock network over real sockets.

let mock: RunningMockNetwork
const scratch = mkdtempSync(join(tmpdir(), 'chainx-index-cli-'))

beforeAll(async () => {
  checkBuiltBin()
  mock = await startMockNetwork({ events: 300, seed: 4 })
})

afterAll(async () => {
  await mock?.close()
  rmSync(scratch, { recursive: true, force: true })
})

const env = () => ({ CHAINX_RPC_URL: mock.rpcUrl, CHAINX_GRAPHQL_URL: undefined, DATABASE_URL: undefined })

describe('chainx index', () => {
  it(
    'on a fresh project, with no database given, fills chainx.events of PGlite in ./.chainx/db and exits 0',
    { timeout: 120_000 },
    async () => {
      const project = join(scratch, 'fresh')
      rmSync(project, { recursive: true, force: true })
      mkdirSync(project)
      const result = await runBin(['index', 'events', '--filter', '{"All":[]}', '--until', 'caught-up'], {
        cwd: project,
        env: env(),
        timeoutMs: 110_000,
      })
      expect(result.stderr).toMatch(/chainx index events: 300 items .* caught up \(300 in chainx\.events\)/)
      expect(result).toMatchObject({ code: 0, stdout: '' })
      const dir = join(project, '.chainx', 'db')
      expect(existsSync(join(dir, 'chainx-indexer.lock'))).toBe(false)
      const db = await PGlite.create(dir)
      try {
        const { rows } = await db.query<{ n: number; distinct: number }>(
          'select count(*)::int as n, count(distinct (tx_digest, event_seq))::int as distinct from chainx.events',
        )
        expect(rows).toEqual([{ n: 300, distinct: 300 }])
      } finally {
        await db.close()
      }
    },
  )

  it('a refused DATABASE_URL exits 1 with a DATABASE error that never shows the password', { timeout: 60_000 }, async () => {
    const secret = 'cli-Secret-pw-77'
    const url = `postgres://indexer:${secret}@127.0.0.1:${await freePort()}/app`
    const result = await runBin(['index', 'events', '--filter', '{"All":[]}', '--until', 'caught-up', '--verbose'], {
      env: { ...env(), DATABASE_URL: url },
      timeoutMs: 50_000,
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('chainx: DATABASE: ')
    expect(result.stderr).toContain('ECONNREFUSED')
    expect(result.stderr).not.toContain(secret)
  })

  it('bad usage exits 2 before anything is opened', async () => {
    const noFilter = await runBin(['index', 'events'], { env: env(), cwd: scratch })
    expect(noFilter.code).toBe(2)
    expect(noFilter.stderr).toContain('--filter <json> is required')
    const what = await runBin(['index', 'objects', '--filter', '{}'], { env: env(), cwd: scratch })
    expect(what.code).toBe(2)
    const until = await runBin(['index', 'transactions', '--until', 'forever'], { env: env(), cwd: scratch })
    expect(until.code).toBe(2)
    expect(existsSync(join(scratch, '.chainx'))).toBe(false)
  })
})
