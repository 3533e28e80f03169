import { describe, expect, it } from 'vitest'
import { JsonRpcFault } from '../../../src/testing/jsonRpc/JsonRpcFault.js'
import { matchEventFilter } from '../../../src/testing/jsonRpc/matchEventFilter.js'
import { MAX_FILTER_DEPTH, parseEventFilter } from '../../../src/testing/jsonRpc/parseEventFilter.js'
import type { LedgerEvent } from '../../../src/testing/ledger/types.js'
import { ADDR, FakeLedger } from '../jsonRpcFakeLedger.js'

const LISTED = `${ADDR.market}::market::Listed`
const PRICE = `${ADDR.market}::market::PriceUpdated<0x2::sui::SUI>`

/** Three events: alice lists (t=1000), bob updates a price (t=2000), alice lists via router (t=3000). */
function sampleEvents() {
  const ledger = new FakeLedger()
  const [listTx, priceTx, routerTx] = ledger.commit([
    {
      sender: ADDR.alice,
      timestampMs: 1000,
      events: [{ type: LISTED, parsedJson: { item_id: ADDR.item1, price: '100', tags: ['new', { rare: true }] } }],
    },
    {
      sender: ADDR.bob,
      timestampMs: 2000,
      events: [{ type: PRICE, parsedJson: { item_id: ADDR.item1, new_price: '90', 'a/b': 1, 'c~d': 2 } }],
    },
    {
      sender: ADDR.alice,
      timestampMs: 3000,
      package: ADDR.other,
      module: 'router',
      events: [{ type: LISTED, parsedJson: { item_id: ADDR.item2, price: '5' } }],
    },
  ])
  return { list: listTx!.events[0]!, price: priceTx!.events[0]!, router: routerTx!.events[0]! }
}

function matching(filter: unknown, events: Record<string, LedgerEvent>): string[] {
  const parsed = parseEventFilter(filter, 'subscription')
  return Object.entries(events)
    .filter(([, event]) => matchEventFilter(parsed, event))
    .map(([name]) => name)
}

function faultOf(run: () => unknown): JsonRpcFault {
  try {
    run()
  } catch (error) {
    if (error instanceof JsonRpcFault) return error
    throw error
  }
  throw new Error('expected a JsonRpcFault')
}

