// The hand-written tests of the event shapes (the hot path of every events page) accept
// exactly what the combinator decoders accept: property tests over valid events with one
// field changed or removed at a time, over whole pages, and over any JSON value.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  chainxEventDecoder,
  eventPageDecoder,
  eventShapeDecoders,
  isChainxEvent,
  isEventId,
  isEventPage,
  isU64String,
} from '../../src/events/eventSchemas.js'
import { createMockNetwork } from '../../src/testing/createMockNetwork.js'
import { DecodeFailure, matches } from '../../src/utils/decode.js'

// Values next to the valid ones: strings a u64 or a digest almost is, the other JSON kinds,
// and what only a hostile object could hold.
const nearMiss = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    '0',
    '7',
    '18446744073709551615',
    '1'.repeat(20),
    '1'.repeat(21),
    ' 1',
    '1 ',
    '1\n',
    '\n1',
    '-1',
    '+1',
    '1.5',
    '1e3',
    '０',
    '١',
    'x',
    'base64',
    'base58',
    'hex',
    'BASE64',
    null,
    undefined,
    true,
    false,
    0,
    1,
    -1,
    1.5,
    NaN,
    [],
    [1],
    {},
    { a: 1 },
  ),
  fc.string({ maxLength: 22 }),
  fc.stringMatching(/^\d{0,22}$/),
  fc.integer(),
)
const u64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)
const eventIdArbitrary = fc.record({ txDigest: fc.string({ minLength: 1, maxLength: 8 }), eventSeq: u64 })
const eventArbitrary = fc.record(
  {
    id: eventIdArbitrary,
    packageId: fc.string({ maxLength: 8 }),
    transactionModule: fc.string({ maxLength: 8 }),
    sender: fc.string({ maxLength: 8 }),
    type: fc.string({ maxLength: 8 }),
    parsedJson: fc.jsonValue({ maxDepth: 2 }),
    bcs: fc.string({ maxLength: 8 }),
    bcsEncoding: fc.constantFrom('base64', 'base58'),
    timestampMs: fc.oneof(u64, fc.constant(null)),
  },
  { requiredKeys: ['id', 'packageId', 'transactionModule', 'sender', 'type', 'parsedJson', 'bcs'] },
)

/** `value` with the field at `path` set to `replacement`, or removed when `replacement` is undefined. */
function changed(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(value) as Record<string, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>
  const last = path[path.length - 1] as string
  if (replacement === undefined) delete at[last]
  else at[last] = replacement
  return copy
}

const EVENT_PATHS = [
  [],
  ['id'],
  ['id', 'txDigest'],
  ['id', 'eventSeq'],
  ['packageId'],
  ['transactionModule'],
  ['sender'],
  ['type'],
  ['parsedJson'],
  ['bcs'],
  ['bcsEncoding'],
  ['timestampMs'],
  ['extra'],
]

describe('J4: the hand-written event tests accept exactly what the decoders accept', () => {
  it('isU64String is /^\\d{1,20}$/', () => {
    fc.assert(
      fc.property(fc.oneof(nearMiss, fc.stringMatching(/^[\d\s+-]{0,22}$/)), (value) => {
        expect(isU64String(value)).toBe(typeof value === 'string' && /^\d{1,20}$/.test(value))
      }),
      { seed: 14, numRuns: 5_000 },
    )
  })

  it('an event with one field changed or removed', () => {
    fc.assert(
      fc.property(eventArbitrary, fc.constantFrom(...EVENT_PATHS), nearMiss, (event, path, replacement) => {
        const value = changed(event, path, replacement)
        expect(isChainxEvent(value)).toBe(matches(eventShapeDecoders.event, value))
        expect(isEventId(value)).toBe(matches(eventShapeDecoders.eventId, value))
        expect(matches(chainxEventDecoder, value)).toBe(matches(eventShapeDecoders.event, value))
      }),
      { seed: 14, numRuns: 5_000 },
    )
    // Unchanged, every generated event passes both.
    fc.assert(
      fc.property(eventArbitrary, (event) => isChainxEvent(event) && matches(eventShapeDecoders.event, event)),
      { seed: 14 },
    )
  })

  it('a page with one event, the cursor or the flag changed', () => {
    const pageArbitrary = fc.record({
      data: fc.array(eventArbitrary, { maxLength: 4 }),
      nextCursor: fc.oneof(eventIdArbitrary, fc.constant(null)),
      hasNextPage: fc.boolean(),
    })
    fc.assert(
      fc.property(
        pageArbitrary,
        fc.nat(),
        fc.constantFrom(...EVENT_PATHS),
        fc.constantFrom('data', 'nextCursor', 'hasNextPage', 'event'),
        nearMiss,
        (page, index, path, where, replacement) => {
          const value =
            where === 'event' && page.data.length > 0
              ? changed(page, ['data', String(index % page.data.length), ...path], replacement)
              : changed(page, [where === 'event' ? 'data' : where], replacement)
          expect(isEventPage(value)).toBe(matches(eventShapeDecoders.page, value))
          expect(matches(eventPageDecoder, value)).toBe(matches(eventShapeDecoders.page, value))
        },
      ),
      { seed: 14, numRuns: 5_000 },
    )
  })

  it('any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(isEventPage(value)).toBe(matches(eventShapeDecoders.page, value))
        expect(isChainxEvent(value)).toBe(matches(eventShapeDecoders.event, value))
      }),
      { seed: 14, numRuns: 2_000 },
    )
  })

  it('a refused page still names the bad path', () => {
    const failure = (() => {
      try {
        eventPageDecoder({ data: [{}], hasNextPage: true })
      } catch (error) {
        return error
      }
    })()
    expect(failure).toBeInstanceOf(DecodeFailure)
    expect((failure as DecodeFailure).describe('result')).toBe('result.data[0].id: expected an object, got nothing')
  })

  it("the mock network's pages pass both", async () => {
    const network = createMockNetwork({ events: 300, seed: 3 })
    const response = await network.handle({
      method: 'POST',
      url: '/json-rpc',
      headers: {},
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chainx_queryEvents', params: [{ All: [] }, null, 50, false] }),
    })
    const { result } = JSON.parse(response.body) as { result: { data: unknown[] } }
    expect(result.data).toHaveLength(50)
    expect(isEventPage(result)).toBe(true)
    expect(matches(eventShapeDecoders.page, result)).toBe(true)
  })
})
