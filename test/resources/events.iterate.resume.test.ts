import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EventsClient } from '../../src/resources/events.js'
import { eventsAt } from '../helpers/resourceClients.js'
import { eventKey } from '../../src/events/eventKey.js'
import type { RunningMockNetwork } from '../../src/testing/index.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'
import { walkUntilKilled } from '../pagination/killWalk.js'

let mock: RunningMockNetwork
let events: EventsClient
const everything = new Map<boolean, string[]>()

useMockNetwork({ events: 300, seed: 13 }, async (started) => {
  mock = started
  events = eventsAt(mock.rpcUrl, { retry: false })
  for (const descending of [false, true]) {
    const all = await events.iterate({ filter: { All: [] }, direction: descending ? 'backward' : 'forward' }).toArray({ maxItems: 10_000 })
    everything.set(descending, all.map(eventKey))
  }
})

describe('events.iterate: resume over real sockets', () => {
  it("J2: a walk killed at a random event and resumed from walk.cursor (or the error's resumeCursor) yields every remaining event exactly once, both orders", async () => {
    const total = everything.get(false)?.length ?? 0
    expect(total).toBe(mock.network.ledger.events.length)
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 2, max: 50 }),
        fc.integer({ min: 0, max: total }),
        fc.constantFrom('break', 'abort'),
        fc.boolean(),
        async (descending, pageSize, killAt, how, prefetch) => {
          const controller = new AbortController()
          const walk = events.iterate({
            filter: { All: [] },
            direction: descending ? 'backward' : 'forward',
            pageSize,
            prefetch,
            signal: controller.signal,
          })
          const { items, cursor } = await walkUntilKilled(walk, { at: killAt, how, controller })
          // The cursor of an event walk is the id of the last event yielded.
          expect(cursor).toEqual(items.at(-1)?.id ?? null)
          const keys = items.map(eventKey)
          const rest = await events
            .iterate({ filter: { All: [] }, direction: descending ? 'backward' : 'forward', pageSize, cursor })
            .toArray({
              maxItems: 10_000,
            })
          expect([...keys, ...rest.map(eventKey)]).toEqual(everything.get(descending))
        },
      ),
      { numRuns: 20 },
    )
  })
})
