import { InvalidArgumentError } from '../errors/request.js'
import { MAX_TIMER_MS } from '../utils/maxTimerMs.js'
import { checkKeys } from './checkKeys.js'

// The SDK's one rule book for numeric options (docs/vocabulary.md, "Option rules"). Every option
// declares its kind where it is declared and is read by the reader of that kind, before any
// request; a bad value throws `InvalidArgumentError` naming the option as the caller wrote it
// (`backoff.maxDelayMs`, `subscriptions.reconnect.retries`).
//
// - A time limit (`timeoutMs`, `connectTimeoutMs`, `callTimeoutMs`, `heartbeatTimeoutMs`) or a
//   period (`heartbeatMs`, `verifyIntervalMs`): `0` and `Infinity` both mean off (no limit, no
//   check), as in Node and axios: a zero limit could only fail and a zero period only spin.
//   A value longer than a timer holds (2^31-1 ms, about 24.8 days) is off too.
// - A wait (`intervalMs`, `baseDelayMs`): a finite number of ms >= 0; `0` is no wait.
// - A cap on waits (`maxDelayMs`, `maxRetryAfterMs`): ms >= 0; `0` allows no wait, `Infinity` no cap.
// - A count (`retries`, `maxItems`, `maxPages`, ...): a whole number >= its minimum; `Infinity`
//   (unbounded) only where the option says so.
// NaN, negative numbers and non-numbers are refused everywhere.

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value)

function fail(name: string, rule: string, value: unknown): never {
  throw new InvalidArgumentError(`${name} must be ${rule}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`)
}

/**
 * Reads a time limit or a period in ms (its default when undefined): `0`, `Infinity` and
 * anything a timer cannot hold give `Infinity` (off); NaN, negative or not a number throws.
 *
 * @example
 * readLimitMs('timeoutMs', 0, 30_000) // Infinity (no limit)
 * readLimitMs('callTimeoutMs', undefined, 30_000) // 30000
 */
export function readLimitMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0) fail(name, 'a number of ms >= 0 (0 or Infinity: off)', ms)
  return ms === 0 || ms > MAX_TIMER_MS ? Infinity : ms
}

/**
 * Reads a wait in ms (its default when undefined): a finite number >= 0.
 *
 * @example
 * readWaitMs('intervalMs', 2_000, 1_000) // 2000
 */
export function readWaitMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0 || ms === Infinity) fail(name, 'a finite number of ms >= 0', ms)
  return ms
}

/**
 * Reads a cap on waits in ms (its default when undefined): a number >= 0, `Infinity` for no cap.
 *
 * @example
 * readCapMs('backoff.maxDelayMs', Infinity, 30_000) // Infinity
 */
export function readCapMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0) fail(name, 'a number of ms >= 0 (Infinity: no cap)', ms)
  return ms
}

/**
 * How a count may be bounded: its minimum, and whether `Infinity` (unbounded) is accepted.
 *
 * @example
 * const rule: CountRule = { min: 1, infinite: true }
 */
export interface CountRule {
  /**
   * The smallest value accepted.
   * @default 0
   */
  min?: number | undefined
  /**
   * Whether `Infinity` (unbounded) is accepted.
   * @default false
   */
  infinite?: boolean | undefined
}

/**
 * Reads a count (its default when undefined): a whole number >= `min`, or `Infinity` where the
 * rule allows it.
 *
 * @example
 * readCount('maxConsecutiveErrors', undefined, Infinity, { min: 1, infinite: true }) // Infinity
 * readCount('retry.retries', 2.5, 3) // throws INVALID_ARGUMENT naming retry.retries
 */
export function readCount(name: string, value: unknown, fallback: number, rule: CountRule = {}): number {
  const count = value ?? fallback
  const { min = 0, infinite = false } = rule
  if (infinite && count === Infinity) return count
  if (!isNumber(count) || !Number.isInteger(count) || count < min) {
    fail(name, `a whole number >= ${min}${infinite ? ' or Infinity' : ''}`, count)
  }
  return count
}

/**
 * The backoff between failed attempts: exponential from `baseDelayMs` with jitter, capped at `maxDelayMs`.
 *
 * @example
 * const backoff: BackoffOptions = { baseDelayMs: 500, maxDelayMs: 30_000 }
 */
export interface BackoffOptions {
  /**
   * First delay in ms (a wait); doubles each attempt, with jitter.
   * @default option-specific
   */
  baseDelayMs?: number | undefined
  /**
   * Largest delay in ms (a cap): `Infinity` leaves the doubling uncapped.
   * @default option-specific
   */
  maxDelayMs?: number | undefined
}

