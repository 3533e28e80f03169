import { bcs, toBase58, toBase64 } from '@mysten/bcs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChainxError } from 'chainx-sdk'
import { genericMoveStruct, MoveEventError, moveRegistry, moveStruct, moveTypes, type MoveType } from 'chainx-sdk/move'
import { createMockNetwork } from 'chainx-sdk/testing'
import { market, PACKAGE_ADDRESS, registry } from '../../examples/move/events.js'

const ZERO = `0x${'0'.repeat(64)}`
const ITEM = `0x${'1'.repeat(64)}`

describe('moveTypes: the JSON rules of spec 6.2', () => {
  it('J5: u8/u16/u32 are numbers in range; u64/u128/u256 decimal strings in range', () => {
    expect(moveTypes.u8.json.safeParse(255).success).toBe(true)
    expect(moveTypes.u8.json.safeParse(256).success).toBe(false)
    expect(moveTypes.u32.json.safeParse(1.5).success).toBe(false)
    expect(moveTypes.u16.json.safeParse('1').success).toBe(false)
    expect(moveTypes.u64.json.safeParse('18446744073709551615').success).toBe(true)
    expect(moveTypes.u64.json.safeParse('18446744073709551616').success).toBe(false)
    expect(moveTypes.u64.json.safeParse(5).success).toBe(false)
    expect(moveTypes.u128.json.safeParse('007').success).toBe(false)
    expect(moveTypes.u256.json.safeParse((2n ** 256n - 1n).toString()).success).toBe(true)
    expect(moveTypes.u256.json.safeParse((2n ** 256n).toString()).success).toBe(false)
    expect(moveTypes.u256.json.safeParse('9'.repeat(400)).success).toBe(false)
  })

  it('addresses and IDs are 0x strings of 64 lower-case hex digits; short or upper-case input encodes to the same bytes', () => {
    expect(moveTypes.address.json.safeParse(ITEM).success).toBe(true)
    expect(moveTypes.ID.json.safeParse('0x2').success).toBe(false)
    expect(moveTypes.ID.json.safeParse(`0x${'AB'.repeat(32)}`).success).toBe(false)
    expect(moveTypes.address.bcs.parse(moveTypes.address.bcs.serialize('0xAB').toBytes())).toBe(`0x${'0'.repeat(62)}ab`)
    expect(() => moveTypes.address.bcs.serialize('alice')).toThrow(/Invalid address/)
  })

  it('UID is { id }, TypeName { name }, Balance its value, Option the value or null, vector<u8> an array of numbers', () => {
    expect(moveTypes.UID.bcs.parse(moveTypes.UID.bcs.serialize({ id: '0x5' }).toBytes())).toEqual({ id: `0x${'0'.repeat(63)}5` })
    expect(moveTypes.UID.json.safeParse(ITEM).success).toBe(false)
    expect(
      moveTypes.typeName.json.parse({ name: '0000000000000000000000000000000000000000000000000000000000000002::sui::SUI' }),
    ).toHaveProperty('name')
    const balance = moveTypes.balance('0x2::sui::SUI')
    expect(balance.type).toBe(`0x${'0'.repeat(63)}2::balance::Balance<0x2::sui::SUI>`)
    expect(balance.bcs.parse(balance.bcs.serialize(5n).toBytes())).toBe('5')
    const maybe = moveTypes.option(moveTypes.vector(moveTypes.u8))
    expect(maybe.bcs.parse(maybe.bcs.serialize(null).toBytes())).toBeNull()
    expect(maybe.bcs.parse(maybe.bcs.serialize([1, 2]).toBytes())).toEqual([1, 2])
    expect(maybe.type).toBe(`0x${'0'.repeat(63)}1::option::Option<vector<u8>>`)
  })
})

