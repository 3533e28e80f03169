import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { outputMatches, runBin, startBin, useCliNetwork, type CliNetwork } from './runBin.js'

// The manners of the chainx bin, built, in a child process: --version, help at every level on
// standard output with exit 0, SIGTERM handled as SIGINT (state saved, a message, 143), one
// message prefix for every error, and the lock on a --state file.
const EVENTS = 1_500
const root = new URL('../../', import.meta.url).pathname
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }

let mock: CliNetwork['mock']
let env: Record<string, string>
let dir: string
let truth: string[]
useCliNetwork({ events: EVENTS, seed: 5 }, (network) => ({ mock, env, dir, truth } = network))

const path = (name: string) => join(dir, name)
const ALL = ['--filter', '{"All":[]}']

/** Starts an export of every event with a state file, slowed down, and resolves once it has reported progress. */
async function startedExport(name: string) {
  const out = path(`${name}.ndjson`)
  const state = path(`${name}.state.json`)
  const args = ['events', 'export', ...ALL, '--out', out, '--state', state, '--page-size', '10', '--progress-interval', '20']
  mock.network.faults.addLatency(10)
  const run = startBin(args, { env })
  await outputMatches(run, 'stderr', /chainx events export: [1-9][\d,]* items/)
  return { out, state, args, run }
}

describe('chainx --version', () => {
  for (const flag of ['--version', '-V']) {
    it(`${flag} prints the package version on standard output and exits 0`, async () => {
      const result = await runBin([flag])
      expect(result).toMatchObject({ code: 0, stderr: '', stdout: `chainx-sdk ${version}\n` })
    })
  }
})

describe('chainx: help at every level, on standard output, exit 0', () => {
  const cases: [args: string[], usage: RegExp][] = [
    [['--help'], /^usage: chainx <command>[^]*codegen-move[^]*Exit codes/],
    [['-h'], /^usage: chainx <command>/],
    [['help'], /^usage: chainx <command>/],
    [['events', '--help'], /^usage: chainx events <command>[^]*events export[^]*events watch/],
    [['help', 'transactions'], /^usage: chainx transactions <command>/],
    [['codegen-move', '--help'], /^usage: chainx codegen-move <move-package-dir>/],
    [['help', 'codegen-move'], /^usage: chainx codegen-move <move-package-dir>/],
  ]
  for (const command of ['events export', 'events watch', 'transactions export', 'transactions watch', 'graphql export']) {
    cases.push([[...command.split(' '), '--help'], new RegExp(`^usage: chainx ${command} [^]*--state <file>`)])
    cases.push([['help', ...command.split(' ')], new RegExp(`^usage: chainx ${command} `)])
  }
  for (const [args, usage] of cases) {
    it(`chainx ${args.join(' ')}`, async () => {
      const result = await runBin(args)
      expect([result.code, result.stderr]).toEqual([0, ''])
      expect(result.stdout).toMatch(usage)
    })
  }

  it('chainx alone, or a group without its command, prints the help on standard error and exits 2', async () => {
    const bare = await runBin([])
    expect([bare.code, bare.stdout]).toEqual([2, ''])
    expect(bare.stderr).toMatch(/events export .*\n.*events watch/)
    const group = await runBin(['events'])
    expect([group.code, group.stdout]).toEqual([2, ''])
    expect(group.stderr).toMatch(/^usage: chainx events <command>/)
  })

  it('the walk flags are named as the walk options; the deprecated --descending is gone', async () => {
    const help = (await runBin(['events', 'export', '--help'])).stdout
    for (const flag of ['--direction', '--page-size', '--max-items', '--cursor']) expect(help).toContain(flag)
    expect(help).not.toContain('--descending')
    const refused = await runBin(['events', 'export', ...ALL, '--descending'], { env })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/^chainx: Unknown option '--descending'/)
  })
})

