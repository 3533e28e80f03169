import { InvalidArgumentError } from '../errors/request.js'
import { MAX_TIMER_MS } from '../utils/maxTimerMs.js'
import { checkKeys } from './checkKeys.js'

// The SDK's one rule book for options (docs/vocabulary.md, "Option rules"): each option is read by the reader of its kind
// before any request; a bad value throws `InvalidArgumentError` naming the option as the caller wrote it. A limit or period of
// `0` or `Infinity` is off (a zero limit could only fail, a zero period only spin); NaN, negatives and non-numbers are refused.

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value)

function fail(name: string, rule: string, value: unknown): never {
  throw new InvalidArgumentError(`${name} must be ${rule}, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`)
}

/** Reads a time limit or a period in ms: `0`, `Infinity` and anything a timer cannot hold give `Infinity` (off). */
export function readLimitMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0) fail(name, 'a number of ms >= 0 (0 or Infinity: off)', ms)
  return ms === 0 || ms > MAX_TIMER_MS ? Infinity : ms
}

/** Reads a wait in ms (its default when undefined): a finite number >= 0. */
export function readWaitMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0 || ms === Infinity) fail(name, 'a finite number of ms >= 0', ms)
  return ms
}

/** Reads a cap on waits in ms (its default when undefined): a number >= 0, `Infinity` for no cap. */
export function readCapMs(name: string, value: unknown, fallback: number): number {
  const ms = value ?? fallback
  if (!isNumber(ms) || ms < 0) fail(name, 'a number of ms >= 0 (Infinity: no cap)', ms)
  return ms
}

/** Reads a count (its default when undefined): a whole number >= `min`, or `Infinity` where the rule allows it. */
export function readCount(
  name: string,
  value: unknown,
  fallback: number,
  rule: { min?: number | undefined; infinite?: boolean | undefined } = {},
): number {
  const count = value ?? fallback
  const { min = 0, infinite = false } = rule
  if (infinite && count === Infinity) return count
  if (!isNumber(count) || !Number.isInteger(count) || count < min) {
    fail(name, `a whole number >= ${min}${infinite ? ' or Infinity' : ''}`, count)
  }
  return count
}

/** Reads a backoff object (`baseDelayMs` a wait, `maxDelayMs` a cap) under the name the caller wrote. */
export function readBackoff(name: string, value: unknown, defaults: { baseDelayMs: number; maxDelayMs: number }) {
  return readGroup(name, value, { baseDelayMs: ['wait', defaults.baseDelayMs], maxDelayMs: ['cap', defaults.maxDelayMs] } as const)
}

/** Checks that an options group is an object (or undefined). */
export function readObject(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) fail(name, 'an object', value)
}

/** A duration read by `readLimitMs` as a timer delay: `undefined` (no timer) when it is off. */
export function timerDelayMs(ms: number): number | undefined {
  return ms > MAX_TIMER_MS ? undefined : ms
}

/**
 * How `readGroup` reads one option: its kind and default (a count: its minimum and whether `Infinity` is accepted; a type kind: the
 * type only; a group: its own rules, and whether `false` is accepted).
 */
export type OptionRule =
  | readonly [kind: 'limit' | 'wait' | 'cap', fallback: number]
  | readonly [kind: 'count', fallback: number, min?: number, infinite?: boolean]
  | readonly [kind: 'function' | 'boolean' | 'string' | 'object', fallback?: unknown]
  | readonly [kind: 'group', rules: OptionRules, orFalse?: boolean]

/** A table of option rules, one row per option of a group. */
export interface OptionRules {
  readonly [field: string]: OptionRule
}

/** What `readGroup` gives for a table of rules: numbers for the numeric kinds. */
type ReadGroup<R extends OptionRules> = {
  [K in keyof R]: R[K][0] extends 'limit' | 'wait' | 'cap' | 'count' ? number : unknown
}

/**
 * Reads a group of options by its table of rules, each field under `name.field`; with `closed`, a key the table does not list is
 * refused too (`checkKeys`).
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