describe('moveStruct definitions', () => {
  it('M1: names its type, checks parsedJson strictly and decodes BCS to the same JSON', () => {
    expect(market.Listed.type).toBe(`${PACKAGE_ADDRESS}::market::Listed`)
    const json = { item_id: ITEM, price: '100', seller: ZERO }
    const bytes = market.Listed.bcs.serialize({ item_id: ITEM, price: 100n, seller: '0x0' }).toBytes()
    expect(market.Listed.decode(toBase64(bytes))).toEqual(json)
    expect(market.Listed.decode(toBase58(bytes), 'base58')).toEqual(json)
    expect(market.Listed.decode(bytes)).toEqual(json)
    expect(market.Listed.parse(json)).toEqual(json)
    expect(() => market.Listed.parse({ ...json, extra: 1 })).toThrow()
    expect(() => market.Listed.parse({ ...json, price: 100 })).toThrow()
  })

  it('rejects bytes that are short, or longer than one value, with MoveEventError (INVALID_RESPONSE)', () => {
    const bytes = market.Listed.bcs.serialize({ item_id: ITEM, price: 1n, seller: ITEM }).toBytes()
    for (const bad of [bytes.slice(0, 40), new Uint8Array([...bytes, 0]), '%%%']) {
      const error = (() => {
        try {
          market.Listed.decode(bad)
        } catch (caught) {
          return caught
        }
      })()
      expect(error).toBeInstanceOf(MoveEventError)
      expect(error).toBeInstanceOf(ChainxError)
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE', eventType: market.Listed.type })
    }
  })

  it('generic definitions: typeName builds full names; open ones match any instantiation, bound ones only theirs', () => {
    expect(market.PriceUpdated.open).toBe(true)
    expect(market.PriceUpdated.typeName('0x2::sui::SUI')).toBe(`${PACKAGE_ADDRESS}::market::PriceUpdated<0x${'0'.repeat(63)}2::sui::SUI>`)
    expect(market.PriceUpdated.typeName('0x2::coin::Coin<0x2::sui::SUI>')).toBe(
      `${market.PriceUpdated.baseType}<0x${'0'.repeat(63)}2::coin::Coin<0x${'0'.repeat(63)}2::sui::SUI>>`,
    )
    const sui = market.PriceUpdated.of('0x2::sui::SUI')
    expect(sui.open).toBe(false)
    expect(
      sui.matches(`${PACKAGE_ADDRESS}::market::PriceUpdated<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>`),
    ).toBe(true)
    expect(sui.matches(`${PACKAGE_ADDRESS}::market::PriceUpdated<0x3::usd::USD>`)).toBe(false)
    expect(market.PriceUpdated.matches(`${PACKAGE_ADDRESS}::market::PriceUpdated<0x3::usd::USD>`)).toBe(true)
    expect(market.PriceUpdated.matches(`${PACKAGE_ADDRESS}::market::Listed`)).toBe(false)
    expect(market.PriceUpdated.matches('not a type')).toBe(false)
  })

  it('an unbound non-phantom type parameter has no layout: decoding says to bind it with of()', () => {
    const Box = genericMoveStruct(
      <T>(T: MoveType<T>) =>
        moveStruct<{ value: T }>({ package: '0x9', module: 'box', name: 'Box', typeArguments: [T], fields: { value: T } }),
      ['T'],
    )
    expect(Box.parse({ value: { anything: true } })).toEqual({ value: { anything: true } })
    expect(() => Box.decode(new Uint8Array([1]))).toThrow(MoveEventError)
    expect(Box.of(moveTypes.u8).decode(new Uint8Array([7]))).toEqual({ value: 7 })
    expect(() =>
      moveStruct({ package: '0x9', module: 'box', name: 'Bad', fields: { value: 'u8' as unknown as MoveType<number> } }),
    ).toThrow(/needs a type with a layout/)
  })
})