describe('chainx: one message prefix for every error', () => {
  it('bad usage (exit 2), an unknown help topic, codegen-move usage and a failure of the service (exit 1) all start "chainx: "', async () => {
    const results = [
      await runBin(['events', 'export', '--filter', '{"Sender":"alice"}'], { env }),
      await runBin(['help', 'nonsense']),
      await runBin(['codegen-move', '--bogus']),
    ]
    for (const result of results) {
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(/^chainx: [^\n]+\n$/)
    }
    mock.network.faults.emptyPagesNext(Infinity, { endpoint: 'rpc' })
    const failed = await runBin(['events', 'export', ...ALL, '--quiet'], { env })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(/^chainx: EMPTY_PAGES: /)
  })
})

describe('chainx: SIGTERM is handled as SIGINT', () => {
  it('after progress is reported, SIGTERM flushes, saves the state, says so and exits 143; the rerun completes exactly', async () => {
    const { out, state, args, run } = await startedExport('terminated')
    run.child.kill('SIGTERM')
    const result = await run.done
    expect([result.code, result.signal]).toEqual([143, null])
    const message = /terminated \(SIGTERM\); (\d+) items saved; rerun the same command to resume/.exec(result.stderr)
    expect(message, result.stderr).not.toBeNull()
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { items: number; bytes: number }
    expect(saved.items).toBe(Number(message?.[1]))
    expect(saved.items).toBeGreaterThan(0)
    expect(saved.items).toBeLessThan(EVENTS)
    expect(readFileSync(out, 'utf8').slice(0, saved.bytes)).toBe(`${truth.slice(0, saved.items).join('\n')}\n`)
    expect(existsSync(`${state}.lock`)).toBe(false)
    mock.network.faults.clear()
    const resumed = await runBin(args, { env })
    expect(resumed.code).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(`${truth.join('\n')}\n`)
  })
})

describe('chainx: a lock on the --state file', () => {
  it('a second run on a state file in use exits 75 with a clear message, leaving the output as it is', async () => {
    const out = path('locked.ndjson')
    const state = path('locked.state.json')
    // A watch runs until interrupted: the first run holds the lock for as long as the test needs.
    const args = ['events', 'watch', ...ALL, '--interval', '20', '--out', out, '--state', state, '--progress-interval', '20']
    const first = startBin(args, { env })
    await outputMatches(first, 'stderr', /chainx events watch: /)
    const written = readFileSync(out, 'utf8')
    const second = await runBin([...args, '--quiet'], { env })
    expect(second.code).toBe(75)
    expect(second.stderr).toBe(
      `chainx: --state: ${state} is in use by another chainx run (pid ${first.child.pid}); wait for it to end or stop it (if no such process is a chainx run, delete ${state}.lock)\n`,
    )
    expect(readFileSync(out, 'utf8')).toBe(written)
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe(`${first.child.pid}\n`)
    first.child.kill('SIGINT')
    expect((await first.done).code).toBe(130)
    expect(existsSync(`${state}.lock`)).toBe(false)
  })

  it('a lock whose process is gone (a run killed with SIGKILL) is taken over', async () => {
    const { out, state, args, run: killed } = await startedExport('stale')
    killed.child.kill('SIGKILL')
    expect((await killed.done).signal).toBe('SIGKILL')
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe(`${killed.child.pid}\n`)
    mock.network.faults.clear()
    const resumed = await runBin([...args, '--quiet'], { env })
    expect([resumed.code, resumed.stderr]).toEqual([0, ''])
    expect(readFileSync(out, 'utf8')).toBe(`${truth.join('\n')}\n`)
    expect(existsSync(`${state}.lock`)).toBe(false)
  })

  it('a second SIGTERM exits at once, with 143, and the lock goes with the process', async () => {
    const { state, run } = await startedExport('twice')
    run.child.kill('SIGTERM')
    run.child.kill('SIGTERM')
    expect((await run.done).code).toBe(143)
    expect(existsSync(`${state}.lock`)).toBe(false)
  })

  it('a lock file that is not a pid is taken over too', async () => {
    const out = path('garbled.ndjson')
    const state = path('garbled.state.json')
    writeFileSync(`${state}.lock`, 'not a pid')
    const result = await runBin(['events', 'export', ...ALL, '--max-items', '5', '--out', out, '--state', state, '--quiet'], { env })
    expect([result.code, result.stderr]).toEqual([0, ''])
    expect(existsSync(`${state}.lock`)).toBe(false)
  })
})
