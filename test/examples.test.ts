import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// The examples run as a user runs them (tsx, the package imported by name), each against
// its own mock network over real sockets.
const root = new URL('../', import.meta.url)
const tsx = join(root.pathname, 'node_modules/.bin/tsx')
const run = promisify(execFile)
const scratch = mkdtempSync(join(tmpdir(), 'chainx-examples-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const example = (file: string, args: string[] = [], env: Record<string, string> = {}) =>
  run(tsx, [`examples/${file}`, ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 })

describe('examples', () => {
  it('M1/M2/S1/P6: the demo (npm run demo) pages, shows usage and receives every live event by subscribe and watch', async () => {
    const { stdout, stderr } = await example('demo.ts', [], { DEMO_EVENTS: '800', DEMO_LIVE: '4' })
    // The demo says in its own words that subscribe is deprecated; Node prints no DeprecationWarning.
    expect(stdout).toContain('client.events.subscribe is deprecated by the service: new code uses client.events.watch')
    expect(stderr).not.toMatch(/DeprecationWarning|--trace-deprecation/)
    expect(stdout).toMatch(/== serviceConfig \(service version 2025\.3\.0\)/)
    expect(stdout).toMatch(/\d+ events in \d+ pages, all from one checkpoint/)
    expect(stdout).toMatch(/"inputNodes":\d+,"outputNodes":\d+,"depth":\d+,"variables":\d+,"fragments":\d+,"queryPayload":\d+/)
    expect(stdout).toContain('subscribe (deprecated) delivered 4 of 4; watch delivered 4')
    expect(stdout).toContain('== stopped cleanly')
  })

  it('P1/P6: export-events-ndjson writes every event once as NDJSON, forward and backward', async () => {
    const forward = join(scratch, 'forward.ndjson')
    const backward = join(scratch, 'backward.ndjson')
    const { stderr } = await example('export-events-ndjson.ts', [forward])
    expect(stderr).toContain('wrote 2000 events (forward)')
    await example('export-events-ndjson.ts', [backward], { DIRECTION: 'backward' })
    const lines = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n')
    const forwardLines = lines(forward)
    expect(forwardLines).toHaveLength(2000)
    expect(new Set(forwardLines).size).toBe(2000)
    const first = JSON.parse(forwardLines[0] as string) as { type: { repr: string }; bcs: string }
    expect(first.type.repr).toMatch(/^0x[0-9a-f]{64}::\w+::\w+/)
    expect(lines(backward)).toEqual([...forwardLines].reverse())
  })

  it('M3: follow-events resumes from its saved cursor with nothing twice', async () => {
    const { stdout } = await example('follow-events.ts', [], { CURSOR_FILE: join(scratch, 'cursor.json'), FOLLOW_MS: '800' })
    expect(stdout).toMatch(/run 2: resuming after \w+#\d+/)
    expect(stdout).toMatch(/handled \d+ distinct events over two runs/)
  })

  it('typed-documents: a graphql() fragment and query, one page and a backward walk, typed', async () => {
    const { stdout } = await example('typed-documents.ts')
    expect(stdout).toMatch(/first page: \[\n {2}'\S+Z \w+::\w+ from 0x[0-9a-f]{6}…',/)
    expect(stdout).toMatch(/newest: \S+Z \w+::\w+ from 0x[0-9a-f]{6}…\nwalked 50 events, newest first/)
  })

  it('gql.tada check (npm run check:documents, over examples/) reports a misspelled field of a graphql() document', async () => {
    // The examples' own config, extended to one scratch file: what the npm script runs, on a document that is wrong.
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({ extends: join(root.pathname, 'examples/tsconfig.gql-tada.json'), include: ['./*.ts'], exclude: [] }),
    )
    writeFileSync(
      join(scratch, 'misspelled.ts'),
      "import { graphql } from 'chainx-sdk/graphql'\nexport const Gas = graphql(`query Gas { epoch { epochId referenceGasPrise } }`)\n",
    )
    const gqlTada = join(root.pathname, 'node_modules/.bin/gql.tada')
    const failed = await run(gqlTada, ['check', '--tsconfig', join(scratch, 'tsconfig.json')], { cwd: root, timeout: 120_000 }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(failed?.code).toBe(1)
    expect(`${failed?.stdout}${failed?.stderr}`).toMatch(/misspelled\.ts[^]*Cannot query field "referenceGasPrise" on type "Epoch"/)
  }, 150_000)
})