/**
 * Reads a backoff object under the name the caller wrote (`backoff`, `retry`,
 * `subscriptions.reconnect`): an object or undefined, each field by its kind.
 *
 * @example
 * readBackoff('backoff', { maxDelayMs: Infinity }, { baseDelayMs: 500, maxDelayMs: 30_000 }) // { baseDelayMs: 500, maxDelayMs: Infinity }
 */
export function readBackoff(
  name: string,
  value: BackoffOptions | undefined,
  defaults: Required<BackoffOptions>,
): { baseDelayMs: number; maxDelayMs: number } {
  readObject(name, value)
  return {
    baseDelayMs: readWaitMs(`${name}.baseDelayMs`, value?.baseDelayMs, defaults.baseDelayMs),
    maxDelayMs: readCapMs(`${name}.maxDelayMs`, value?.maxDelayMs, defaults.maxDelayMs),
  }
}

/**
 * Checks that an options group is an object (or undefined).
 *
 * @example
 * readObject('backoff', { baseDelayMs: 1 })
 */
export function readObject(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) fail(name, 'an object', value)
}

/**
 * A duration read by `readLimitMs` as a timer delay: `undefined` (no timer) when it is off.
 *
 * @example
 * timerDelayMs(Infinity) // undefined
 */
export function timerDelayMs(ms: number): number | undefined {
  return ms > MAX_TIMER_MS ? undefined : ms
}

/**
 * How `readGroup` reads one option: its kind by the rules above and its default. A count takes
 * its minimum and whether `Infinity` is accepted; `'function'`, `'boolean'`, `'string'` and
 * `'object'` are checked for their type only; `'group'` is a nested group read by its own rules
 * (`false` accepted when its third element says so).
 *
 * @example
 * const rule: OptionRule = ['count', 50, 1] // a whole number >= 1, 50 by default
 */
export type OptionRule =
  | readonly [kind: 'limit' | 'wait' | 'cap', fallback: number]
  | readonly [kind: 'count', fallback: number, min?: number, infinite?: boolean]
  | readonly [kind: 'function' | 'boolean' | 'string' | 'object', fallback?: unknown]
  | readonly [kind: 'group', rules: OptionRules, orFalse?: boolean]

/**
 * A table of option rules, one row per option of a group.
 *
 * @example
 * const rules: OptionRules = { cooldownMs: ['wait', 5_000], rankByLatency: ['boolean', true] }
 */
export interface OptionRules {
  readonly [field: string]: OptionRule
}

/** What `readGroup` gives for a table of rules: numbers for the numeric kinds. */
type ReadGroup<R extends OptionRules> = {
  [K in keyof R]: R[K][0] extends 'limit' | 'wait' | 'cap' | 'count' ? number : unknown
}

/**
 * Reads a group of options by a table of rules, one row per option where it is declared:
 * each field by its kind, under `name.field` (just `field` when `name` is empty, a top-level
 * group). A group that is not an object, or a bad field, throws `InvalidArgumentError` naming it;
 * with `closed`, so does a key the table (or a nested group's) does not list (`checkKeys`).
 *
 * @example
 * readGroup('failover', { cooldownMs: 1_000 }, { cooldownMs: ['wait', 5_000], rankByLatency: ['boolean', true] }) // { cooldownMs: 1000, rankByLatency: true }
 */
export function readGroup<R extends OptionRules>(name: string, group: unknown, rules: R, closed = false): ReadGroup<R> {
  if (name) readObject(name, group)
  if (closed) checkKeys(name, group, Object.keys(rules))
  const read: Record<string, unknown> = {}
  const given = group as Record<string, unknown> | undefined
  for (const field in rules) {
    const [kind, fallback, min, infinite] = rules[field] as unknown as [OptionRule[0], number, number?, boolean?]
    const path = name ? `${name}.${field}` : field
    const value = given?.[field]
    if (kind === 'limit') read[field] = readLimitMs(path, value, fallback)
    else if (kind === 'wait') read[field] = readWaitMs(path, value, fallback)
    else if (kind === 'cap') read[field] = readCapMs(path, value, fallback)
    else if (kind === 'count') read[field] = readCount(path, value, fallback, { min, infinite })
    else if (kind === 'group')
      read[field] = value === false && min ? false : readGroup(path, value, fallback as unknown as OptionRules, closed)
    else {
      if (kind === 'object') readObject(path, value)
      else if (value !== undefined && typeof value !== kind) fail(path, `a ${kind}`, value)
      read[field] = value ?? fallback
    }
  }
  return read as ReadGroup<R>
}
