import { describe, expect, it } from 'vitest'
import { InvalidFilterError } from '../../../src/errors/index.js'
import { matchSubscriptionFilter } from '../../../src/events/subscribe/matchSubscriptionFilter.js'
import { planBackfill } from '../../../src/events/subscribe/planBackfill.js'
import { subscriptionFilter as f } from '../../../src/events/subscribe/subscriptionFilter.js'
import { validateSubscriptionFilter } from '../../../src/events/subscribe/validateSubscriptionFilter.js'
import type { ChainxEvent, EventSubscriptionFilter } from '../../../src/events/types.js'

const PKG = '0x2'
const PKG_LONG = `0x${'0'.repeat(63)}2`
const DIGEST = '11a72GCQ5hGNpWGh2QhQkkusTEGS6EDqifJqxr7nSYX'

function event(overrides: Partial<ChainxEvent> = {}): ChainxEvent {
  return {
    id: { txDigest: DIGEST, eventSeq: '0' },
    packageId: PKG_LONG,
    transactionModule: 'market',
    sender: `0x${'a'.repeat(64)}`,
    type: `${PKG_LONG}::market::Listed`,
    parsedJson: { price: '100', item: { id: 'x', tags: ['a', 'b'] }, 'a/b': 1 },
    bcs: 'AA==',
    timestampMs: '1000',
    ...overrides,
  }
}

function rejection(filter: unknown): InvalidFilterError {
  try {
    validateSubscriptionFilter(filter as EventSubscriptionFilter)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidFilterError)
    return error as InvalidFilterError
  }
  throw new Error(`accepted ${JSON.stringify(filter)}`)
}

describe('subscription filters: checks before sending (INVALID_FILTER with a path)', () => {
  it.each([
    ['S3', f.package(PKG)],
    ['S4', f.moveModule(PKG, 'market')],
    ['S5', f.moveEventType(`${PKG}::coin::Coin<${PKG}::sui::SUI>`)],
    ['S6', f.moveEventModule(PKG, 'market', 'Listed')],
    ['S7', f.moveEventField('/item/tags/0', 'a')],
    ['S8', f.senderAddress('0xa')],
    ['S9', f.sender('0xa')],
    ['S10', f.transaction(DIGEST)],
    ['S11', f.timeRange('0', '1000')],
    ['S12', f.all()],
    ['S13', f.and(f.any(f.sender('0xa'), f.package(PKG)), f.or(f.all(f.transaction(DIGEST)), f.moveEventField('/price', { n: [1] })))],
  ])('%s: a well-formed filter is accepted as is', (_rule, filter) => {
    expect(validateSubscriptionFilter(filter)).toEqual(filter)
  })

  it.each([
    ['S3', { Package: 'not-hex' }, 'Package'],
    ['S4', { MoveModule: { package: PKG } }, 'MoveModule.module'],
    ['S4', { MoveModule: { package: PKG, module: '9bad' } }, 'MoveModule.module'],
    ['S4', { MoveModule: { package: PKG, module: 'm', extra: 1 } }, 'MoveModule.extra'],
    ['S5', { MoveEventType: '0x2::market' }, 'MoveEventType'],
    ['S5', { MoveEventType: 'u64' }, 'MoveEventType'],
    ['S6', { MoveEventModule: { package: PKG, module: 'market' } }, 'MoveEventModule.event'],
    ['S7', { MoveEventField: { path: 'price', value: '1' } }, 'MoveEventField.path'],
    ['S7', { MoveEventField: { path: '/price' } }, 'MoveEventField.value'],
    ['S7', { MoveEventField: { path: '/price', value: Number.NaN } }, 'MoveEventField.value'],
    ['S8', { SenderAddress: 42 }, 'SenderAddress'],
    ['S9', { Sender: 'alice' }, 'Sender'],
    ['S10', { Transaction: '0xabc' }, 'Transaction'],
    ['S11', { TimeRange: { start_time: '5', end_time: '4' } }, 'TimeRange'],
    ['S11', { TimeRange: { start_time: '-1', end_time: '4' } }, 'TimeRange.start_time'],
    ['S11', { TimeRange: { startTime: '1', endTime: '4' } }, 'TimeRange.startTime'],
    ['S12', { All: {} }, 'All'],
    ['S13', { And: [{ Sender: '0xa' }] }, 'And'],
    ['S13', { Or: [{ Sender: '0xa' }, { Sender: '0xb' }, { Sender: '0xc' }] }, 'Or'],
    ['S13', { Any: [{ Sender: '0xa' }, { All: [{ Package: PKG }, { Sender: 'bob' }] }] }, 'Any[1].All[1].Sender'],
    ['S13', { Sender: '0xa', Package: PKG }, ''],
    ['S13', {}, ''],
  ])('%s: %j is rejected at path %j', (_rule, filter, path) => {
    const error = rejection(filter)
    expect(error.code).toBe('INVALID_FILTER')
    expect(error.path).toBe(path)
  })

  it('S13: query-only keys are rejected with a hint, unknown keys list the subscription keys', () => {
    expect(rejection({ MoveEvent: 'Listed' }).message).toContain('query filter (spec 6.3)')
    expect(rejection({ Not: { Sender: '0xa' } }).message).toContain('Package, MoveModule')
  })

  it('S13: filters nested deeper than 16 levels are rejected', () => {
    let filter: EventSubscriptionFilter = f.sender('0xa')
    for (let depth = 0; depth < 17; depth++) filter = f.all(filter)
    expect(rejection(filter).message).toContain('deeper than 16')
  })

  it('S11: TimeRange bounds given as numbers or dates are sent as strings of milliseconds', () => {
    expect(f.timeRange(new Date(1_000), 2_000n)).toEqual({ TimeRange: { start_time: '1000', end_time: '2000' } })
    expect(validateSubscriptionFilter({ TimeRange: { start_time: 1 as never, end_time: 2 as never } })).toEqual({
      TimeRange: { start_time: '1', end_time: '2' },
    })
  })
})

