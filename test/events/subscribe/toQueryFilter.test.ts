import { describe, expect, it } from 'vitest'
import { InvalidFilterError } from '../../../src/errors/jsonRpc.js'
import { subscriptionFilter as f } from '../../../src/events/subscribe/subscriptionFilter.js'
import { toQueryFilter } from '../../../src/events/subscribe/toQueryFilter.js'
import type { EventSubscriptionFilter } from '../../../src/events/types.js'
import { toQueryFilter as fromMainEntry } from '../../../src/index.js'
import { digest, PACKAGE } from '../eventFixtures.js'

function rejection(filter: EventSubscriptionFilter): InvalidFilterError {
  try {
    toQueryFilter(filter)
  } catch (error) {
    if (error instanceof InvalidFilterError) return error
    throw error
  }
  throw new Error(`converted ${JSON.stringify(filter)}`)
}

describe('toQueryFilter', () => {
  it('is exported from the main entry', () => {
    expect(fromMainEntry).toBe(toQueryFilter)
  })

  it('S4 -> J8: MoveModule keeps its shape', () => {
    expect(toQueryFilter(f.moveModule(PACKAGE, 'market'))).toEqual({ MoveModule: { package: PACKAGE, module: 'market' } })
  })

  it('S6 -> J10: MoveEventModule {package, module, event} becomes MoveEvent with the struct tag', () => {
    expect(toQueryFilter(f.moveEventModule(PACKAGE, 'market', 'Listed'))).toEqual({ MoveEvent: `${PACKAGE}::market::Listed` })
  })

  it('S5 -> J10: MoveEventType becomes MoveEvent, type arguments kept', () => {
    const type = `${PACKAGE}::market::PriceUpdated<0x2::sui::SUI>`
    expect(toQueryFilter(f.moveEventType(type))).toEqual({ MoveEvent: type })
  })

  it('S8, S9 -> J12: Sender and SenderAddress become Sender', () => {
    expect(toQueryFilter(f.sender('0xa11ce'))).toEqual({ Sender: '0xa11ce' })
    expect(toQueryFilter(f.senderAddress('0xb0b'))).toEqual({ Sender: '0xb0b' })
  })

  it('S10 -> J7: Transaction keeps its digest', () => {
    expect(toQueryFilter(f.transaction(digest(3)))).toEqual({ Transaction: digest(3) })
  })

  it('S11 -> J15: TimeRange [start_time, end_time) becomes the closed {startTime, endTime: end - 1}', () => {
    expect(toQueryFilter({ TimeRange: { start_time: '1000', end_time: '2000' } })).toEqual({
      TimeRange: { startTime: '1000', endTime: '1999' },
    })
    expect(toQueryFilter(f.timeRange(0, 18_446_744_073_709_551_615n))).toEqual({
      TimeRange: { startTime: '0', endTime: '18446744073709551614' },
    })
    const empty = rejection({ TimeRange: { start_time: '5', end_time: '5' } })
    expect(empty.path).toBe('TimeRange')
    expect(empty.message).toBe('Invalid filter at TimeRange: the range [5, 5) selects no event, and a query range cannot be empty')
  })

  it('S12 -> J6: All [] becomes All [], All with one filter becomes that filter', () => {
    expect(toQueryFilter(f.all())).toEqual({ All: [] })
    expect(toQueryFilter(f.all(f.sender('0x1')))).toEqual({ Sender: '0x1' })
  })

  it('J16: combinations have no query equivalent and throw INVALID_FILTER naming why', () => {
    const all = rejection(f.all(f.sender('0x1'), f.package('0x2')))
    expect(all.code).toBe('INVALID_FILTER')
    expect(all.path).toBe('All')
    expect(all.message).toBe(
      'Invalid filter at All: a combination of 2 filters has no query filter equivalent (queries take one key: query each part, or watch one and filter the rest yourself)',
    )
    expect(rejection(f.any(f.sender('0x1'))).path).toBe('Any')
    expect(rejection(f.and(f.sender('0x1'), f.sender('0x2'))).message).toMatch(
      /^Invalid filter at And: a combination \(And\) has no query filter equivalent/,
    )
    expect(rejection(f.or(f.sender('0x1'), f.sender('0x2'))).path).toBe('Or')
    expect(rejection(f.all(f.package('0x2'))).path).toBe('All[0].Package')
  })

  it('S3, S7: Package and MoveEventField have no query equivalent', () => {
    const pkg = rejection(f.package('0x2'))
    expect(pkg.path).toBe('Package')
    expect(pkg.message).toBe(
      'Invalid filter at Package: a package filter (use { MoveModule: { package, module } } per module, or filter the events yourself) has no query filter equivalent',
    )
    const field = rejection(f.moveEventField('/price', '100'))
    expect(field.path).toBe('MoveEventField')
    expect(field.message).toBe(
      'Invalid filter at MoveEventField: a field filter (query by type and compare parsedJson yourself) has no query filter equivalent',
    )
  })

  it('checks the subscription filter first', () => {
    expect(rejection({ MoveModule: { package: 'x', module: 'm' } }).path).toBe('MoveModule.package')
  })
})
