import { describe, expect, it } from 'vitest'
import { ChainxClient, EventContentError, type ChainxEvent } from 'chainx-sdk'
import { MoveEventError, moveRegistry, type DecodedMoveEvent } from 'chainx-sdk/move'
import { market, registry } from '../../examples/move/events.js'
import { BUYER, ITEM, listedAndSold, SELLER, withMarketNetwork } from './marketNetwork.js'

const MODULE = { MoveEventModule: { package: market.Listed.package, module: 'market' } }

describe('parse: the generated registry over a whole module', () => {
  it('M1: watch, iterate and query decode every event of the module by its type into the registry union', () =>
    withMarketNetwork(async (mock, client) => {
      mock.network.execute({ sender: SELLER, module: 'market', emit: listedAndSold(5n) })
      const watched: ChainxEvent<DecodedMoveEvent<typeof registry.modules>>[] = []
      for await (const event of client.events.watch({
        filter: MODULE,
        parse: registry,
        intervalMs: 10,
        signal: AbortSignal.timeout(10_000),
      })) {
        watched.push(event)
        if (watched.length === 2) break
      }
      const summary = watched.map(({ type, parsedJson: decoded }) =>
        decoded.name === 'market::Sold'
          ? { type, name: decoded.name, who: decoded.parsedJson.buyer }
          : { type, name: decoded.name, who: decoded.name === 'market::Listed' ? decoded.parsedJson.seller : '' },
      )
      expect(summary).toEqual([
        { type: market.Listed.type, name: 'market::Listed', who: SELLER },
        { type: market.Sold.type, name: 'market::Sold', who: BUYER },
      ])
      expect(watched.map((event) => event.parsedJson.parsedJson.item_id)).toEqual([ITEM, ITEM])
      const iterated = await client.events.iterate({ filter: MODULE, parse: registry }).toArray({ maxItems: 10 })
      expect(iterated.map((event) => event.parsedJson.name)).toEqual(['market::Listed', 'market::Sold'])
      const page = await client.events.query({ filter: MODULE, parse: registry })
      expect(page.items.map((event) => event.parsedJson.struct)).toEqual(['Listed', 'Sold'])
    }))

  it('M1: an event the registry has no definition for ends the watch with EventContentError naming it, after the events before it', () =>
    withMarketNetwork(async (mock, client) => {
      mock.network.execute({ sender: SELLER, module: 'market', emit: listedAndSold(1n) })
      const onlyListed = moveRegistry({ market: { Listed: market.Listed } })
      const seen: string[] = []
      const watcher = client.events.watch({
        filter: MODULE,
        parse: onlyListed,
        pageSize: 1,
        intervalMs: 10,
        signal: AbortSignal.timeout(10_000),
      })
      const error = await (async () => {
        for await (const event of watcher) seen.push(event.parsedJson.name)
      })().catch((caught: unknown) => caught)
      expect(seen).toEqual(['market::Listed'])
      expect(error).toBeInstanceOf(EventContentError)
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE', eventType: market.Sold.type })
      expect((error as EventContentError).cause).toBeInstanceOf(MoveEventError)
    }))

  it('a parse option that is neither a function, a schema nor a decoder is refused before any request', async () => {
    const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:1', rpcUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1' })
    try {
      await expect(client.events.query({ filter: MODULE, parse: { decoder: registry.decode } as never })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('parse must be') as unknown,
      })
    } finally {
      await client.close()
    }
  })
})
