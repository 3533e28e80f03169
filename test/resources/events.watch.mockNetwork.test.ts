import { bcs } from '@mysten/bcs'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import type { ChainxError } from '../../src/errors/ChainxError.js'
import type { EventsClient } from '../../src/resources/events.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { eventKey } from '../../src/events/eventKey.js'
import type { EventId } from '../../src/events/types.js'
import type { ExecutedTransaction } from '../../src/testing/MockNetwork.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import type { TransportOptions } from '../../src/transport/createTransport.js'
import { keys, take } from './takeEvents.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// watch (polling chainx_queryEvents) against the mock network over real sockets on 127.0.0.1.

const MAX_PAGE_SIZE = 4
let mock: RunningMockNetwork
let ticker: string
let sender: string
let other: string
let count = 0n

function client(options: TransportOptions = {}): EventsClient {
  return eventsAt(mock.rpcUrl, { retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, ...options })
}

/** One transaction of `sender` emitting `events` Tick events. */
function tick(events = 1, from = sender): ExecutedTransaction {
  return mock.network.execute({
    sender: from,
    package: ticker,
    module: 'ticker',
    function: 'tick',
    emit: Array.from({ length: events }, () => ({ struct: 'Tick', fields: { count: ++count } })),
  })
}

const keysOf = (transactions: readonly ExecutedTransaction[]) => transactions.flatMap((tx) => tx.events.map((event) => eventKey(event.id)))

useMockNetwork({ events: 0, seed: 5, limits: { maxPageSize: MAX_PAGE_SIZE } }, async (started) => {
  mock = started
  ticker = mock.network.publish({ module: 'ticker', events: { Tick: { count: bcs.u64() } } }).package
  sender = mock.network.ledger.newAddress()
  other = mock.network.ledger.newAddress()
  tick(3)
})
afterEach(() => mock.network.faults.clear())

