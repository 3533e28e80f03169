/**
 * Small response decoders: each checks a value received from the service and returns it
 * typed, without copying it. A failure throws `DecodeFailure`, which names the path of
 * the bad value (built only on failure, so a success allocates nothing) and what was
 * expected there. Decoders recurse over their own shape, never over the data, so the
 * depth of a response cannot exhaust the stack; fields are read only when they are the
 * object's own, so `__proto__` or `constructor` keys in a body are plain data.
 */
import { isRecord } from './isRecord.js'

/**
 * A decoder: returns `value` typed as `T`, or throws `DecodeFailure`.
 *
 * @example
 * const port: Decoder<number> = nonNegativeInteger
 */
export type Decoder<T> = (value: unknown) => T

/**
 * The type a decoder returns.
 *
 * @example
 * type Ref = Decoded<typeof objectRef> // { objectId: string; version: string | number; digest: string }
 */
export type Decoded<D> = D extends Decoder<infer T> ? T : never

type Shape = Record<string, Decoder<unknown>>
type Simplify<T> = { [K in keyof T]: T[K] } & {}
type ObjectOf<S extends Shape> = Simplify<
  { [K in keyof S as undefined extends Decoded<S[K]> ? never : K]: Decoded<S[K]> } & {
    [K in keyof S as undefined extends Decoded<S[K]> ? K : never]?: Decoded<S[K]>
  }
>

/**
 * What a decoder found wrong: where (`path`, from the decoded value) and what it expected.
 *
 * @example
 * try { decoder(json) } catch (error) { if (error instanceof DecodeFailure) console.log(error.pathFrom('data')) }
 */
export class DecodeFailure extends Error {
  override name = 'DecodeFailure'
  /** Keys and indexes from the decoded value down to the bad one. */
  readonly segments: (string | number)[] = []
  /** What the decoder expected, e.g. `a non-negative integer`. */
  readonly expected: string
  /** A short description of what was there instead. */
  readonly received: string

  constructor(expected: string, value: unknown) {
    const received = describeValue(value)
    super(`expected ${expected}, got ${received}`)
    this.expected = expected
    this.received = received
  }

  /**
   * The dotted path of the bad value under `root`, e.g. `data.serviceConfig.maxPageSize`
   * or `result.data[3].id`.
   *
   * @example
   * failure.pathFrom('result') // 'result.data[3].id.eventSeq'
   */
  pathFrom(root: string): string {
    let path = root
    for (const segment of this.segments) {
      path += typeof segment === 'number' ? `[${segment}]` : path === '' ? segment : `.${segment}`
    }
    return path === '' ? 'the response' : path
  }

  /**
   * `<path>: expected …, got …`, for an error message.
   *
   * @example
   * new InvalidResponseError({ status, body, reason: failure.describe('data') })
   */
  describe(root: string): string {
    return `${this.pathFrom(root)}: ${this.message}`
  }
}

/**
 * Runs `decoder` over `value`; on a `DecodeFailure` throws what `fail` makes of it (an
 * SDK error naming the path). Other errors pass through untouched.
 *
 * @example
 * const page = decodeOr(eventPageDecoder, result, (failure) => invalid(failure.describe('result')))
 */
export function decodeOr<T>(decoder: Decoder<T>, value: unknown, fail: (failure: DecodeFailure) => Error): T {
  try {
    return decoder(value)
  } catch (error) {
    if (error instanceof DecodeFailure) throw fail(error)
    throw error
  }
}

/**
 * Whether `value` passes `decoder`.
 *
 * @example
 * if (!matches(chainxEventDecoder, result)) reportMalformed(result)
 */
export function matches(decoder: Decoder<unknown>, value: unknown): boolean {
  try {
    decoder(value)
    return true
  } catch (error) {
    if (error instanceof DecodeFailure) return false
    throw error
  }
}

/**
 * A decoder from a test: passes `value` when `test` holds, else fails expecting `expected`.
 *
 * @example
 * const evenNumber = check((v): v is number => typeof v === 'number' && v % 2 === 0, 'an even number')
 */
export function check<T>(test: (value: unknown) => value is T, expected: string): Decoder<T> {
  return (value) => {
    if (!test(value)) throw new DecodeFailure(expected, value)
    return value
  }
}

/**
 * `decoder` behind a hand-written `test` for a hot shape: a value `test` accepts is returned
 * at once, any other goes through `decoder`, which accepts it or names what is wrong. `test`
 * must accept only what `decoder` accepts.
 *
 * @example
 * const eventId = fastPath((v) => isRecord(v) && typeof v.txDigest === 'string', object({ txDigest: string }))
 */
export function fastPath<T>(test: (value: unknown) => boolean, decoder: Decoder<T>): Decoder<T> {
  return (value) => (test(value) ? (value as T) : decoder(value))
}

/**
 * Reads `object[key]` only when it is the object's own property: a JSON body's
 * `constructor` or `toString` never resolves to `Object.prototype`'s.
 *
 * @example
 * ownField(JSON.parse('{}'), 'constructor') // undefined
 */
export function ownField(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined
}

/**
 * Any string.
 *
 * @example
 * string('abc') // 'abc'
 */
export const string: Decoder<string> = check((value): value is string => typeof value === 'string', 'a string')

/**
 * A string of at least one character.
 *
 * @example
 * nonEmptyString('') // throws DecodeFailure
 */
