import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
    const { stdout } = await example('demo.ts', [], { DEMO_EVENTS: '800', DEMO_LIVE: '4' })
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
})