describe('subscription filters (parse + match)', () => {
  it('S3: Package selects events of that package', () => {
    const events = sampleEvents()
    expect(matching({ Package: ADDR.market }, events)).toEqual(['list', 'price'])
    expect(matching({ Package: ADDR.other }, events)).toEqual(['router'])
  })

  it('S4: MoveModule selects events emitted in that (called) module', () => {
    const events = sampleEvents()
    expect(matching({ MoveModule: { package: ADDR.other, module: 'router' } }, events)).toEqual(['router'])
    expect(matching({ MoveModule: { package: ADDR.market, module: 'market' } }, events)).toEqual(['list', 'price'])
  })

  it('S5: MoveEventType selects events of that full type', () => {
    const events = sampleEvents()
    expect(matching({ MoveEventType: LISTED }, events)).toEqual(['list', 'router'])
    expect(matching({ MoveEventType: PRICE }, events)).toEqual(['price'])
    expect(matching({ MoveEventType: `${ADDR.market}::market::PriceUpdated<0x2::sui::OTHER>` }, events)).toEqual([])
  })

  it('S6: MoveEventModule {package, module, event} selects that struct of the defining module; without event, the whole module', () => {
    const events = sampleEvents()
    expect(matching({ MoveEventModule: { package: ADDR.market, module: 'market', event: 'Listed' } }, events)).toEqual(['list', 'router'])
    expect(matching({ MoveEventModule: { package: ADDR.market, module: 'market', event: 'PriceUpdated' } }, events)).toEqual(['price'])
    expect(matching({ MoveEventModule: { package: ADDR.market, module: 'market' } }, events)).toEqual(['list', 'price', 'router'])
  })

  it('S7: MoveEventField matches a JSON pointer into parsedJson by deep equality', () => {
    const events = sampleEvents()
    expect(matching({ MoveEventField: { path: '/price', value: '100' } }, events)).toEqual(['list'])
    expect(matching({ MoveEventField: { path: '/price', value: 100 } }, events)).toEqual([])
    expect(matching({ MoveEventField: { path: '/tags/1', value: { rare: true } } }, events)).toEqual(['list'])
    expect(matching({ MoveEventField: { path: '/tags', value: ['new', { rare: true }] } }, events)).toEqual(['list'])
    expect(matching({ MoveEventField: { path: '/a~1b', value: 1 } }, events)).toEqual(['price'])
    expect(matching({ MoveEventField: { path: '/c~0d', value: 2 } }, events)).toEqual(['price'])
    expect(matching({ MoveEventField: { path: '/missing', value: null } }, events)).toEqual([])
    expect(faultOf(() => parseEventFilter({ MoveEventField: { path: 'price', value: '1' } }, 'subscription')).code).toBe(-32602)
  })

  it('S8: SenderAddress selects events from transactions started by that address', () => {
    const events = sampleEvents()
    expect(matching({ SenderAddress: ADDR.alice }, events)).toEqual(['list', 'router'])
  })

  it('S9: Sender selects events by sender, short or long address form', () => {
    const events = sampleEvents()
    expect(matching({ Sender: ADDR.bob }, events)).toEqual(['price'])
    const shortForm = parseEventFilter({ Sender: '0x2' }, 'subscription')
    expect(shortForm).toEqual(parseEventFilter({ Sender: `0x${'0'.repeat(63)}2` }, 'subscription'))
  })

  it('S10: Transaction selects events of that transaction', () => {
    const events = sampleEvents()
    expect(matching({ Transaction: events.price.id.txDigest }, events)).toEqual(['price'])
  })

  it('S11: TimeRange {start_time, end_time} strings select [start, end) (camelCase accepted too)', () => {
    const events = sampleEvents()
    expect(matching({ TimeRange: { start_time: '1000', end_time: '3000' } }, events)).toEqual(['list', 'price'])
    expect(matching({ TimeRange: { startTime: '2000', endTime: '3001' } }, events)).toEqual(['price', 'router'])
    expect(faultOf(() => parseEventFilter({ TimeRange: { start_time: '1' } }, 'subscription')).data).toContain('end_time')
    expect(faultOf(() => parseEventFilter({ TimeRange: { start_time: 'soon', end_time: '1' } }, 'subscription')).code).toBe(-32602)
  })

  it('S12: All with the empty list matches everything; All with filters is their AND', () => {
    const events = sampleEvents()
    expect(matching({ All: [] }, events)).toEqual(['list', 'price', 'router'])
    expect(matching({ All: [{ Sender: ADDR.alice }, { Package: ADDR.other }] }, events)).toEqual(['router'])
  })

  it('S13: filters combine with Any (OR), And and Or (pairs), nested', () => {
    const events = sampleEvents()
    expect(matching({ Any: [{ Sender: ADDR.bob }, { Package: ADDR.other }] }, events)).toEqual(['price', 'router'])
    expect(matching({ Any: [] }, events)).toEqual([])
    expect(matching({ And: [{ MoveEventType: LISTED }, { Sender: ADDR.alice }] }, events)).toEqual(['list', 'router'])
    expect(
      matching({ Or: [{ Transaction: events.list.id.txDigest }, { MoveEventField: { path: '/price', value: '5' } }] }, events),
    ).toEqual(['list', 'router'])
    const nested = {
      And: [
        { Any: [{ Sender: ADDR.alice }, { Sender: ADDR.bob }] },
        { Or: [{ Package: ADDR.other }, { TimeRange: { start_time: '2000', end_time: '2001' } }] },
      ],
    }
    expect(matching(nested, events)).toEqual(['price', 'router'])
  })

  it('S13: malformed combinators and unknown keys are -32602 Invalid params with a serde-like detail', () => {
    expect(faultOf(() => parseEventFilter({ And: [{ All: [] }] }, 'subscription')).data).toBe(
      'And: invalid length 1, expected a tuple of 2 event filters',
    )
    expect(faultOf(() => parseEventFilter({ Not: { All: [] } }, 'subscription')).data).toContain('unknown variant `Not`')
    expect(faultOf(() => parseEventFilter({ Any: { Sender: ADDR.bob } }, 'subscription')).data).toContain('invalid type: map')
    expect(faultOf(() => parseEventFilter({ And: [{ Sender: 5 }, { All: [] }] }, 'subscription')).data).toBe(
      'And[0].Sender: invalid type: integer `5`, expected a hex address string',
    )
    expect(faultOf(() => parseEventFilter({ MoveModule: { package: ADDR.market } }, 'subscription')).data).toBe(
      'MoveModule: missing field `module`',
    )
    expect(faultOf(() => parseEventFilter({ MoveModule: { package: ADDR.market, module: 'm', extra: 1 } }, 'subscription')).data).toContain(
      'unknown field `extra`',
    )
    let deep: unknown = { All: [] }
    for (let level = 0; level <= MAX_FILTER_DEPTH; level++) deep = { Any: [deep] }
    expect(faultOf(() => parseEventFilter(deep, 'subscription')).data).toContain('nested deeper')
  })

  it('J16: query-only and subscription-only keys are kept apart', () => {
    expect(faultOf(() => parseEventFilter({ MoveEvent: 'Listed' }, 'subscription')).data).toContain('unknown variant `MoveEvent`')
    expect(faultOf(() => parseEventFilter({ Package: ADDR.market }, 'query')).data).toContain('unknown variant `Package`')
    expect(
      faultOf(() => parseEventFilter({ MoveEventModule: { package: ADDR.market, module: 'market', event: 'Listed' } }, 'query')).data,
    ).toContain('unknown field `event`')
  })
})
