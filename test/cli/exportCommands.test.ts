import { bcs } from '@mysten/bcs'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { runBin, startBin, until, useCliNetwork, type CliNetwork } from './runBin.js'

// The chainx bin, built, in a child process, against a mock network over real sockets: bad input
// exits 2 before any request, progress goes to a non-TTY standard error and never into the data,
// a ChainxError exits 1 and SIGINT 130 with the state saved, and `events watch` follows new events.
const EVENTS = 2_000
const PROGRESS_LINE = /^chainx events export: [\d,]+ items · [\d,]+ pages · [\d,]+ items\/s · \d+\.\d s/

let mock: CliNetwork['mock']
let env: Record<string, string>
let dir: string
let truth: string[]
useCliNetwork({ events: EVENTS, seed: 4 }, (network) => ({ mock, env, dir, truth } = network))

const path = (name: string) => join(dir, name)
const ALL = ['--filter', '{"All":[]}']

describe('chainx: bad input exits 2 with one line, before any request', () => {
  beforeAll(() => {
    writeFileSync(
      path('no-first.graphql'),
      'query Q($after: String) { events(after: $after) { pageInfo { hasNextPage endCursor } nodes { bcs } } }',
    )
    writeFileSync(
      path('events.graphql'),
      'query Q($first: Int, $after: String) { events(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { bcs } } }',
    )
  })

  const cases: [name: string, args: string[], message: RegExp][] = [
    ['an unknown flag', ['events', 'export', ...ALL, '--bogus'], /Unknown option '--bogus'/],
    ['a flag without its value', ['events', 'export', '--filter'], /--filter/],
    ['a filter that is not JSON', ['events', 'export', '--filter', '{"All":'], /--filter is not JSON/],
    [
      'a filter the SDK refuses (a combination)',
      ['events', 'export', '--filter', '{"And":[{"All":[]},{"All":[]}]}'],
      /--filter: .*combinations/,
    ],
    ['a filter the SDK refuses (an address)', ['events', 'export', '--filter', '{"Sender":"alice"}'], /--filter: .*Sender/],
    ['no filter', ['events', 'export'], /--filter <json> is required/],
    ['a page size of 0', ['events', 'export', ...ALL, '--page-size', '0'], /--page-size must be an integer of at least 1, got 0/],
    ['an unknown direction', ['events', 'export', ...ALL, '--direction', 'sideways'], /--direction must be forward or backward/],
    ['an unknown format', ['events', 'export', ...ALL, '--format', 'xml'], /--format must be ndjson or csv/],
    ['--state without --out', ['events', 'export', ...ALL, '--state', 'x.json'], /--state needs --out/],
    ['an unknown command', ['events', 'frobnicate'], /unknown command: chainx events frobnicate/],
    [
      'an endpoint that is not http(s)',
      ['events', 'export', ...ALL, '--rpc-url', 'ftp://127.0.0.1/'],
      /rpcUrl must be an absolute http: or https: URL/,
    ],
    ['a missing query file', ['graphql', 'export', '--query', 'nowhere.graphql'], /--query: cannot read nowhere.graphql \(ENOENT\)/],
    ['a query without $first', ['graphql', 'export', '--query', 'no-first.graphql'], /first/],
    [
      'vars that set a page variable',
      ['graphql', 'export', '--query', 'events.graphql', '--vars', '{"first":5}'],
      /Remove first from the variables/,
    ],
    ['vars that are not an object', ['graphql', 'export', '--query', 'events.graphql', '--vars', '[1]'], /--vars must be a JSON object/],
  ]
  for (const [name, args, message] of cases) {
    it(`${name}`, async () => {
      const before = mock.requests()
      const result = await runBin(args, { env, cwd: dir })
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
      expect(result.stderr).toMatch(message)
      expect(result.stderr).not.toMatch(/\n\s+at /)
      expect(mock.requests()).toBe(before)
    })
  }

  it('a state file of another export is refused, and its output left as it is', async () => {
    const out = path('refused.ndjson')
    const state = path('refused.state.json')
    expect((await runBin(['events', 'export', ...ALL, '--max-items', '3', '--out', out, '--state', state], { env })).code).toBe(0)
    const written = readFileSync(out, 'utf8')
    const before = mock.requests()
    const other = await runBin(['events', 'export', '--filter', '{"Sender":"0x1"}', '--out', out, '--state', state], { env })
    expect(other.code).toBe(2)
    expect(other.stderr).toMatch(
      /^chainx: --state: .*refused.state.json belongs to another export \(source .*All.*not .*Sender.*\); give this export its own state file\n$/,
    )
    const csv = await runBin(['events', 'export', ...ALL, '--format', 'csv', '--out', out, '--state', state], { env })
    expect(csv.stderr).toMatch(/format "ndjson", not "csv"/)
    expect(mock.requests()).toBe(before)
    expect(readFileSync(out, 'utf8')).toBe(written)
  })
})

