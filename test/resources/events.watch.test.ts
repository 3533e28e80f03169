import { describe, expect, it, vi } from 'vitest'
import { ChainxError } from '../../src/errors/ChainxError.js'
import { CursorNotAdvancingError } from '../../src/errors/pagination.js'
import { JsonRpcError } from '../../src/errors/jsonRpc.js'
import { NetworkError, RateLimitedError } from '../../src/errors/request.js'
import { eventKey } from '../../src/events/eventKey.js'
import type { ChainxEvent } from '../../src/events/types.js'
import type { EventPage } from '../../src/resources/events.js'
import { eventsOverFake, type FakeRead } from '../helpers/resourceClients.js'
import { digest, idOf, wireEvent } from '../events/eventFixtures.js'
import { keys, take } from './takeEvents.js'

/**
 * An in-memory `chainx_queryEvents`: exclusive cursor, ascending or descending, hasNextPage,
 * nextCursor echoing the input cursor on an empty page. `timeRangeIgnoresCursor` mimics the
 * real service's TimeRange scan that repeats events after the first page (anchor 2.4).
 */
function fakeService(options: { timeRangeScanFromStartTime?: boolean; repeatCursorEvent?: boolean } = {}) {
  const events: ChainxEvent[] = []
  const calls: FakeRead[] = []
  const failures: unknown[] = []
  let next = 1
  const emit = (count: number, timestamp?: (n: number) => number) => {
    for (let i = 0; i < count; i++, next++) {
      events.push(wireEvent(next, timestamp ? { timestampMs: String(timestamp(next)) } : {}))
    }
  }
  const query = async (parameters: FakeRead): Promise<EventPage<any>> => {
    calls.push(parameters)
    const failure = failures.shift()
    if (failure) throw failure
    const filter = parameters.filter as Record<string, any>
    let list = events
    if ('Transaction' in filter) list = events.filter((event) => event.id.txDigest === filter.Transaction)
    const range = filter.TimeRange as { startTime: string; endTime: string } | undefined
    if (range)
      list = events.filter(
        (event) => BigInt(event.timestampMs!) >= BigInt(range.startTime) && BigInt(event.timestampMs!) <= BigInt(range.endTime),
      )
    const ordered = parameters.direction === 'backward' ? [...list].reverse() : list
    const cursor = parameters.cursor ?? null
    let start = 0
    if (cursor !== null) {
      const position = events.findIndex((event) => eventKey(event) === eventKey(cursor))
      if (position < 0) {
        throw new JsonRpcError({
          rpcCode: -32602,
          message: `Could not find the referenced transaction [TransactionDigest(${cursor.txDigest})].`,
          method: 'chainx_queryEvents',
        })
      }
      if (range && options.timeRangeScanFromStartTime) {
        // The real index scans from the key (startTime, cursor position) and drops the first key it finds.
        const key = (event: ChainxEvent) => [BigInt(event.timestampMs!), BigInt(events.indexOf(event))] as const
        const from = [BigInt(range.startTime), BigInt(position)] as const
        start = ordered.findIndex((event) => key(event)[0] > from[0] || (key(event)[0] === from[0] && key(event)[1] >= from[1])) + 1
        if (start === 0) start = ordered.length
      } else {
        start = ordered.findIndex((event) => eventKey(event) === eventKey(cursor)) + 1
        if (options.repeatCursorEvent && start > 0) start--
      }
    }
    const limit = parameters.pageSize ?? 50
    const data = ordered.slice(start, start + limit)
    const nextCursor = data.at(-1)?.id ?? cursor
    const hasNextPage = start + limit < ordered.length
    return { items: data, hasMore: hasNextPage, cursor: nextCursor }
  }
  return { events, calls, failures, emit, query }
}

const expected = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => eventKey(idOf(from + i)))
const bounded = () => AbortSignal.timeout(5_000)

