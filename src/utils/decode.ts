// Response decoders: each checks a value and returns it typed, uncopied; a failure names the path of the bad value.
// They recurse over their own shape, never the data (no stack exhaustion), and read only own fields (`__proto__` is data).
import { isRecord } from './isRecord.js'

/** A decoder: returns `value` typed as `T`, or throws `DecodeFailure`. */
export type Decoder<T> = (value: unknown) => T

/** The type a decoder returns. */
export type Decoded<D> = D extends Decoder<infer T> ? T : never

type Shape = Record<string, Decoder<unknown>>
type Simplify<T> = { [K in keyof T]: T[K] } & {}
type ObjectOf<S extends Shape> = Simplify<
  { [K in keyof S as undefined extends Decoded<S[K]> ? never : K]: Decoded<S[K]> } & {
    [K in keyof S as undefined extends Decoded<S[K]> ? K : never]?: Decoded<S[K]>
  }
>

/** What a decoder found wrong: where (`path`, from the decoded value) and what it expected. */
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

  /** The dotted path of the bad value under `root`, e.g. `data.serviceConfig.maxPageSize` or `result.data[3].id`. */
  pathFrom(root: string): string {
    let path = root
    for (const segment of this.segments) {
      path += typeof segment === 'number' ? `[${segment}]` : path === '' ? segment : `.${segment}`
    }
    return path === '' ? 'the response' : path
  }

  /** `<path>: expected …, got …`, for an error message. */
  describe(root: string): string {
    return `${this.pathFrom(root)}: ${this.message}`
  }
}

/** Runs `decoder`; a `DecodeFailure` is thrown as what `fail` makes of it, other errors pass through. */
export function decodeOr<T>(decoder: Decoder<T>, value: unknown, fail: (failure: DecodeFailure) => Error): T {
  try {
    return decoder(value)
  } catch (error) {
    if (error instanceof DecodeFailure) throw fail(error)
    throw error
  }
}

/** Whether `value` passes `decoder`. */
export function matches(decoder: Decoder<unknown>, value: unknown): boolean {
  try {
    decoder(value)
    return true
  } catch (error) {
    if (error instanceof DecodeFailure) return false
    throw error
  }
}

/** A decoder from a test: passes `value` when `test` holds, else fails expecting `expected`. */
export function check<T>(test: (value: unknown) => value is T, expected: string): Decoder<T> {
  return (value) => {
    if (!test(value)) throw new DecodeFailure(expected, value)
    return value
  }
}

/** `decoder` behind a fast `test` for a hot shape (`test` must accept only what `decoder` accepts). */
export function fastPath<T>(test: (value: unknown) => boolean, decoder: Decoder<T>): Decoder<T> {
  return (value) => (test(value) ? (value as T) : decoder(value))
}

/** `object[key]` when it is an own property (a body's `constructor` is never `Object.prototype`'s). */
export function ownField(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined
}

/** Any string. */
export const string: Decoder<string> = check((value): value is string => typeof value === 'string', 'a string')

/** A string of at least one character. */
export const nonEmptyString: Decoder<string> = check(
  (value): value is string => typeof value === 'string' && value.length > 0,
  'a non-empty string',
)

/** A string matching `pattern` (anchor it). */
export function matching(pattern: RegExp, expected: string): Decoder<string> {
  return check((value): value is string => typeof value === 'string' && pattern.test(value), expected)
}

/** `true` or `false`. */
export const boolean: Decoder<boolean> = check((value): value is boolean => typeof value === 'boolean', 'a boolean')

const numberWhere = (test: (value: number) => boolean, expected: string): Decoder<number> =>
  check((value): value is number => typeof value === 'number' && test(value), expected)

/** A finite number. */
export const finiteNumber: Decoder<number> = numberWhere(Number.isFinite, 'a finite number')

/** A safe integer (no precision lost). */
export const safeInteger: Decoder<number> = numberWhere(Number.isSafeInteger, 'an integer')

/** A safe integer of at least 0. */
export const nonNegativeInteger: Decoder<number> = numberWhere(
  (value) => Number.isSafeInteger(value) && value >= 0,
  'a non-negative integer',
)

/** Any value, unchecked (for fields the SDK passes on without reading). */
export const unknown: Decoder<unknown> = (value) => value

/** A JSON object, its fields unchecked (not copied, as a record decoder would). */
export const jsonObject: Decoder<Record<string, unknown>> = check(isRecord, 'an object')

/** One of the given primitive values. */
export function literal<const T extends readonly (string | number | boolean | null)[]>(...values: T): Decoder<T[number]> {
  const expected = values.map((value) => JSON.stringify(value)).join(' or ')
  return check((value): value is T[number] => values.includes(value as T[number]), expected)
}

/** `null` or what `decoder` accepts. */
export function nullable<T>(decoder: Decoder<T>): Decoder<T | null> {
  return (value) => (value === null ? null : decoder(value))
}

/** Absent (`undefined`) or what `decoder` accepts. */
export function optional<T>(decoder: Decoder<T>): Decoder<T | undefined> {
  return (value) => (value === undefined ? undefined : decoder(value))
}

/** What the first decoder accepts, else what the second does. */
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

/** An array whose every item `item` accepts (the array itself is returned, not a copy). */
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

/** An object whose named fields the decoders accept (others unchecked; a decoder accepting `undefined` makes a field optional). */
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

/** A short description of a received value, bounded however big or deep it is. */
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