describe('chainx: progress on standard error, never in the data', () => {
  it('a non-TTY stderr gets a plain progress line every --progress-interval and a summary; stdout holds only the events', async () => {
    mock.network.faults.addLatency(20)
    const result = await runBin(['events', 'export', ...ALL, '--progress-interval', '100'], { env })
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${truth.join('\n')}\n`)
    const lines = result.stderr.trimEnd().split('\n')
    expect(result.stderr).not.toMatch(/\r|\x1b/)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines) expect(line).toMatch(PROGRESS_LINE)
    expect(lines.at(-1)).toMatch(/^chainx events export: 2,000 items · 40 pages · .* · done$/)
  })

  it('--cursor starts the walk after a saved cursor (an event id as JSON), as the walk option cursor does', async () => {
    const { id } = JSON.parse(truth[9] as string) as { id: unknown }
    const result = await runBin(['events', 'export', ...ALL, '--cursor', JSON.stringify(id), '--max-items', '3', '--quiet'], { env })
    expect([result.code, result.stderr]).toEqual([0, ''])
    expect(result.stdout).toBe(`${truth.slice(10, 13).join('\n')}\n`)
  })

  it('--quiet prints nothing on stderr', async () => {
    const result = await runBin(['events', 'export', ...ALL, '--max-items', '120', '--quiet'], { env })
    expect([result.code, result.stderr]).toEqual([0, ''])
    expect(result.stdout).toBe(`${truth.slice(0, 120).join('\n')}\n`)
  })
})

describe('chainx: errors and interrupts keep the state', () => {
  it('a ChainxError exits 1 with "chainx: <CODE>: <message>", no stack, and how to resume; the rerun completes exactly', async () => {
    const out = path('failing.ndjson')
    const state = path('failing.state.json')
    const args = ['events', 'export', ...ALL, '--out', out, '--state', state]
    expect((await runBin([...args, '--max-items', '700', '--quiet'], { env })).code).toBe(0)
    mock.network.faults.emptyPagesNext(Infinity, { endpoint: 'rpc' })
    const failed = await runBin(args, { env })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(
      /^chainx: EMPTY_PAGES: .*\n700 items saved; rerun the same command to resume \(state: .*failing.state.json\)\n$/m,
    )
    expect(failed.stderr).not.toMatch(/\n\s+at /)
    const verbose = await runBin([...args, '--verbose'], { env })
    expect(verbose.stderr).toMatch(/EmptyPagesError.*\n\s+at /)
    mock.network.faults.clear()
    const resumed = await runBin(args, { env })
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toMatch(/resuming after 700 items/)
    expect(readFileSync(out, 'utf8')).toBe(`${truth.join('\n')}\n`)
  })

  it('SIGINT saves the state and exits 130; the rerun completes exactly', async () => {
    const out = path('interrupted.ndjson')
    const state = path('interrupted.state.json')
    const args = ['events', 'export', ...ALL, '--out', out, '--state', state, '--page-size', '20']
    mock.network.faults.addLatency(10)
    const run = startBin(args, { env })
    await until(() => existsSync(out) && readFileSync(out).length > 5_000)
    run.child.kill('SIGINT')
    const result = await run.done
    expect(result.code).toBe(130)
    expect(result.stderr).toMatch(/interrupted; (\d+) items saved; rerun the same command to resume/)
    const saved = JSON.parse(readFileSync(state, 'utf8')) as { items: number }
    expect(saved.items).toBeGreaterThan(0)
    expect(saved.items).toBeLessThan(EVENTS)
    mock.network.faults.clear()
    const resumed = await runBin(args, { env })
    expect(resumed.code).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(`${truth.join('\n')}\n`)
  })
})

describe('chainx events watch', () => {
  it('follows new events until SIGINT, then resumes from its state with the events it missed', async () => {
    const ticker = mock.network.publish({ module: 'cliticker', events: { Tick: { count: bcs.u64() } } }).package
    const sender = mock.network.ledger.newAddress()
    let count = 0n
    const tick = (events: number) =>
      mock.network.execute({
        sender,
        package: ticker,
        module: 'cliticker',
        function: 'tick',
        emit: Array.from({ length: events }, () => ({ struct: 'Tick', fields: { count: ++count } })),
      })
    const keys = (txs: ReturnType<typeof tick>[]) =>
      txs.flatMap((tx) => tx.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`))
    const out = path('watch.ndjson')
    const state = path('watch.state.json')
    const args = ['events', 'watch', ...ALL, '--interval', '20', '--out', out, '--state', state, '--state-interval', '50']
    const lines = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : [])
    const idsOf = (text: string[]) =>
      text.map((line) => {
        const { id } = JSON.parse(line) as { id: { txDigest: string; eventSeq: string } }
        return `${id.txDigest}:${id.eventSeq}`
      })

    const before = mock.requests()
    const first = startBin(args, { env })
    await until(() => mock.requests() >= before + 2) // 'latest' resolved and a first poll
    const live = [tick(2), tick(1)]
    await until(() => lines().length === 3)
    first.child.kill('SIGINT')
    expect((await first.done).code).toBe(130)

    const missed = [tick(1), tick(3)]
    const second = startBin(args, { env })
    await until(() => lines().length === 7)
    second.child.kill('SIGINT')
    const result = await second.done
    expect(result.code).toBe(130)
    expect(result.stderr).toMatch(/resuming after 3 items/)
    expect(idsOf(lines())).toEqual(keys([...live, ...missed]))
  })
})