describe('moveRegistry.decode', () => {
  const listedJson = { item_id: ITEM, price: '5', seller: ITEM }
  const listedBcs = market.Listed.bcs.serialize({ item_id: ITEM, price: 5n, seller: ITEM }).toBase64()

  it('decodes JSON-RPC events and GraphQL nodes alike, verifying JSON against BCS when asked', () => {
    const rpc = { type: market.Listed.type, parsedJson: listedJson, bcs: listedBcs }
    const node = { type: { repr: market.Listed.type }, json: listedJson, bcs: listedBcs }
    expect(registry.decode(rpc, { verify: true })).toMatchObject({
      name: 'market::Listed',
      module: 'market',
      struct: 'Listed',
      parsedJson: listedJson,
      event: rpc,
    })
    expect(registry.decode(node, { verify: true })).toMatchObject({
      name: 'market::Listed',
      type: market.Listed.type,
      parsedJson: listedJson,
    })
    expect(
      registry.decode({ ...rpc, bcs: toBase58(market.Listed.bcs.serialize(listedJson).toBytes()), bcsEncoding: 'base58' }, { verify: true })
        .parsedJson,
    ).toEqual(listedJson)
    const short = `0x${PACKAGE_ADDRESS.slice(2).replace(/^0+/, '')}::market::PriceUpdated<0x2::sui::SUI>`
    expect(registry.decode({ type: short, parsedJson: { item_id: ITEM, old_price: '1', new_price: '2' }, bcs: '' }).name).toBe(
      'market::PriceUpdated',
    )
  })

  it('throws MoveEventError for an unknown type, JSON that does not fit, and JSON the BCS does not back', () => {
    const cases: [unknown, RegExp][] = [
      [{ type: '0x2::other::Thing', parsedJson: {}, bcs: '' }, /no generated definition/],
      [{ type: 'garbage', parsedJson: {}, bcs: '' }, /no generated definition/],
      [{ type: market.Listed.type, parsedJson: { ...listedJson, price: 5 }, bcs: listedBcs }, /does not fit/],
      [{ type: market.Listed.type, parsedJson: { ...listedJson, seller: ZERO }, bcs: listedBcs }, /disagree at \/seller/],
      [{ type: market.Listed.type, parsedJson: listedJson, bcs: 'AAAA' }, /does not decode/],
    ]
    for (const [event, message] of cases) {
      expect(() => registry.decode(event as never, { verify: true })).toThrow(message)
      expect(() => registry.decode(event as never, { verify: true })).toThrow(MoveEventError)
    }
  })

  it('any input at all: a decoded event or a MoveEventError, never another error', () => {
    const listed = { type: market.Listed.type, parsedJson: listedJson, bcs: listedBcs }
    const anything = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.oneof(fc.string(), fc.constant(market.Listed.type), fc.anything()),
        parsedJson: fc.anything(),
        bcs: fc.oneof(fc.string(), fc.base64String(), fc.anything()),
      }),
      fc.record({
        type: fc.record({ repr: fc.oneof(fc.constant(market.Sold.type), fc.anything()) }),
        json: fc.anything(),
        bcs: fc.base64String(),
      }),
      fc
        .dictionary(fc.constantFrom('item_id', 'price', 'seller', '__proto__', 'extra'), fc.anything())
        .map((parsedJson) => ({ ...listed, parsedJson })),
    )
    fc.assert(
      fc.property(anything, fc.boolean(), (event, verify) => {
        try {
          expect(registry.decode(event as never, { verify }).name).toMatch(/^market::/)
        } catch (error) {
          expect(error).toBeInstanceOf(MoveEventError)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('get() finds definitions by any spelling of the type, bound to known type arguments', () => {
    const inner = moveStruct<{ n: number }>({ package: '0x9', module: 'm', name: 'Inner', fields: { n: moveTypes.u8 } })
    const Outer = genericMoveStruct(
      <T>(T: MoveType<T>) =>
        moveStruct<{ value: T }>({ package: '0x9', module: 'm', name: 'Outer', typeArguments: [T], fields: { value: T } }),
      ['T'],
    )
    const own = moveRegistry({ m: { Inner: inner, Outer } })
    expect(own.get('0x9::m::Inner')).toBe(inner)
    const bound = own.get('0x09::m::Outer<vector<0x9::m::Inner>>')!
    expect(bound.open).toBe(false)
    expect(bound.decode(new Uint8Array([2, 3, 4]))).toEqual({ value: [{ n: 3 }, { n: 4 }] })
    expect(own.get('0x9::m::Outer<0x1::string::String>')!.decode(bcs.string().serialize('hi').toBytes())).toEqual({ value: 'hi' })
    expect(own.get('0x9::m::Outer<0x2::coin::Coin>')!.open).toBe(true)
    expect(own.get('0x9::m::Missing')).toBeUndefined()
  })
})

describe('the mock network publishes generated definitions', () => {
  it('M1: at the package they name, and refuses a module they do not belong to', () => {
    const network = createMockNetwork({ events: 0 })
    const published = network.publish({ module: 'market', events: market })
    expect(published.package).toBe(PACKAGE_ADDRESS)
    expect(published.eventTypes.Listed).toBe(market.Listed.type)
    expect(() => network.publish({ module: 'other', events: market })).toThrow(/Definition of module market published as module other/)
    const tx = network.execute({
      sender: ITEM,
      module: 'market',
      emit: [{ struct: 'PriceUpdated', typeArguments: ['0x2::sui::SUI'], fields: { item_id: ITEM, old_price: 1n, new_price: 2n } }],
    })
    const [event] = network.ledger.events.filter((candidate) => candidate.id.txDigest === tx.digest)
    expect(registry.decode(event!, { verify: true })).toMatchObject({
      name: 'market::PriceUpdated',
      parsedJson: { item_id: ITEM, old_price: '1', new_price: '2' },
    })
  })
})
