import { ChainxError } from '../errors/ChainxError.js'
import { UnexpectedError } from '../errors/UnexpectedError.js'
import { LiveBuffer } from './LiveBuffer.js'
import { RecentKeys } from './RecentKeys.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import type { SubscriptionStateChange } from './types.js'
import type { ResolvedLogger } from '../utils/logger.js'

/**
 * The position of a subscription: the cursor of the last item handled (`null`: none yet, from
 * the chain's start), or unknown (nothing to backfill from).
 *
 * @example
 * const position: SubscriptionPosition<EventId> = { known: true, id: event.id }
 */
export type SubscriptionPosition<TCursor> = { known: true; id: TCursor | null } | { known: false }

/**
 * The delivery side of one subscription: each item handled once (a bounded set of recent
 * keys), in order, to the listener; live items held back while a backfill runs; the
 * position; state changes and errors to the caller's listeners. `active` turns false for
 * good when the subscription ends, and nothing is delivered or reported after.
 *
 * @example
 * const delivery = new SubscriptionDelivery(kind, { onItem: console.log }, 10_000)
 * delivery.accept(event, false) // true: delivered
 * delivery.accept(event, false) // false: seen
 */
export class SubscriptionDelivery<TItem, TCursor> {
  /** False once the subscription ended. */
  active = true
  /** The last item handled, live or backfilled. */
  position: SubscriptionPosition<TCursor> = { known: false }
  /** Called with the key of each item handled (the liveness check waits for one). */
  onHandled: ((key: string) => void) | undefined
  readonly #kind: SubscriptionKind<TItem, TCursor>
  readonly #listener: SubscriptionListener<TItem, TCursor>
  readonly #seen: RecentKeys
  #lastTimestampMs = Date.now()
  #held: LiveBuffer<TItem> | undefined
  readonly #logger: Pick<ResolvedLogger, 'error'> | undefined

  constructor(
    kind: SubscriptionKind<TItem, TCursor>,
    listener: SubscriptionListener<TItem, TCursor>,
    remember: number,
    logger?: Pick<ResolvedLogger, 'error'>,
  ) {
    this.#kind = kind
    this.#listener = listener
    this.#seen = new RecentKeys(remember)
    this.#logger = logger
  }

  /** Whether live items are being held back (a backfill is pending or running). */
  get holding(): boolean {
    return this.#held !== undefined
  }

  /** The oldest live item held back. */
  get firstHeld(): TItem | undefined {
    return this.#held?.first
  }

  /** Whether the item with this key was handled recently. */
  handled(key: string): boolean {
    return this.#seen.has(key)
  }

  /** Starts holding live items back (at most `capacity`), dropping what an earlier socket held. */
  hold(capacity: number): void {
    this.#held = new LiveBuffer(capacity, (item: TItem) => this.#kind.key(item))
  }

  /** Whether this live item is held back: a backfill reaching it has reached the live stream. */
  isHeld(item: TItem): boolean {
    return this.#held?.has(this.#kind.key(item)) === true
  }

  /** A live item: delivered, or held back. False when holding it overflowed (backfill again). */
  live(item: TItem): boolean {
    if (this.#held === undefined) {
      this.accept(item, false)
      return true
    }
    return this.#held.push(item)
  }

  /** Delivers what was held back (those a backfill delivered are skipped as seen). */
  release(): void {
    const held = this.#held?.drain() ?? []
    this.#held = undefined
    for (const item of held) {
      if (!this.active) return
      this.accept(item, false)
    }
  }

  /** Ends delivery for good. */
  stop(): void {
    this.active = false
    this.#held = undefined
  }

  /** Handles an item once: it becomes the position; delivered when it passes (`check`) the filter. */
  accept(item: TItem, check: boolean): boolean {
    const kind = this.#kind
    const key = kind.key(item)
    if (this.#seen.has(key)) return false
    this.#seen.add(key)
    this.onHandled?.(key)
    this.position = { known: true, id: kind.cursorOf(item) }
    this.#lastTimestampMs = kind.timestampOf(item) ?? this.#lastTimestampMs
    if (check && !kind.matches(item)) return false
    if (kind.prepare) {
      try {
        item = kind.prepare(item)
      } catch (error) {
        this.error(error, 'parse')
        return true
      }
    }
    try {
      const returned: unknown = this.#listener.onItem(item)
      if (returned instanceof Promise) returned.catch((error: unknown) => this.error(error, this.#itemListenerName()))
    } catch (error) {
      this.error(error, this.#itemListenerName())
    }
    return true
  }

  /** Reports a state change to `onStateChange` (a throwing listener goes to `onError`). */
  report(change: SubscriptionStateChange<TCursor>): void {
    if (!this.active && change.state !== 'closed') return
    try {
      this.#listener.onStateChange?.(change)
    } catch (error) {
      this.error(error, 'onStateChange')
    }
  }

  /** Reports a gap from the last item handled up to `endMs`. */
  gap(endMs: number, reason: string): void {
    this.report({ state: 'gap', startMs: this.#lastTimestampMs, endMs: Math.max(endMs, this.#lastTimestampMs), reason })
  }

  /**
   * Passes an error to `onError` (default: the logger's `error`, console.error without one); a
   * throwing `onError` is ignored.
   * `onError` receives a `ChainxError` only: anything else is wrapped in an `UnexpectedError`
   * (code `UNEXPECTED`) whose `source` is `source` (what threw) and whose `cause` is it.
   */
  error(error: unknown, source = `${this.#kind.noun} subscription`): void {
    const reported = error instanceof ChainxError ? error : new UnexpectedError({ source, cause: error })
    try {
      const { onError } = this.#listener
      if (onError) onError(reported)
      else if (this.#logger)
        this.#logger.error(`[chainx-sdk] ${this.#kind.noun} subscription error: ${reported.message}`, { error: reported })
      else console.error(`[chainx-sdk] ${this.#kind.noun} subscription error:`, reported)
    } catch {
      // an onError that throws must not break the stream either
    }
  }

  /** The option name of the item listener: `onEvent`, `onTransaction`. */
  #itemListenerName(): string {
    const noun = this.#kind.noun
    return `on${noun.charAt(0).toUpperCase()}${noun.slice(1)}`
  }
}
