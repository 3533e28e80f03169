// The reliability suite scaled down for `npm test` (the full 100,000-event run is
// `npm run reliability`): the same fault mix, every transient kind, at 5% of responses.
import { beforeAll, describe, expect, it } from 'vitest'
import { walkThroughFaults, type WalkFigures } from './walkThroughFaults.js'

const EVENTS = 5_000

describe('reliability: exact walks through 5% faulty responses of every kind', () => {
  let figures: WalkFigures[] = []

  beforeAll(async () => {
    figures = await walkThroughFaults({
      events: EVENTS,
      seed: 7,
      faultRate: 0.05,
      // Small pages: about 500 requests per walk, so every fault kind comes up.
      pageSize: 10,
      timeoutMs: 1_000,
      slowMs: 1_500,
      retry: { retries: 6, baseDelayMs: 1, maxDelayMs: 10 },
      deadlineMs: 100_000,
    })
  }, 240_000)

  const expectExact = (walk: WalkFigures | undefined, items = EVENTS) => {
    if (!walk) throw new Error('walk missing')
    expect({ errors: walk.errors, delivered: walk.delivered, lost: walk.lost, duplicated: walk.duplicated, exact: walk.exact }).toEqual({
      errors: [],
      delivered: items,
      lost: 0,
      duplicated: 0,
      exact: true,
    })
    for (const [kind, count] of Object.entries(walk.faults)) expect(count, `${kind} faults injected`).toBeGreaterThan(0)
  }

  it('P6, E8: paginate walks 5,000 GraphQL events through 429 (HTML, Retry-After in seconds and as a date), 503, HTML 502, resets (mid-body too), slow and truncated 200 responses: every event once, in order, no error reaches the caller', () => {
    expectExact(figures.find((walk) => walk.walk.startsWith('paginate')))
  })

  for (const direction of ['forward', 'backward']) {
    it(`transactions.iterate walks every transaction ${direction} through the same fault mix, killed half way and resumed from walk.cursor: each digest once, in order, no error reaches the caller`, () => {
      const walk = figures.find((candidate) => candidate.walk.startsWith(`transactions.iterate ${direction}`))
      expect(walk?.expected).toBeGreaterThan(EVENTS / 3)
      expectExact(walk, walk?.expected)
    })
  }

  it('J17, J3, E8: events.iterate walks 5,000 chainx_queryEvents events through the same fault mix: every event once, in order, no error reaches the caller', () => {
    expectExact(figures.find((walk) => walk.walk.startsWith('events.iterate')))
  })
})