describe('subscription filters: the query each one is backfilled with', () => {
  it.each([
    ['S5', f.moveEventType(`${PKG}::m::E`), { MoveEventType: `${PKG}::m::E` }, true],
    ['S4', f.moveModule(PKG, 'm'), { MoveModule: { package: PKG, module: 'm' } }, true],
    ['S9', f.sender('0xa'), { Sender: '0xa' }, true],
    ['S8', f.senderAddress('0xa'), { Sender: '0xa' }, true],
    ['S10', f.transaction(DIGEST), { Transaction: DIGEST }, true],
    ['S12', f.all(), { All: [] }, true],
    ['S6', f.moveEventModule(PKG, 'm', 'E'), { MoveEventModule: { package: PKG, module: 'm' } }, false],
    ['S3', f.package(PKG), { All: [] }, false],
    ['S7', f.moveEventField('/a', 1), { All: [] }, false],
    ['S11', f.timeRange(0, 1), { All: [] }, false],
    ['S13', f.all(f.sender('0xa')), { Sender: '0xa' }, true],
    ['S13', f.all(f.package(PKG), f.sender('0xa'), f.moveModule(PKG, 'm')), { MoveModule: { package: PKG, module: 'm' } }, false],
    ['S13', f.and(f.transaction(DIGEST), f.moveEventType(`${PKG}::m::E`)), { Transaction: DIGEST }, false],
    ['S13', f.any(f.sender('0xa'), f.sender('0xb')), { All: [] }, false],
    ['S13', f.or(f.sender('0xa'), f.package(PKG)), { All: [] }, false],
  ])('%s: %j is fetched with %j (exact: %s)', (_rule, filter, query, exact) => {
    expect(planBackfill(filter)).toEqual({ query, exact })
  })
})