describe('chainx transactions export', () => {
  it('exports every transaction once, in order, as an uninterrupted walk in this process does', async () => {
    const expected: string[] = []
    for await (const tx of new ChainxClient(mock).transactions.iterate({ options: { showEffects: true } }))
      expected.push(JSON.stringify(tx))
    expect(expected.length).toBeGreaterThan(0)
    const result = await runBin(['transactions', 'export', '--options', '{"showEffects":true}', '--quiet'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(`${expected.join('\n')}\n`)
  })

  it('chainx transactions watch follows new transaction blocks through the same generic path as events watch', async () => {
    const pkg = mock.network.publish({ module: 'clitx', events: { Done: { n: bcs.u64() } } }).package
    const sender = mock.network.ledger.newAddress()
    const out = path('tx-watch.ndjson')
    const lines = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean) : [])
    const before = mock.requests()
    const run = startBin(['transactions', 'watch', '--filter', JSON.stringify({ FromAddress: sender }), '--interval', '20', '--out', out], {
      env,
    })
    await until(() => mock.requests() >= before + 2) // 'latest' resolved and a first poll
    const sent = [1n, 2n].map((n) =>
      mock.network.execute({ sender, package: pkg, module: 'clitx', function: 'done', emit: [{ struct: 'Done', fields: { n } }] }),
    )
    await until(() => lines().length === 2)
    run.child.kill('SIGTERM')
    expect((await run.done).code).toBe(143)
    expect(lines().map((line) => (JSON.parse(line) as { digest: string }).digest)).toEqual(sent.map((tx) => tx.digest))
  })

  it('an option the SDK refuses exits 2 before any request', async () => {
    const before = mock.requests()
    const result = await runBin(['transactions', 'export', '--filter', '{"Checkpoint":"1"}'], { env })
    expect(result.code).toBe(2)
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(mock.requests()).toBe(before)
  })
})
