import { eventKey } from '../eventKey.js'
import { parseEventContent } from '../parseEventContent.js'
import type { ChainxEvent, EventId, EventSubscriptionFilter } from '../types.js'
import { LiveBuffer } from './LiveBuffer.js'
import { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
import { RecentKeys } from './RecentKeys.js'
import type { SubscribeParameters, SubscriptionStateChange } from './types.js'

/**
 * The position of a subscription: the id of the last event handled (`null`: none yet, from
 * the chain's start), or unknown (nothing to backfill from).
 *
 * @example
 * const position: SubscriptionPosition = { known: true, id: event.id }
 */
export type SubscriptionPosition = { known: true; id: EventId | null } | { known: false }

/**
 * The delivery side of one subscription: each event handled once (a bounded set of recent
 * `eventKey`s), in order, to `onEvent`; live events held back while a backfill runs; the
 * position; state changes and errors to the caller's listeners. `active` turns false for
 * good when the subscription ends, and nothing is delivered or reported after.
 *
 * @example
 * const delivery = new SubscriptionDelivery(filter, parameters, 10_000)
 * delivery.accept(event, false) // true: delivered
 * delivery.accept(event, false) // false: seen
 */
export class SubscriptionDelivery {
  /** False once the subscription ended. */
  active = true
  /** The last event handled, live or backfilled. */
  position: SubscriptionPosition = { known: false }
  /** Called with the key of each event handled (the liveness check waits for one). */
  onHandled: ((key: string) => void) | undefined
  readonly #filter: EventSubscriptionFilter
  readonly #parameters: SubscribeParameters<never>
  readonly #seen: RecentKeys
  #lastTimestampMs = Date.now()
  #held: LiveBuffer | undefined

  constructor(filter: EventSubscriptionFilter, parameters: SubscribeParameters<never>, remember: number) {
    this.#filter = filter
    this.#parameters = parameters
    this.#seen = new RecentKeys(remember)
  }

  /** Whether live events are being held back (a backfill is pending or running). */
  get holding(): boolean {
    return this.#held !== undefined
  }

  /** The oldest live event held back. */
  get firstHeld(): ChainxEvent | undefined {
    return this.#held?.first
  }

  /** Whether the event with this key was handled recently. */
  handled(key: string): boolean {
    return this.#seen.has(key)
  }

  /** Starts holding live events back (at most `capacity`), dropping what an earlier socket held. */
  hold(capacity: number): void {
    this.#held = new LiveBuffer(capacity)
  }

  /** Whether this live event is held back: a backfill reaching it has reached the live stream. */
  isHeld(event: ChainxEvent): boolean {
    return this.#held?.has(eventKey(event)) === true
  }

  /** A live event: delivered, or held back. False when holding it overflowed (backfill again). */
  live(event: ChainxEvent): boolean {
    if (this.#held === undefined) {
      this.accept(event, false)
      return true
    }
    return this.#held.push(event)
  }

  /** Delivers what was held back (those a backfill delivered are skipped as seen). */
  release(): void {
    const held = this.#held?.drain() ?? []
    this.#held = undefined
    for (const event of held) {
      if (!this.active) return
      this.accept(event, false)
    }
  }

  /** Ends delivery for good. */
  stop(): void {
    this.active = false
    this.#held = undefined
  }

  /** Handles an event once: it becomes the position; delivered when it passes (`check`) the filter. */
  accept(event: ChainxEvent, check: boolean): boolean {
    const key = eventKey(event)
    if (this.#seen.has(key)) return false
    this.#seen.add(key)
    this.onHandled?.(key)
    this.position = { known: true, id: event.id }
    this.#lastTimestampMs = timestampOf(event) ?? this.#lastTimestampMs
    if (check && !matchSubscriptionFilter(this.#filter, event)) return false
    const { parse } = this.#parameters
    if (parse) {
      try {
        event = parseEventContent([event], parse)[0] as ChainxEvent
      } catch (error) {
        this.error(error)
        return true
      }
    }
    try {
      const returned: unknown = this.#parameters.onEvent(event as never)
      if (returned instanceof Promise) returned.catch((error: unknown) => this.error(error))
    } catch (error) {
      this.error(error)
    }
    return true
  }

  /** Reports a state change to `onStateChange` (a throwing listener goes to `onError`). */
  report(change: SubscriptionStateChange): void {
    if (!this.active && change.state !== 'closed') return
    try {
      this.#parameters.onStateChange?.(change)
    } catch (error) {
      this.error(error)
    }
  }

  /** Reports a gap from the last event handled up to `endMs`. */
  gap(endMs: number, reason: string): void {
    this.report({ state: 'gap', startMs: this.#lastTimestampMs, endMs: Math.max(endMs, this.#lastTimestampMs), reason })
  }

  /** Passes an error to `onError` (default: console.error); a throwing `onError` is ignored. */
  error(error: unknown): void {
    try {
      const onError = this.#parameters.onError ?? defaultOnError
      onError(error)
    } catch {
      // an onError that throws must not break the stream either
    }
  }
}

function defaultOnError(error: unknown): void {
  console.error('[chainx-sdk] event subscription error:', error)
}

/**
 * An event's `timestampMs` as a number, when it is an integer string.
 *
 * @example
 * timestampOf({ ...event, timestampMs: '1700000000000' }) // 1700000000000
 */
export function timestampOf(event: ChainxEvent | undefined): number | undefined {
  const text = event?.timestampMs
  return typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : undefined
}
