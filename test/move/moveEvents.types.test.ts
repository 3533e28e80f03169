import { describe, expectTypeOf, it } from 'vitest'
import { ChainxClient, type ChainxEvent, type EventPage } from 'chainx-sdk'
import { moveTypes, type DecodedMoveEvent, type MoveStruct } from 'chainx-sdk/move'
import { market, registry, type MarketListed, type MarketPriceUpdated, type MarketSold } from '../../examples/move/events.js'
import { types, type TypesDeep, type TypesWrapped } from '../codegen/fixtures/kitchen.generated.js'

// Type-level tests: `npm run typecheck` (tsc over test/) fails when an expectation does not hold;
// the functions below are never called, so nothing is sent.
const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:1', rpcUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1' })
const filter = { MoveEventType: market.Listed.type }

describe('generated definitions type every event API', () => {
  it('events.query with parse: market.Listed gives exactly the generated parsedJson type', () => {
    const query = () => client.events.query({ filter, parse: market.Listed })
    expectTypeOf<Awaited<ReturnType<typeof query>>>().toEqualTypeOf<EventPage<MarketListed>>()
    expectTypeOf<MarketListed>().toEqualTypeOf<{ item_id: string; price: string; seller: string }>()
    const wrongField = async () => {
      const page = await query()
      // @ts-expect-error Listed has no buyer
      return page.items[0]?.parsedJson.buyer
    }
    expectTypeOf(wrongField).toBeFunction()
  })

  it('iterate, watch and subscribe take the same definitions', () => {
    const iterate = () => client.events.iterate({ filter, parse: market.PriceUpdated })
    expectTypeOf(iterate).returns.toExtend<AsyncIterable<ChainxEvent<MarketPriceUpdated>>>()
    const watch = () => client.events.watch({ filter, parse: market.Listed })
    expectTypeOf(watch).returns.toExtend<AsyncIterable<ChainxEvent<MarketListed>>>()
    const subscribe = () =>
      client.events.subscribe({
        filter: { MoveEventType: market.Listed.type },
        parse: market.Listed,
        onEvent: (event) => {
          expectTypeOf(event.parsedJson).toEqualTypeOf<MarketListed>()
          // @ts-expect-error price is a string (a u64), not a number
          const price: number = event.parsedJson.price
          return void price
        },
      })
    expectTypeOf(subscribe).toBeFunction()
  })

  it('registry.decode gives a union discriminated by name', () => {
    const decode = (event: ChainxEvent) => {
      const decoded = registry.decode(event)
      if (decoded.name === 'market::Sold') {
        expectTypeOf(decoded.parsedJson).toEqualTypeOf<{ item_id: string; price: string; buyer: string }>()
        // @ts-expect-error Sold has no seller
        return decoded.parsedJson.seller
      }
      expectTypeOf(decoded.name).toEqualTypeOf<'market::Listed' | 'market::PriceUpdated'>()
      return decoded.parsedJson.item_id
    }
    expectTypeOf(decode).toBeFunction()
  })

  it('parse: registry types a watch (and iterate, query) over a whole module as the registry union, discriminated by name', () => {
    const module = { MoveEventModule: { package: market.Listed.package, module: 'market' } }
    /** What a handler of any of the module's events can rely on. */
    const handle = (decoded: DecodedMoveEvent<typeof registry.modules>) => {
      if (decoded.name === 'market::Sold') {
        expectTypeOf(decoded.parsedJson).toEqualTypeOf<MarketSold>()
        // @ts-expect-error Sold has no seller
        return decoded.parsedJson.seller
      }
      expectTypeOf(decoded.name).toEqualTypeOf<'market::Listed' | 'market::PriceUpdated'>()
      return decoded.parsedJson.item_id
    }
    const watch = async () => {
      for await (const event of client.events.watch({ filter: module, parse: registry })) handle(event.parsedJson)
    }
    const iterate = async () => {
      for await (const event of client.events.iterate({ filter: module, parse: registry })) handle(event.parsedJson)
    }
    const query = async () =>
      (await client.events.query({ filter: module, parse: registry })).items.map((event) => handle(event.parsedJson))
    // @ts-expect-error without the registry, parsedJson is untyped JSON with no name to discriminate
    const untyped = async () => (await client.events.query({ filter: module })).items.map((event) => handle(event.parsedJson))
    for (const fn of [watch, iterate, query, untyped]) expectTypeOf(fn).toBeFunction()
  })

  it('generic definitions: of(...) binds the JSON type of non-phantom parameters', () => {
    expectTypeOf(types.Wrapped.of(moveTypes.u8)).toEqualTypeOf<MoveStruct<TypesWrapped<number>>>()
    const optional = types.Wrapped.of(moveTypes.option(moveTypes.u64))
    expectTypeOf(optional.parse).returns.toEqualTypeOf<TypesWrapped<string | null>>()
    expectTypeOf<ReturnType<typeof types.Wrapped.parse>['inner']>().toBeUnknown()
    expectTypeOf<ReturnType<typeof types.Deep.parse>['wrapped']['inner']>().toEqualTypeOf<{ pos0: string; pos1: string }>()
    expectTypeOf<TypesDeep['tagged']['value']>().toEqualTypeOf<number>()
    expectTypeOf(market.PriceUpdated.of).parameter(0).toEqualTypeOf<string | { readonly type: string }>()
  })
})
