import { InvalidFilterError } from '../errors/jsonRpc.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import { TypeNameError } from '../errors/TypeNameError.js'
import { isMoveAddress, isMoveIdentifier, parseStructTag, type ParseTypeNameOptions } from './parseTypeName.js'

const U64_MAX = 2n ** 64n - 1n

/** The two places where the query and the subscription filter checks word their messages apart. */
export interface FilterMessageWording {
  /** How a list is described after "got", e.g. `an array` or `a list of 3`. */
  list: (list: readonly unknown[]) => string
  /** What `readMillis` says it expected (after "expected "). */
  millis: string
}

/**
 * The readers a filter check uses on the parts of a filter. Each checks one value and
 * throws `InvalidFilterError` with the given `path` when it is not what it should be.
 */
export interface FilterValueReaders {
  /** How a value is named in messages: strings quoted, lists as the wording says. */
  describe(value: unknown): string
  /** An object with exactly the fields `names`, none missing, none extra; returns it. */
  readFields(value: unknown, path: string, names: readonly string[]): Record<string, unknown>
  /** A non-empty string; returns it. */
  readString(value: unknown, path: string): string
  /** An address or object ID: `0x` and 1 to 64 hex digits. */
  readAddress(value: unknown, path: string): void
  /** A Move identifier; `what` names it in the message (e.g. `a module name`). */
  readIdentifier(value: unknown, path: string, what: string): void
  /** A transaction digest (Base58, 32 bytes); returns it. */
  readDigest(value: unknown, path: string): string
  /** A struct tag string, parsed by `parseStructTag` with `options`; the `TypeNameError` is kept as the cause. */
  readStructTag(value: unknown, path: string, options: ParseTypeNameOptions): void
  /** Milliseconds in 0..2^64-1, a safe integer number or a string of up to 20 digits; returns them. */
  readMillis(value: unknown, path: string): bigint
}

/**
 * The readers shared by `validateEventQueryFilter` and `validateSubscriptionFilter`, with
 * the wording of the check that uses them.
 *
 * @example
 * const { readAddress } = createFilterValueReaders({ list: () => 'an array', millis: 'milliseconds' })
 * readAddress('0x2', 'Sender') // passes
 * readAddress('2', 'Sender') // throws InvalidFilterError, path 'Sender'
 */
export function createFilterValueReaders(wording: FilterMessageWording): FilterValueReaders {
  const describe = (value: unknown): string => {
    if (typeof value === 'string') return JSON.stringify(value)
    if (Array.isArray(value)) return wording.list(value)
    if (value === null) return 'null'
    return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
  }
  return {
    describe,
    readFields(value, path, names) {
      if (!isPlainObject(value)) throw invalidFilter(path, `expected { ${names.join(', ')} }, got ${describe(value)}`)
      for (const name of Object.keys(value)) {
        if (!names.includes(name)) throw invalidFilter(`${path}.${name}`, `unknown field, expected ${names.join(', ')}`)
      }
      for (const name of names) {
        if (value[name] === undefined) throw invalidFilter(`${path}.${name}`, 'missing')
      }
      return value
    },
    readString(value, path) {
      if (typeof value !== 'string' || value === '') throw invalidFilter(path, `expected a non-empty string, got ${describe(value)}`)
      return value
    },
    readAddress(value, path) {
      if (typeof value !== 'string' || !isMoveAddress(value)) {
        throw invalidFilter(path, `expected an address (0x and 1 to 64 hex digits), got ${describe(value)}`)
      }
    },
    readIdentifier(value, path, what) {
      if (typeof value !== 'string' || !isMoveIdentifier(value))
        throw invalidFilter(path, `expected ${what} (a Move identifier), got ${describe(value)}`)
    },
    readDigest(value, path) {
      if (typeof value !== 'string' || !isTransactionDigest(value)) {
        throw invalidFilter(path, `expected a transaction digest (Base58, 32 bytes), got ${describe(value)}`)
      }
      return value
    },
    readStructTag(value, path, options) {
      if (typeof value !== 'string') throw invalidFilter(path, `expected a struct tag string, got ${describe(value)}`)
      try {
        parseStructTag(value, options)
      } catch (error) {
        if (error instanceof TypeNameError)
          throw invalidFilter(path, `expected <package>::<module>::<Struct>: ${error.shortMessage}`, error)
        throw error
      }
    },
    readMillis(value, path) {
      let millis: bigint | undefined
      if (typeof value === 'number' && Number.isSafeInteger(value)) millis = BigInt(value)
      else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) millis = BigInt(value)
      if (millis === undefined || millis < 0n || millis > U64_MAX) {
        throw invalidFilter(path, `expected ${wording.millis}, got ${describe(value)}`)
      }
      return millis
    },
  }
}

/**
 * The error of a filter check: INVALID_FILTER at `path`, with `reason`.
 *
 * @example
 * throw invalidFilter('TimeRange', 'startTime (5) is after endTime (1)')
 */
export function invalidFilter(path: string, reason: string, cause?: unknown): InvalidFilterError {
  return new InvalidFilterError({ path, reason, cause })
}

/**
 * Whether `value` is an object that is neither null nor an array.
 *
 * @example
 * isPlainObject({ Sender: '0x1' }) // true
 * isPlainObject([]) // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
