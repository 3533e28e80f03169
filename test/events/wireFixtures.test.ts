import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { market, PACKAGE_ADDRESS, registry, type MarketListed } from '../../examples/move/events.js'
import { ChainxClient } from '../../src/client.js'
import { EventContentError } from '../../src/errors/EventContentError.js'
import type { EventQueryFilter } from '../../src/events/types.js'
import { EVENT_FIXTURES, fixtureEvent } from '../helpers/wireFixtures.js'
import { pageOf, startFixtureRpcServer, type FixtureRpcServer } from '../helpers/fixtureRpcServer.js'

// The event fixtures (test/helpers/wireFixtures.ts: the real examples' and the Event schema's
// shapes, rewritten) served by a tiny JSON-RPC server on 127.0.0.1, read through
// client.events `query` and `iterate`; `parse` types them or fails with a typed error.

let served: Record<string, unknown>[] = []
let server: FixtureRpcServer

beforeAll(async () => {
  server = await startFixtureRpcServer((method, params) =>
    method === 'chainx_queryEvents' ? pageOf(served, (event) => event.id, params[1], params[2]) : undefined,
  )
})
afterAll(() => server.close())

const client = () => new ChainxClient({ rpcUrl: server.rpcUrl, retry: { retries: 0 } })
const filter: EventQueryFilter = { All: [] }

describe('the event fixtures decode through events.query and iterate', () => {
  for (const [name, fixture] of Object.entries(EVENT_FIXTURES)) {
    it(`${name}: ${fixture.source}`, async () => {
      served = structuredClone(fixture.events)
      const page = await client().events.query({ filter, pageSize: 50 })
      expectTypeOf(page.items[0]!.parsedJson).toBeUnknown()
      expect(page.items.map((event) => event.parsedJson)).toEqual(fixture.events.map((event) => event.parsedJson))
      const walked = await client().events.iterate({ filter, pageSize: 2 }).toArray({ maxItems: Infinity })
      expect(walked).toEqual(page.items)
      // A null timestamp reads as none.
      for (const event of page.items) expect(event.timestampMs === undefined || /^\d+$/.test(event.timestampMs)).toBe(true)
    })
  }
})

describe('parse: a generated Move struct or registry types parsedJson, and a mismatch is a typed error', () => {
  const listedType = `${PACKAGE_ADDRESS}::market::Listed`
  const listed = { item_id: `0x${'e2'.repeat(32)}`, price: '1250', seller: `0x${'3f'.repeat(32)}` }

  it('a Move struct types parsedJson precisely, through query and iterate', async () => {
    served = [fixtureEvent(80, '0', listed, listedType), fixtureEvent(81, '0', { ...listed, price: '990' }, listedType)]
    const page = await client().events.query({ filter, parse: market.Listed, pageSize: 50 })
    expectTypeOf(page.items[0]!.parsedJson).toEqualTypeOf<MarketListed>()
    expect(page.items.map((event) => event.parsedJson.price)).toEqual(['1250', '990'])
    const walked = await client().events.iterate({ filter, parse: market.Listed, pageSize: 1 }).toArray({ maxItems: Infinity })
    expect(walked.map((event) => event.parsedJson.price)).toEqual(['1250', '990'])
  })

  it('a registry types each event by its name', async () => {
    served = [fixtureEvent(82, '0', listed, listedType)]
    const [event] = (await client().events.query({ filter, parse: registry })).items
    if (event?.parsedJson.name !== 'market::Listed') throw new Error('expected a market::Listed')
    expectTypeOf(event.parsedJson.parsedJson).toEqualTypeOf<MarketListed>()
    expect(event.parsedJson.parsedJson.seller).toBe(listed.seller)
  })

  it("parsedJson that does not fit (the queryEvents example's string) is an EventContentError naming the event", async () => {
    served = structuredClone(EVENT_FIXTURES.queryEvents!.events)
    const failure = client().events.query({ filter, parse: market.Listed })
    await expect(failure).rejects.toBeInstanceOf(EventContentError)
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_RESPONSE', eventId: served[0]!.id })
  })
})
