import { describe, expect, it } from 'vitest'
import { InvalidFilterError } from '../../src/errors/jsonRpc.js'
import type { EventQueryFilter } from '../../src/events/types.js'
import { validateEventQueryFilter } from '../../src/events/validateEventQueryFilter.js'
import { digest, PACKAGE } from './eventFixtures.js'

function rejection(filter: unknown): InvalidFilterError {
  try {
    validateEventQueryFilter(filter as EventQueryFilter)
  } catch (error) {
    if (error instanceof InvalidFilterError) return error
    throw error
  }
  throw new Error(`accepted ${JSON.stringify(filter)}`)
}

describe('validateEventQueryFilter', () => {
  it('J6: All takes [] or null and is sent as []', () => {
    expect(validateEventQueryFilter({ All: [] })).toEqual({ All: [] })
    expect(validateEventQueryFilter({ All: null })).toEqual({ All: [] })
    expect(rejection({ All: {} }).path).toBe('All')
  })

  it('J7: Transaction takes a Base58 digest of 32 bytes', () => {
    expect(validateEventQueryFilter({ Transaction: digest(1) })).toEqual({ Transaction: digest(1) })
    expect(rejection({ Transaction: '0xabc' }).path).toBe('Transaction')
    expect(rejection({ Transaction: `${digest(1)}0OIl` }).path).toBe('Transaction')
    expect(rejection({ Transaction: 'z'.repeat(44) }).message).toMatch(/32 bytes/)
    expect(validateEventQueryFilter({ Transaction: '1'.repeat(32) })).toEqual({ Transaction: '1'.repeat(32) })
  })

  it('J8, J9: MoveModule and MoveEventModule take { package, module }', () => {
    for (const key of ['MoveModule', 'MoveEventModule'] as const) {
      const filter = { [key]: { package: '0x2', module: 'market' } } as EventQueryFilter
      expect(validateEventQueryFilter(filter)).toBe(filter)
      expect(rejection({ [key]: { package: 'market', module: 'market' } }).path).toBe(`${key}.package`)
      expect(rejection({ [key]: { package: '0x2', module: '1market' } }).path).toBe(`${key}.module`)
      expect(rejection({ [key]: { package: '0x2' } }).path).toBe(`${key}.module`)
      expect(rejection({ [key]: { package: '0x2', module: 'm', event: 'E' } }).path).toBe(`${key}.event`)
      expect(rejection({ [key]: '0x2::market' }).path).toBe(key)
    }
  })

  it('J10: MoveEvent takes a struct name or a struct tag with type arguments', () => {
    expect(validateEventQueryFilter({ MoveEvent: 'Listed' })).toEqual({ MoveEvent: 'Listed' })
    expect(validateEventQueryFilter({ MoveEvent: `${PACKAGE}::market::PriceUpdated<0x2::sui::SUI>` })).toEqual({
      MoveEvent: `${PACKAGE}::market::PriceUpdated<0x2::sui::SUI>`,
    })
    expect(rejection({ MoveEvent: '0x2::market' }).path).toBe('MoveEvent')
    expect(rejection({ MoveEvent: '' }).path).toBe('MoveEvent')
    expect(rejection({ MoveEvent: 5 }).path).toBe('MoveEvent')
  })

  it('J11: EventType takes an event kind or a full event type; MoveEventType a struct tag', () => {
    expect(validateEventQueryFilter({ EventType: 'Listed' })).toEqual({ EventType: 'Listed' })
    expect(validateEventQueryFilter({ EventType: '0x2::coin::CoinEvent<u64>' })).toEqual({ EventType: '0x2::coin::CoinEvent<u64>' })
    expect(rejection({ EventType: '0x2::coin::CoinEvent<' }).path).toBe('EventType')
    expect(rejection({ EventType: 'two words' }).path).toBe('EventType')
    expect(validateEventQueryFilter({ MoveEventType: '0x2::m::E' })).toEqual({ MoveEventType: '0x2::m::E' })
    expect(rejection({ MoveEventType: 'u64' }).path).toBe('MoveEventType')
  })

  it('L2: type names deeper than maxTypeArgumentDepth are rejected before sending', () => {
    const deep = `${'0x2::m::B<'.repeat(17)}u8${'>'.repeat(17)}`
    expect(rejection({ MoveEventType: deep }).path).toBe('MoveEventType')
    expect(rejection({ MoveEventType: deep }).message).toMatch(/deeper than 16/)
    expect(() => validateEventQueryFilter({ MoveEventType: deep }, { maxTypeArgumentDepth: 20 })).not.toThrow()
  })

  it('J12: Sender takes an address of 1 to 64 hex digits', () => {
    expect(validateEventQueryFilter({ Sender: '0x7' })).toEqual({ Sender: '0x7' })
    expect(validateEventQueryFilter({ Sender: `0x${'F'.repeat(64)}` })).toEqual({ Sender: `0x${'F'.repeat(64)}` })
    expect(rejection({ Sender: `0x${'f'.repeat(65)}` }).path).toBe('Sender')
    expect(rejection({ Sender: '0x' }).path).toBe('Sender')
    expect(rejection({ Sender: 'alice' }).path).toBe('Sender')
  })

  it('J13: Recipient takes an owner form such as { AddressOwner: <address> }', () => {
    expect(validateEventQueryFilter({ Recipient: { AddressOwner: '0x7' } })).toEqual({ Recipient: { AddressOwner: '0x7' } })
    expect(validateEventQueryFilter({ Recipient: { ObjectOwner: '0x8' } })).toEqual({ Recipient: { ObjectOwner: '0x8' } })
    expect(rejection({ Recipient: '0x7' }).path).toBe('Recipient')
    expect(rejection({ Recipient: { Shared: '0x7' } }).path).toBe('Recipient.Shared')
    expect(rejection({ Recipient: { AddressOwner: 'bob' } }).path).toBe('Recipient.AddressOwner')
  })

  it('J14: Object takes an object ID', () => {
    expect(validateEventQueryFilter({ Object: '0xabc' })).toEqual({ Object: '0xabc' })
    expect(rejection({ Object: 'abc' }).path).toBe('Object')
  })

  it('J15: TimeRange takes integer milliseconds, numbers or strings, sent as strings; startTime <= endTime', () => {
    expect(validateEventQueryFilter({ TimeRange: { startTime: 0, endTime: '18446744073709551615' } })).toEqual({
      TimeRange: { startTime: '0', endTime: '18446744073709551615' },
    })
    expect(validateEventQueryFilter({ TimeRange: { startTime: '007', endTime: 7 } })).toEqual({
      TimeRange: { startTime: '7', endTime: '7' },
    })
    expect(rejection({ TimeRange: { startTime: 1.5, endTime: 2 } }).path).toBe('TimeRange.startTime')
    expect(rejection({ TimeRange: { startTime: -1, endTime: 2 } }).path).toBe('TimeRange.startTime')
    expect(rejection({ TimeRange: { startTime: 1, endTime: '18446744073709551616' } }).path).toBe('TimeRange.endTime')
    expect(rejection({ TimeRange: { startTime: 1, endTime: '1e3' } }).path).toBe('TimeRange.endTime')
    expect(rejection({ TimeRange: { startTime: 1 } }).path).toBe('TimeRange.endTime')
    expect(rejection({ TimeRange: { start_time: '1', end_time: '2' } }).path).toBe('TimeRange.start_time')
    expect(rejection({ TimeRange: { startTime: 3, endTime: 2 } }).path).toBe('TimeRange')
  })

  it('J16: combinations (And, Or, Any, Not, All with a list) are rejected with INVALID_FILTER and the path', () => {
    const sender = { Sender: '0x1' }
    expect(rejection({ And: [sender, sender] })).toMatchObject({ code: 'INVALID_FILTER', path: 'And' })
    expect(rejection({ Or: [sender, sender] }).path).toBe('Or')
    expect(rejection({ Any: [sender] }).path).toBe('Any')
    expect(rejection({ Not: sender }).path).toBe('Not')
    expect(rejection({ All: [sender] }).path).toBe('All')
    expect(rejection({ All: [sender] }).message).toMatch(/not supported by queries/)
  })

  it('J6-J15: a filter has exactly one key of the query kinds', () => {
    expect(rejection({}).path).toBe('')
    expect(rejection({ Sender: '0x1', Object: '0x2' }).path).toBe('')
    expect(rejection(null).path).toBe('')
    expect(rejection('All').path).toBe('')
    expect(rejection({ Package: '0x2' }).message).toMatch(/subscription filter/)
    expect(rejection({ MoveEventField: { path: '/a', value: 1 } }).path).toBe('MoveEventField')
    expect(rejection({ Checkpoint: 5 }).message).toMatch(/unknown filter key/)
  })
})