describe('client.events.watch', () => {
  it('M3: yields every event exactly once, in order, re-polling at once while hasNextPage', async () => {
    const service = fakeService()
    service.emit(5)
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, pageSize: 2, intervalMs: 60_000, signal: bounded() })
    expect(keys(await take(watcher, 5))).toEqual(expected(1, 5))
    expect(service.calls.map((call) => call.cursor)).toEqual([null, idOf(2), idOf(4)])
    expect(service.calls.every((call) => call.direction === 'forward' && call.pageSize === 2)).toBe(true)
  })

  it('M3: events emitted while caught up are yielded on a later poll; the cursor is never reset by empty pages', async () => {
    const service = fakeService()
    service.emit(2)
    const watcher = eventsOverFake(service.query).watch({ filter: { Sender: '0x7' }, intervalMs: 5, signal: bounded() })
    let polls = 0
    const seen = await take(watcher, 5, (event) => {
      if (event.id.txDigest === digest(2)) {
        // Let two empty polls happen before new events land.
        polls = service.calls.length
        void vi.waitFor(() => expect(service.calls.length).toBeGreaterThanOrEqual(polls + 2)).then(() => service.emit(3))
      }
    })
    expect(keys(seen)).toEqual(expected(1, 5))
    expect(service.calls.length).toBeGreaterThan(polls + 1)
    expect(service.calls.slice(1).every((call) => call.cursor !== null)).toBe(true)
    expect(watcher.cursor).toEqual(idOf(5))
  })

  it('M3: resumes from a saved cursor without repeats or gaps', async () => {
    const service = fakeService()
    service.emit(6)
    const first = eventsOverFake(service.query).watch({ filter: { All: [] }, pageSize: 4, intervalMs: 5, signal: bounded() })
    expect(keys(await take(first, 3))).toEqual(expected(1, 3))
    const saved = first.cursor
    expect(saved).toEqual(idOf(3))
    const second = eventsOverFake(service.query).watch({ filter: { All: [] }, cursor: saved, intervalMs: 5, signal: bounded() })
    expect(keys(await take(second, 3))).toEqual(expected(4, 6))
    // Iterating the first watcher again also resumes from its own cursor.
    expect(keys(await take(first, 1))).toEqual(expected(4, 4))
  })

  it("M3: cursor 'latest' yields only events that arrive after the watch starts", async () => {
    const service = fakeService()
    service.emit(4)
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, cursor: 'latest', intervalMs: 5, signal: bounded() })
    const taking = take(watcher, 2)
    // Emitted once the first read fixed 'latest'.
    await vi.waitFor(() => expect(service.calls).not.toHaveLength(0))
    service.emit(2)
    expect(keys(await taking)).toEqual(expected(5, 6))
    expect(service.calls[0]).toMatchObject({ direction: 'backward', pageSize: 1 })
  })

  it('E8: backs off on rate limits, honouring retryAfterMs, then continues', async () => {
    const service = fakeService()
    service.emit(2)
    service.failures.push(new RateLimitedError({ status: 429, retryAfterMs: 7 }), new RateLimitedError({ status: 200 }))
    const errors: [string, number, number][] = []
    const watcher = eventsOverFake(service.query).watch({
      filter: { All: [] },
      intervalMs: 5,
      backoff: { baseDelayMs: 4, maxDelayMs: 8 },
      signal: bounded(),
      onError: (error, info) => errors.push([error.code, info.attempt, info.delayMs]),
    })
    expect(keys(await take(watcher, 2))).toEqual(expected(1, 2))
    expect(errors[0]).toEqual(['RATE_LIMITED', 1, 7])
    expect(errors[1]?.slice(0, 2)).toEqual(['RATE_LIMITED', 2])
    // No Retry-After: exponential backoff, second attempt = 2 × base with 50-100% jitter.
    expect(errors[1]![2]).toBeGreaterThanOrEqual(4)
    expect(errors[1]![2]).toBeLessThanOrEqual(8)
  })

  it('E8: a Retry-After longer than backoff.maxDelayMs waits maxDelayMs (a hostile service cannot stall the watch)', async () => {
    const service = fakeService()
    service.emit(1)
    service.failures.push(new RateLimitedError({ status: 429, retryAfterMs: 1e12 }))
    const delays: number[] = []
    const watcher = eventsOverFake(service.query).watch({
      filter: { All: [] },
      intervalMs: 5,
      backoff: { baseDelayMs: 4, maxDelayMs: 8 },
      signal: bounded(),
      onError: (_error, info) => delays.push(info.delayMs),
    })
    expect(keys(await take(watcher, 1))).toEqual(expected(1, 1))
    expect(delays).toEqual([8])
  })

  it('M3: transient errors are retried with bounded backoff; maxConsecutiveErrors ends the watch', async () => {
    const service = fakeService()
    service.emit(1)
    const network = () => new NetworkError({ url: 'http://127.0.0.1:1' })
    service.failures.push(network(), network(), network())
    const delays: number[] = []
    const watcher = eventsOverFake(service.query).watch({
      filter: { All: [] },
      intervalMs: 5,
      backoff: { baseDelayMs: 2, maxDelayMs: 3 },
      maxConsecutiveErrors: 3,
      signal: bounded(),
      onError: (_error, info) => delays.push(info.delayMs),
    })
    await expect(take(watcher, 1)).rejects.toBeInstanceOf(NetworkError)
    expect(delays).toHaveLength(2)
    expect(delays.every((delay) => delay >= 1 && delay <= 3)).toBe(true)
  })

  it('CURSOR_NOT_ADVANCING: a page with events that claims more but does not move its cursor yields its events, reports onError, and the watch goes on', async () => {
    for (const stuckCursor of ['echo', null] as const) {
      const service = fakeService()
      service.emit(5)
      let stuck = 2
      // The first two polls claim more but answer the input cursor (or none) as nextCursor.
      const query = async (parameters: FakeRead) => {
        const page = await service.query(parameters)
        if (stuck-- <= 0) return page
        return { ...page, hasMore: true, cursor: stuckCursor === 'echo' ? (parameters.cursor ?? null) : null }
      }
      const reported: { error: ChainxError; attempt: number }[] = []
      const watcher = eventsOverFake(query).watch({
        filter: { All: [] },
        pageSize: 2,
        intervalMs: 60_000,
        backoff: { baseDelayMs: 1, maxDelayMs: 2 },
        signal: bounded(),
        onError: (error, { attempt }) => reported.push({ error, attempt }),
      })
      expect(keys(await take(watcher, 5))).toEqual(expected(1, 5))
      expect(watcher.cursor).toEqual(idOf(5))
      expect(reported.map(({ attempt }) => attempt)).toEqual([1, 1])
      expect(reported.every(({ error }) => error instanceof CursorNotAdvancingError)).toBe(true)
      // Each stuck page was delivered, then the next poll started after its last event.
      expect(service.calls.map((call) => call.cursor)).toEqual([null, idOf(2), idOf(4)])
    }
  })

  it('CURSOR_NOT_ADVANCING: a service that claims more without moving, poll after poll, ends the watch at maxConsecutiveErrors', async () => {
    const service = fakeService()
    service.emit(2)
    let polls = 0
    const query = async (parameters: FakeRead) => {
      polls++
      const page = await service.query(parameters)
      return { ...page, hasMore: true, cursor: parameters.cursor ?? null }
    }
    const attempts: number[] = []
    const watcher = eventsOverFake(query).watch({
      filter: { All: [] },
      intervalMs: 60_000,
      backoff: { baseDelayMs: 1, maxDelayMs: 2 },
      maxConsecutiveErrors: 3,
      signal: bounded(),
      onError: (_error, { attempt }) => attempts.push(attempt),
    })
    const seen: ChainxEvent[] = []
    await expect(take(watcher, 10, (event) => seen.push(event))).rejects.toBeInstanceOf(CursorNotAdvancingError)
    // The first poll's events arrive once; the empty pages after them claim more forever and are bounded.
    expect(keys(seen)).toEqual(expected(1, 2))
    // Three failed polls in a row (the first delivered its events): two reported and retried, the third thrown.
    expect(attempts).toEqual([1, 2])
    expect(polls).toBe(3)
  })

  it('J2: an error retrying cannot fix ends the iteration; the cursor still tells where to resume', async () => {
    const service = fakeService()
    service.emit(3)
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, pageSize: 2, intervalMs: 5, signal: bounded() })
    const seen: ChainxEvent[] = []
    service.failures.push(
      undefined,
      new JsonRpcError({ rpcCode: -32602, message: 'Invalid params', data: 'x', method: 'chainx_queryEvents' }),
    )
    await expect(take(watcher, 3, (event) => seen.push(event))).rejects.toMatchObject({ rpcCode: -32602 })
    expect(keys(seen)).toEqual(expected(1, 2))
    expect(watcher.cursor).toEqual(idOf(2))
  })

  it('J2: a cursor the service cannot find is retried a few times (lagging node), then thrown', async () => {
    const service = fakeService()
    service.emit(1)
    const unknown = { txDigest: digest(99), eventSeq: '0' }
    const attempts: number[] = []
    const failing = eventsOverFake(service.query).watch({
      filter: { All: [] },
      cursor: unknown,
      backoff: { baseDelayMs: 1, maxDelayMs: 1 },
      signal: bounded(),
      onError: (_error, info) => attempts.push(info.attempt),
    })
    await expect(take(failing, 1)).rejects.toBeInstanceOf(JsonRpcError)
    expect(attempts).toEqual([1, 2, 3])
    expect(service.calls).toHaveLength(4)
    expect(failing.cursor).toEqual(unknown)
  })

  it('J2: a node that catches up within the retries lets the watch continue from the cursor', async () => {
    const service = fakeService()
    service.emit(1)
    const lagging = () =>
      new JsonRpcError({
        rpcCode: -32602,
        message: `Could not find the referenced transaction [TransactionDigest(${digest(1)})].`,
        method: 'chainx_queryEvents',
      })
    service.failures.push(lagging(), lagging())
    service.emit(1)
    const watcher = eventsOverFake(service.query).watch({
      filter: { All: [] },
      cursor: idOf(1),
      backoff: { baseDelayMs: 1, maxDelayMs: 1 },
      intervalMs: 5,
      signal: bounded(),
    })
    expect(keys(await take(watcher, 1))).toEqual(expected(2, 2))
  })

  it('M3: the signal ends the watch cleanly while it waits', async () => {
    const service = fakeService()
    service.emit(1)
    const controller = new AbortController()
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, intervalMs: 60_000, signal: controller.signal })
    const seen: ChainxEvent[] = []
    const done = (async () => {
      for await (const event of watcher) {
        seen.push(event)
        setTimeout(() => controller.abort(), 10)
      }
    })()
    await expect(done).resolves.toBeUndefined()
    expect(keys(seen)).toEqual(expected(1, 1))
  })

  it('M3: an abort while the loop body runs ends the watch before the rest of the page', async () => {
    const service = fakeService()
    service.emit(4)
    const controller = new AbortController()
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, intervalMs: 5, signal: controller.signal })
    const seen: ChainxEvent[] = []
    for await (const event of watcher) {
      seen.push(event)
      if (seen.length === 2) controller.abort()
      if (seen.length > 4) break
    }
    expect(keys(seen)).toEqual(expected(1, 2))
    expect(service.calls).toHaveLength(1)
  })

  it('M3: break stops polling', async () => {
    vi.useFakeTimers()
    try {
      const service = fakeService()
      service.emit(3)
      const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, intervalMs: 5, signal: bounded() })
      await take(watcher, 1)
      const calls = service.calls.length
      // A minute of fake time: a loop still running would have polled 12,000 times.
      await vi.advanceTimersByTimeAsync(60_000)
      expect(service.calls.length).toBe(calls)
      expect(watcher.cursor).toEqual(idOf(1))
    } finally {
      vi.useRealTimers()
    }
  })

  it('M3: two loops over one watcher at once are refused', async () => {
    const service = fakeService()
    const watcher = eventsOverFake(service.query).watch({ filter: { All: [] }, intervalMs: 5, signal: bounded() })
    const first = watcher[Symbol.asyncIterator]()
    const pending = first.next()
    const second = watcher[Symbol.asyncIterator]()
    await expect(second.next()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    setTimeout(() => service.emit(1), 10)
    await expect(pending).resolves.toMatchObject({ done: false })
    await first.return?.()
  })

  it('J16: an invalid filter or option fails at once, before polling', () => {
    const service = fakeService()
    expect(() => eventsOverFake(service.query).watch({ filter: { Or: [] } as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_FILTER' }),
    )
    expect(() => eventsOverFake(service.query).watch({ filter: { All: [] }, pageSize: 0 })).toThrow(ChainxError)
    expect(() => eventsOverFake(service.query).watch({ filter: { All: [] }, intervalMs: -1 })).toThrow(ChainxError)
    expect(service.calls).toHaveLength(0)
  })

  it('J15: TimeRange: startTime moves to the last event, so the service scan repeats nothing', async () => {
    const service = fakeService({ timeRangeScanFromStartTime: true })
    // Three events share each timestamp: 2000, 2000, 2000, 5000, 5000, 5000, ...
    const at = (n: number) => Math.ceil(n / 3) * 3000 - 1000
    service.emit(7, at)
    const watcher = eventsOverFake(service.query).watch({
      filter: { TimeRange: { startTime: 0, endTime: 100_000 } },
      pageSize: 2,
      intervalMs: 5,
      signal: bounded(),
    })
    expect(keys(await take(watcher, 7))).toEqual(expected(1, 7))
    const starts = service.calls.map((call) => (call.filter as { TimeRange: { startTime: string } }).TimeRange.startTime)
    expect(starts.slice(0, 4)).toEqual(['0', '2000', '5000', '5000'])
    setTimeout(() => service.emit(2, at), 20)
    expect(keys(await take(watcher, 2))).toEqual(expected(8, 9))
  })

  it('J15: TimeRange: an event the service sends again is not yielded twice (de-duplicated by id)', async () => {
    const service = fakeService({ repeatCursorEvent: true })
    service.emit(5, () => 4000)
    const watcher = eventsOverFake(service.query).watch({
      filter: { TimeRange: { startTime: 0, endTime: 9000 } },
      pageSize: 2,
      intervalMs: 5,
      signal: bounded(),
    })
    expect(keys(await take(watcher, 5))).toEqual(expected(1, 5))
    // Every page after the first started with the event already yielded.
    expect(service.calls.length).toBeGreaterThanOrEqual(4)
  })

  it('J15: TimeRange resumes from a saved cursor at that event’s timestamp', async () => {
    const service = fakeService({ timeRangeScanFromStartTime: true })
    service.emit(6, (n) => 1000 * n)
    const watcher = eventsOverFake(service.query).watch({
      filter: { TimeRange: { startTime: '0', endTime: '10000' } },
      cursor: idOf(4),
      intervalMs: 5,
      signal: bounded(),
    })
    expect(keys(await take(watcher, 2))).toEqual(expected(5, 6))
    expect(service.calls[0]!.filter).toEqual({ Transaction: digest(4) })
    expect(service.calls[1]!.filter).toEqual({ TimeRange: { startTime: '4000', endTime: '10000' } })
  })
})
