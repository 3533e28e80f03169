import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { readSubscriptionOptions } from '../../src/subscription/subscriptionOptionRules.js'
import { eventsOverFake } from '../helpers/resourceClients.js'
import { readBackoff, readCapMs, readCount, readLimitMs, readWaitMs } from '../../src/options/optionRules.js'
import { MAX_TIMER_MS } from '../../src/utils/maxTimerMs.js'

const readReconnect = (reconnect: unknown) => readSubscriptionOptions({ reconnect } as never).reconnect
const events = eventsOverFake(() => Promise.reject(new Error('no request is expected')))

describe('the option rules (options/optionRules.ts)', () => {
  it('a time limit or period: 0, Infinity and more than a timer holds are all off (Infinity); NaN and negatives are refused', () => {
    expect(readLimitMs('timeoutMs', 0, 30_000)).toBe(Infinity)
    expect(readLimitMs('timeoutMs', Infinity, 30_000)).toBe(Infinity)
    expect(readLimitMs('timeoutMs', MAX_TIMER_MS + 1, 30_000)).toBe(Infinity)
    expect(readLimitMs('timeoutMs', undefined, 30_000)).toBe(30_000)
    expect(readLimitMs('timeoutMs', 5, 30_000)).toBe(5)
    for (const bad of [-1, NaN, '5'])
      expect(() => readLimitMs('connectTimeoutMs', bad, 1)).toThrow(/^connectTimeoutMs must be a number of ms >= 0 \(0 or Infinity: off\)/)
  })

  it('a wait is finite and >= 0; a cap takes Infinity (no cap)', () => {
    expect(readWaitMs('intervalMs', 0, 1_000)).toBe(0)
    expect(() => readWaitMs('intervalMs', Infinity, 1_000)).toThrow(/^intervalMs must be a finite number of ms >= 0, got Infinity/)
    expect(readCapMs('backoff.maxDelayMs', Infinity, 30_000)).toBe(Infinity)
    expect(readCapMs('backoff.maxDelayMs', 0, 30_000)).toBe(0)
    expect(() => readCapMs('backoff.maxDelayMs', -1, 30_000)).toThrow(InvalidArgumentError)
  })

  it('a count is whole and >= its minimum; Infinity only where declared', () => {
    expect(readCount('maxItems', Infinity, 0, { infinite: true })).toBe(Infinity)
    expect(() => readCount('retry.retries', Infinity, 3)).toThrow(/^retry\.retries must be a whole number >= 0, got Infinity/)
    expect(() => readCount('pageSize', 0, 1, { min: 1 })).toThrow(/^pageSize must be a whole number >= 1, got 0/)
    expect(readCount('maxRestarts', undefined, 3)).toBe(3)
  })

  it('a backoff names the option the caller wrote', () => {
    expect(readBackoff('backoff', { maxDelayMs: Infinity }, { baseDelayMs: 500, maxDelayMs: 30_000 })).toEqual({
      baseDelayMs: 500,
      maxDelayMs: Infinity,
    })
    expect(() => readBackoff('backoff', { baseDelayMs: -1 }, { baseDelayMs: 500, maxDelayMs: 30_000 })).toThrow(/^backoff\.baseDelayMs /)
    expect(() => readBackoff('backoff', 5 as never, { baseDelayMs: 500, maxDelayMs: 30_000 })).toThrow(/^backoff must be an object/)
  })

  it('watch({ backoff: { maxDelayMs: Infinity } }) is accepted, and its bad options are named as written', () => {
    expect(() => events.watch({ filter: { All: [] }, backoff: { maxDelayMs: Infinity } })).not.toThrow()
    expect(() => events.watch({ filter: { All: [] }, backoff: { maxDelayMs: NaN } })).toThrow(/^backoff\.maxDelayMs must be/)
    expect(() => events.watch({ filter: { All: [] }, intervalMs: -1 })).toThrow(/^intervalMs must be/)
    expect(() => events.watch({ filter: { All: [] }, maxConsecutiveErrors: 0 })).toThrow(
      /^maxConsecutiveErrors must be a whole number >= 1 or Infinity/,
    )
    expect(() => events.watch({ filter: { All: [] }, pageSize: 2.5 })).toThrow(/^pageSize must be/)
  })

  it('reconnect: retries; Infinity retries forever; errors name the field written', () => {
    expect(readReconnect({ retries: 0 })).toMatchObject({ retries: 0, baseDelayMs: 500, maxDelayMs: 30_000 })
    expect(readReconnect({ retries: Infinity, maxDelayMs: Infinity })).toMatchObject({ retries: Infinity, maxDelayMs: Infinity })
    expect(readReconnect(false)).toBe(false)
    expect(() => readReconnect({ retries: 1.5 })).toThrow(/^reconnect\.retries must be a whole number >= 0 or Infinity/)
    expect(() => readReconnect({ retries: -1 })).toThrow(/^reconnect\.retries must be/)
  })
})