export const nonEmptyString: Decoder<string> = check(
  (value): value is string => typeof value === 'string' && value.length > 0,
  'a non-empty string',
)

/**
 * A string matching `pattern` (anchor it).
 *
 * @example
 * const u64String = matching(/^\d{1,20}$/, 'an unsigned integer string')
 */
export function matching(pattern: RegExp, expected: string): Decoder<string> {
  return check((value): value is string => typeof value === 'string' && pattern.test(value), expected)
}

/**
 * `true` or `false`.
 *
 * @example
 * boolean(true) // true
 */
export const boolean: Decoder<boolean> = check((value): value is boolean => typeof value === 'boolean', 'a boolean')

/**
 * A finite number.
 *
 * @example
 * finiteNumber(1.5) // 1.5
 */
export const finiteNumber: Decoder<number> = check(
  (value): value is number => typeof value === 'number' && Number.isFinite(value),
  'a finite number',
)

/**
 * A safe integer (no precision lost).
 *
 * @example
 * safeInteger(-3) // -3
 */
export const safeInteger: Decoder<number> = check(
  (value): value is number => typeof value === 'number' && Number.isSafeInteger(value),
  'an integer',
)

/**
 * A safe integer of at least 0.
 *
 * @example
 * nonNegativeInteger(50) // 50
 */
export const nonNegativeInteger: Decoder<number> = check(
  (value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
  'a non-negative integer',
)

/**
 * Any value, unchecked (for fields the SDK passes on without reading).
 *
 * @example
 * object({ result: unknown })
 */
export const unknown: Decoder<unknown> = (value) => value

/**
 * A JSON object, its fields unchecked (not copied, as a record decoder would).
 *
 * @example
 * jsonObject({ price: '10' })
 */
export const jsonObject: Decoder<Record<string, unknown>> = check(isRecord, 'an object')

/**
 * One of the given primitive values.
 *
 * @example
 * const encoding = literal('base64', 'base58')
 */
export function literal<const T extends readonly (string | number | boolean | null)[]>(...values: T): Decoder<T[number]> {
  const expected = values.map((value) => JSON.stringify(value)).join(' or ')
  return check((value): value is T[number] => values.includes(value as T[number]), expected)
}

/**
 * `null` or what `decoder` accepts.
 *
 * @example
 * nullable(string)(null) // null
 */
export function nullable<T>(decoder: Decoder<T>): Decoder<T | null> {
  return (value) => (value === null ? null : decoder(value))
}

/**
 * Absent (`undefined`) or what `decoder` accepts.
 *
 * @example
 * object({ data: optional(unknown) })
 */
export function optional<T>(decoder: Decoder<T>): Decoder<T | undefined> {
  return (value) => (value === undefined ? undefined : decoder(value))
}

/**
 * What the first decoder accepts, else what the second does.
 *
 * @example
 * const jsonRpcId = nullable(either(safeInteger, string))
 */
export function either<A, B>(first: Decoder<A>, second: Decoder<B>): Decoder<A | B> {
  return (value) => {
    try {
      return first(value)
    } catch (error) {
      if (!(error instanceof DecodeFailure)) throw error
      try {
        return second(value)
      } catch (again) {
        if (!(again instanceof DecodeFailure)) throw again
        throw new DecodeFailure(`${error.expected} or ${again.expected}`, value)
      }
    }
  }
}

/**
 * An array whose every item `item` accepts (the array itself is returned, not a copy).
 *
 * @example
 * array(string)(['a', 'b'])
 */
export function array<T>(item: Decoder<T>): Decoder<T[]> {
  return (value) => {
    if (!Array.isArray(value)) throw new DecodeFailure('an array', value)
    const count = value.length
    for (let index = 0; index < count; index++) {
      try {
        item(value[index])
      } catch (error) {
        if (error instanceof DecodeFailure) error.segments.unshift(index)
        throw error
      }
    }
    return value as T[]
  }
}

/**
 * An object whose named fields the given decoders accept; other fields are kept
 * unchecked, and the object itself is returned. A decoder accepting `undefined` makes
 * its field optional.
 *
 * @example
 * const eventId = object({ txDigest: nonEmptyString, eventSeq: matching(/^\d{1,20}$/, 'a u64 string') })
 */
export function object<S extends Shape>(shape: S): Decoder<ObjectOf<S>> {
  const keys = Object.keys(shape)
  const decoders = Object.values(shape)
  const count = keys.length
  return (value) => {
    if (!isRecord(value)) throw new DecodeFailure('an object', value)
    for (let index = 0; index < count; index++) {
      const key = keys[index] as string
      try {
        ;(decoders[index] as Decoder<unknown>)(ownField(value, key))
      } catch (error) {
        if (error instanceof DecodeFailure) error.segments.unshift(key)
        throw error
      }
    }
    return value as ObjectOf<S>
  }
}

const MAX_SHOWN_STRING = 24

/**
 * A short description of a received value, bounded in size however big or deep it is
 * (unlike `JSON.stringify`, which throws on deep nesting).
 *
 * @example
 * describeValue([[[]]]) // 'an array of 1'
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  switch (typeof value) {
    case 'string':
      return value.length > MAX_SHOWN_STRING ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'object':
      return 'an object'
    default:
      return typeof value
  }
}
