import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'
import { checkBuiltBin, endpointsOf, runBin, startBin, until } from './runBin.js'

// The chainx bin (built, in a child process) exports 20,000 events of a mock network over real
// sockets and is killed with SIGKILL five times at random moments, each rerun resuming from its
// --state file; the file must end up holding every event once, in order: the same lines as an
// uninterrupted walk in this process, and the ledger's events.
const EVENTS = 20_000
const KILLS = 5
const NODES_QUERY = `query CliNodes($first: Int, $after: String) {
  events(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { timestamp sender { address } type { repr } json bcs }
  }
}`

let mock: RunningMockNetwork
let dir: string
let eventLines: string[]
useMockNetwork(
  { events: EVENTS, seed: 11 },
  async (started) => {
    mock = started
    const client = new ChainxClient(mock)
    eventLines = []
    for await (const event of client.events.iterate({ filter: { All: [] } })) eventLines.push(JSON.stringify(event))
  },
  60_000,
)
beforeAll(() => {
  checkBuiltBin()
  dir = mkdtempSync(join(tmpdir(), 'chainx-cli-resume-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const sizeOf = (path: string) => {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}
const readState = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { items: number; bytes: number; cursor: unknown }
// A run killed before it wrote its first state (while Node starts) leaves none.
const readStateIfAny = (path: string) => (existsSync(path) ? readState(path) : { items: 0, bytes: 0, cursor: null })

/**
 * Runs `args` (which write `out` and `state`) `kills` times, each killed with SIGKILL once the
 * output has grown past a random point of its k-th fifth (plus a random 0 to 30 ms), then once
 * to its end. Returns, per kill, the state's items and whether the output held bytes past the
 * state's length (lines the rerun had to cut).
 */
async function exportWithKills(args: string[], out: string, state: string, totalBytes: number, kills: number) {
  const killed: { items: number; cut: boolean }[] = []
  for (let k = 0; k < kills; k++) {
    const run = startBin(args, { env: endpointsOf(mock) })
    const at = totalBytes * ((k + Math.random()) / (kills + 0.5))
    await until(() => sizeOf(out) > at || run.child.exitCode !== null, 60_000)
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 30))
    run.child.kill('SIGKILL')
    const result = await run.done
    expect(result.signal, `run ${k + 1} ended before its kill: ${result.stderr}`).toBe('SIGKILL')
    const saved = readStateIfAny(state)
    killed.push({ items: saved.items, cut: sizeOf(out) > saved.bytes })
  }
  const last = await runBin(args, { env: endpointsOf(mock) })
  expect(last.code, last.stderr).toBe(0)
  return killed
}

describe('chainx export: exact resume after SIGKILL', () => {
  it('events export: 20,000 events, killed 5 times and rerun, holds every event once, in order (NDJSON)', async () => {
    const out = join(dir, 'events.ndjson')
    const state = join(dir, 'events.state.json')
    const args = ['events', 'export', '--filter', '{"All":[]}', '--out', out, '--state', state, '--state-interval', '100', '--quiet']
    const total = eventLines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0)
    const killed = await exportWithKills(args, out, state, total, KILLS)

    const lines = readFileSync(out, 'utf8').split('\n')
    expect(lines.pop()).toBe('') // ends with a whole line
    expect(lines.length).toBe(EVENTS)
    expect(lines).toEqual(eventLines)
    const ids = lines.map((line) => {
      const { id } = JSON.parse(line) as { id: { txDigest: string; eventSeq: string } }
      return `${id.txDigest}:${id.eventSeq}`
    })
    expect(ids).toEqual(mock.network.ledger.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`))
    // The kills landed during the export, and some left lines past the saved state that the rerun cut.
    expect(killed.some(({ items }) => items > 0 && items < EVENTS)).toBe(true)
    expect(killed.some(({ cut }) => cut)).toBe(true)
    expect(readState(state).items).toBe(EVENTS)
  }, 240_000)

  it('graphql export: a connection without edge cursors, killed 5 times and rerun, holds every node once, in order', async () => {
    const query = join(dir, 'nodes.graphql')
    writeFileSync(query, NODES_QUERY)
    const client = new ChainxClient(mock)
    const truth: string[] = []
    for await (const node of client.paginate(NODES_QUERY, {}, { pageSize: 50 })) truth.push(JSON.stringify(node))
    expect(truth.length).toBe(EVENTS)

    const out = join(dir, 'nodes.ndjson')
    const state = join(dir, 'nodes.state.json')
    const args = [
      'graphql',
      'export',
      '--query',
      query,
      '--page-size',
      '50',
      '--out',
      out,
      '--state',
      state,
      '--state-interval',
      '100',
      '--quiet',
    ]
    const total = truth.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0)
    const killed = await exportWithKills(args, out, state, total, KILLS)

    expect(readFileSync(out, 'utf8')).toBe(`${truth.join('\n')}\n`)
    expect(killed.some(({ items }) => items > 0 && items < EVENTS)).toBe(true)
    // Nodes carry no cursor of their own: a state is only ever saved at a page's end.
    expect(killed.every(({ items }) => items % 50 === 0)).toBe(true)
  }, 240_000)

  it('events export --format csv: killed twice and rerun, one header and one row per event, in order', async () => {
    const out = join(dir, 'events.csv')
    const state = join(dir, 'events.csv.state.json')
    const args = [
      'events',
      'export',
      '--filter',
      '{"All":[]}',
      '--format',
      'csv',
      '--out',
      out,
      '--state',
      state,
      '--state-interval',
      '100',
      '--quiet',
    ]
    await exportWithKills(args, out, state, 10_000_000, 2)

    const rows = readFileSync(out, 'utf8').split('\n')
    expect(rows.pop()).toBe('')
    const [header, ...body] = rows.map(parseCsvRow)
    expect(header).toEqual([
      'id.txDigest',
      'id.eventSeq',
      'timestampMs',
      'type',
      'sender',
      'packageId',
      'transactionModule',
      'parsedJson',
      'bcsEncoding',
      'bcs',
    ])
    expect(body.length).toBe(EVENTS)
    for (const [index, row] of body.entries()) {
      const event = JSON.parse(eventLines[index] as string) as Record<string, unknown> & { id: { txDigest: string; eventSeq: string } }
      expect(row).toEqual([
        event.id.txDigest,
        event.id.eventSeq,
        event.timestampMs ?? '',
        event.type,
        event.sender,
        event.packageId,
        event.transactionModule,
        JSON.stringify(event.parsedJson),
        event.bcsEncoding ?? '',
        event.bcs,
      ])
    }
  }, 240_000)
})

/** One CSV row (RFC 4180 quoting; rows of this export hold no line breaks). */
function parseCsvRow(line: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells
}