describe('subscription filters: client-side matching (used on backfilled pages)', () => {
  it('S3, S4: Package and MoveModule compare addresses in canonical form', () => {
    expect(matchSubscriptionFilter(f.package(PKG), event())).toBe(true)
    expect(matchSubscriptionFilter(f.package('0x3'), event())).toBe(false)
    expect(matchSubscriptionFilter(f.moveModule(PKG, 'market'), event())).toBe(true)
    expect(matchSubscriptionFilter(f.moveModule(PKG, 'auction'), event())).toBe(false)
  })

  it('S5: MoveEventType is exact, type arguments included, spelling of addresses and spaces aside', () => {
    const generic = event({ type: `${PKG_LONG}::market::PriceUpdated<${PKG_LONG}::sui::SUI>` })
    expect(matchSubscriptionFilter(f.moveEventType(`${PKG}::market::PriceUpdated< ${PKG}::sui::SUI >`), generic)).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventType(`${PKG}::market::PriceUpdated`), generic)).toBe(false)
    expect(matchSubscriptionFilter(f.moveEventType(`${PKG}::market::PriceUpdated<${PKG}::usdc::USDC>`), generic)).toBe(false)
  })

  it('S6: MoveEventModule matches the defining module and struct name of every instantiation', () => {
    const generic = event({ type: `${PKG_LONG}::market::PriceUpdated<${PKG_LONG}::sui::SUI>`, transactionModule: 'other' })
    expect(matchSubscriptionFilter(f.moveEventModule(PKG, 'market', 'PriceUpdated'), generic)).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventModule(PKG, 'market', 'Listed'), generic)).toBe(false)
    expect(matchSubscriptionFilter(f.moveEventModule(PKG, 'other', 'PriceUpdated'), generic)).toBe(false)
  })

  it('S7: MoveEventField reads a JSON Pointer into parsedJson and compares JSON values deeply', () => {
    expect(matchSubscriptionFilter(f.moveEventField('/price', '100'), event())).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventField('/price', 100), event())).toBe(false)
    expect(matchSubscriptionFilter(f.moveEventField('/item/tags/1', 'b'), event())).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventField('/item', { tags: ['a', 'b'], id: 'x' }), event())).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventField('/item', { id: 'x' }), event())).toBe(false)
    expect(matchSubscriptionFilter(f.moveEventField('/a~1b', 1), event())).toBe(true)
    expect(matchSubscriptionFilter(f.moveEventField('/missing', null), event())).toBe(false)
  })

  it('S8, S9, S10: SenderAddress, Sender and Transaction', () => {
    expect(matchSubscriptionFilter(f.senderAddress(`0x${'A'.repeat(64)}`), event())).toBe(true)
    expect(matchSubscriptionFilter(f.sender('0xb'), event())).toBe(false)
    expect(matchSubscriptionFilter(f.transaction(DIGEST), event())).toBe(true)
    expect(matchSubscriptionFilter(f.transaction('other'), event())).toBe(false)
  })

  it('S11: TimeRange is start_time <= timestampMs < end_time; an event without a timestamp never matches', () => {
    expect(matchSubscriptionFilter(f.timeRange(1_000, 1_001), event())).toBe(true)
    expect(matchSubscriptionFilter(f.timeRange(999, 1_000), event())).toBe(false)
    expect(matchSubscriptionFilter(f.timeRange(0, 2_000), event({ timestampMs: undefined }))).toBe(false)
  })

  it('S12, S13: All([]) matches everything, Any([]) nothing; All/And need every part, Any/Or one', () => {
    expect(matchSubscriptionFilter(f.all(), event())).toBe(true)
    expect(matchSubscriptionFilter(f.any(), event())).toBe(false)
    expect(matchSubscriptionFilter(f.all(f.package(PKG), f.sender('0xb')), event())).toBe(false)
    expect(matchSubscriptionFilter(f.and(f.package(PKG), f.moveModule(PKG, 'market')), event())).toBe(true)
    expect(matchSubscriptionFilter(f.any(f.sender('0xb'), f.package(PKG)), event())).toBe(true)
    expect(matchSubscriptionFilter(f.or(f.sender('0xb'), f.package('0x3')), event())).toBe(false)
  })
})
