import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eventPageDecoder } from '../../src/events/eventSchemas.js'
import { graphQLEnvelopeDecoder, serviceConfigDataDecoder } from '../../src/graphql/responseSchemas.js'
import {
  array,
  boolean,
  DecodeFailure,
  decodeOr,
  describeValue,
  either,
  literal,
  matches,
  nonNegativeInteger,
  nullable,
  object,
  optional,
  string,
} from '../../src/utils/decode.js'

const failureOf = (run: () => unknown): DecodeFailure => {
  try {
    run()
  } catch (error) {
    if (error instanceof DecodeFailure) return error
    throw error
  }
  throw new Error('expected a DecodeFailure')
}

describe('decoders', () => {
  const page = object({ items: array(object({ id: string, seq: nonNegativeInteger })), next: optional(nullable(string)), done: boolean })

  it('return the value itself when it passes, extra fields kept', () => {
    const value = { items: [{ id: 'a', seq: 0, extra: [1] }], next: null, done: false, more: 1 }
    expect(page(value)).toBe(value)
  })

  it('name the path and what was expected when it does not', () => {
    const failure = failureOf(() =>
      page({
        items: [
          { id: 'a', seq: 0 },
          { id: 'b', seq: -1 },
        ],
        done: true,
      }),
    )
    expect(failure.pathFrom('result')).toBe('result.items[1].seq')
    expect(failure.describe('result')).toBe('result.items[1].seq: expected a non-negative integer, got -1')
    expect(failureOf(() => page([])).describe('')).toBe('the response: expected an object, got an array of 0')
  })

  it('read only own fields: __proto__ and constructor keys of a JSON body are data', () => {
    const hostile = JSON.parse('{"__proto__":{"done":true,"items":[]},"constructor":{"items":[]}}') as unknown
    expect(failureOf(() => page(hostile)).pathFrom('')).toBe('items')
    expect(matches(object({ toString: optional(string) }), JSON.parse('{}'))).toBe(true)
    expect(({} as Record<string, unknown>).done).toBeUndefined()
  })

  it('either and literal say what they expected', () => {
    expect(failureOf(() => either(string, boolean)(1)).message).toBe('expected a string or a boolean, got 1')
    expect(failureOf(() => literal('base64', 'base58')('hex')).message).toBe('expected "base64" or "base58", got the string "hex"')
  })

  it('describe any value in bounded text, however deep or big', () => {
    let deep: unknown = []
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(describeValue(deep)).toBe('an array of 1')
    expect(describeValue('x'.repeat(1_000_000))).toBe('a string of 1000000 characters')
  })

  it('decodeOr turns a failure into the caller error and lets other errors through', () => {
    expect(() => decodeOr(string, 1, (failure) => new RangeError(failure.describe('v')))).toThrow('v: expected a string, got 1')
    const boom = new Error('boom')
    expect(() =>
      decodeOr(
        () => {
          throw boom
        },
        1,
        () => new Error('not this'),
      ),
    ).toThrow(boom)
  })

  it('the response decoders throw only DecodeFailure, on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        for (const decoder of [graphQLEnvelopeDecoder, serviceConfigDataDecoder, eventPageDecoder]) {
          try {
            decoder(value)
          } catch (error) {
            expect(error).toBeInstanceOf(DecodeFailure)
            expect((error as DecodeFailure).describe('').length).toBeLessThan(300)
          }
        }
      }),
      { seed: 7, numRuns: 2_000 },
    )
  })
})