describe('watch against the mock network (M2, M3)', () => {
  it("M3: cursor 'latest' yields every newly emitted event exactly once, in order", async () => {
    const emitted: ExecutedTransaction[] = []
    let responses = 0
    // The first response answers the 'latest' look-up: emit once the watcher has its starting point.
    const events = client({ onResponse: () => void (++responses === 1 && emitted.push(tick(2), tick(1, other))) })
    const watcher = events.watch({ filter: { Sender: sender }, cursor: 'latest', intervalMs: 10, signal: AbortSignal.timeout(10_000) })
    const seen = await take(watcher, 5, (_event, index) => {
      if (index === 1) setTimeout(() => emitted.push(tick(3)), 20)
    })
    expect(keys(seen)).toEqual(keysOf(emitted.filter((tx) => tx.events[0]?.sender === sender)))
    expect(seen.map((event) => (event.parsedJson as { count: string }).count)).toEqual(['4', '5', '7', '8', '9'])
    expect(watcher.cursor).toEqual(seen.at(-1)!.id)
  })

  it('M2: events of one checkpoint beyond a page are all yielded (re-polls while hasNextPage)', async () => {
    const events = client()
    const start = (await events.query({ filter: { All: [] }, direction: 'backward', pageSize: 1 })).items[0]!.id
    const batch = mock.network.executeBatch(
      Array.from({ length: 3 }, () => ({
        sender,
        package: ticker,
        module: 'ticker',
        emit: Array.from({ length: 3 }, () => ({ struct: 'Tick', fields: { count: ++count } })),
      })),
    )
    const watcher = events.watch({ filter: { All: [] }, cursor: start, intervalMs: 10, signal: AbortSignal.timeout(10_000) })
    expect(keys(await take(watcher, 9))).toEqual(keysOf(batch))
  })

  it('M3: a watch resumed from a saved cursor continues without repeats or gaps', async () => {
    const events = client()
    const filter = { MoveEventModule: { package: ticker, module: 'ticker' } }
    const start = (await events.query({ filter, direction: 'backward', pageSize: 1 })).items[0]!.id
    const first = [tick(2), tick(2)]
    const watcher = events.watch({ filter, cursor: start, intervalMs: 10, signal: AbortSignal.timeout(10_000) })
    const head = await take(watcher, 3)
    const saved: EventId = JSON.parse(JSON.stringify(watcher.cursor)) as EventId
    const later = [tick(1), tick(2)]
    const resumed = events.watch({ filter, cursor: saved, intervalMs: 10, signal: AbortSignal.timeout(10_000) })
    const tail = await take(resumed, 4)
    expect([...keys(head), ...keys(tail)]).toEqual(keysOf([...first, ...later]))
  })

  it('E8: rate-limited polls are backed off (Retry-After: 0 still waits the backoff floor) and the watch continues without losing events', async () => {
    const events = client({ retry: false })
    const start = (await events.query({ filter: { Sender: sender }, direction: 'backward', pageSize: 1 })).items[0]!.id
    const emitted = [tick(2)]
    mock.network.faults.rateLimitNext(2, { endpoint: 'rpc', retryAfterSeconds: 0 })
    const errors: [string, number, number][] = []
    const watcher = events.watch({
      filter: { Sender: sender },
      cursor: start,
      intervalMs: 10,
      backoff: { baseDelayMs: 2, maxDelayMs: 4 },
      signal: AbortSignal.timeout(10_000),
      onError: (error: ChainxError, info) => errors.push([error.code, info.attempt, info.delayMs]),
    })
    expect(keys(await take(watcher, 2))).toEqual(keysOf(emitted))
    expect(errors.map(([code, attempt]) => [code, attempt])).toEqual([
      ['RATE_LIMITED', 1],
      ['RATE_LIMITED', 2],
    ])
    // Exponential from baseDelayMs with jitter: 1-2 ms, then 2-4 ms; never 0.
    expect(errors[0]![2]).toBeGreaterThanOrEqual(1)
    expect(errors[1]![2]).toBeGreaterThanOrEqual(2)
  })

  it('J3: an HTML 502 page during a watch is retried after a backoff, without repeats or gaps', async () => {
    const events = client({ retry: false })
    const start = (await events.query({ filter: { Sender: sender }, direction: 'backward', pageSize: 1 })).items[0]!.id
    const emitted = [tick(1), tick(1)]
    mock.network.faults.badGatewayNext(1, { endpoint: 'rpc' })
    const codes: string[] = []
    const watcher = events.watch({
      filter: { Sender: sender },
      cursor: start,
      intervalMs: 10,
      backoff: { baseDelayMs: 1, maxDelayMs: 2 },
      signal: AbortSignal.timeout(10_000),
      onError: (error) => codes.push(error.code),
    })
    expect(keys(await take(watcher, 2))).toEqual(keysOf(emitted))
    expect(codes).toEqual(['HTTP'])
  })

  it('EMPTY_PAGES: a run of empty pages that claim more reads as caught up (no onError): the watch polls again and yields what follows, without repeats or gaps', async () => {
    const events = client({ retry: false })
    const start = (await events.query({ filter: { Sender: sender }, direction: 'backward', pageSize: 1 })).items[0]!.id
    const emitted = [tick(2), tick(1)]
    // More than one poll's worth (a poll ends after maxEmptyPages, 100): the watch must poll again to get past them.
    mock.network.faults.emptyPagesNext(130, { endpoint: 'rpc' })
    let requests = 0
    const codes: string[] = []
    const watcher = client({ retry: false, onResponse: () => void requests++ }).watch({
      filter: { Sender: sender },
      cursor: start,
      intervalMs: 10,
      signal: AbortSignal.timeout(10_000),
      onError: (error) => codes.push(error.code),
    })
    expect(keys(await take(watcher, 3))).toEqual(keysOf(emitted))
    expect(codes).toEqual([])
    expect(requests).toBeGreaterThan(130)
  })

  it('J15: a TimeRange watch yields the events of the range exactly once, moving startTime', async () => {
    const events = client()
    const startTime = Number(mock.network.ledger.latestCheckpoint.timestampMs) + 1
    const emitted = [tick(3), tick(2), tick(3)]
    const watcher = events.watch({
      filter: { TimeRange: { startTime, endTime: startTime + 10_000_000 } },
      pageSize: 2,
      intervalMs: 10,
      signal: AbortSignal.timeout(10_000),
    })
    expect(keys(await take(watcher, 8))).toEqual(keysOf(emitted))
  })

  it('M1: parse types parsedJson of each watched event', async () => {
    const Tick = z.object({ count: z.string() })
    const events = client()
    const start = (await events.query({ filter: { Sender: other }, direction: 'backward', pageSize: 1 })).items[0]?.id ?? null
    const tx = tick(2, other)
    const watcher = events.watch({
      filter: { Sender: other },
      cursor: start,
      parse: Tick,
      intervalMs: 10,
      signal: AbortSignal.timeout(10_000),
    })
    const seen = await take(watcher, 2)
    const counts: string[] = seen.map((event) => (event.parsedJson as { count: string }).count)
    expect(counts).toEqual(tx.events.map((event) => String((event.parsedJson as { count: string }).count)))
  })
})
