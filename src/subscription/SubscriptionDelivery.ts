import { ChainxError } from '../errors/ChainxError.js'
import { UnexpectedError } from '../errors/UnexpectedError.js'
import type { SubscriptionKind, SubscriptionListener } from './SubscriptionKind.js'
import type { SubscriptionStateChange } from './types.js'
import type { ResolvedLogger } from '../utils/logger.js'

/** The cursor of the last item handled (`null`: none yet, from the chain's start), or unknown (nothing to backfill from). */
export type SubscriptionPosition<TCursor> = { known: true; id: TCursor | null } | { known: false }

/**
 * The delivery side of one subscription: each item handled once (a bounded set of recent keys),
 * in order, to the listener; live items held back while a backfill runs; the position; state
 * changes and errors to the listener. `active` turns false for good when the subscription ends.
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
  readonly #logger: Pick<ResolvedLogger, 'error'>
  /** Keys of the last `#remember` items handled, oldest first. */
  readonly #seen = new Set<string>()
  readonly #remember: number
  #lastTimestampMs = Date.now()
  /** Live items held back while a backfill runs, in arrival order, with their keys. */
  #held: { items: TItem[]; keys: Set<string>; capacity: number } | undefined

  constructor(
    kind: SubscriptionKind<TItem, TCursor>,
    listener: SubscriptionListener<TItem, TCursor>,
    remember: number,
    logger: Pick<ResolvedLogger, 'error'>,
  ) {
    this.#kind = kind
    this.#listener = listener
    this.#remember = remember
    this.#logger = logger
  }

  /** Whether live items are being held back (a backfill is pending or running). */
  get holding(): boolean {
    return this.#held !== undefined
  }

  /** The oldest live item held back. */
  get firstHeld(): TItem | undefined {
    return this.#held?.items[0]
  }

  /** Whether the item with this key was handled recently. */
  handled(key: string): boolean {
    return this.#seen.has(key)
  }

  /** Starts holding live items back (at most `capacity`), dropping what an earlier socket held. */
  hold(capacity: number): void {
    this.#held = { items: [], keys: new Set(), capacity }
  }

  /** Whether this live item is held back: a backfill reaching it has reached the live stream. */
  isHeld(item: TItem): boolean {
    return this.#held?.keys.has(this.#kind.key(item)) === true
  }

  /**
   * A live item: delivered, or held back. Past capacity everything held is forgotten and it
   * returns false: those items are on the chain, and one more backfill pass reads them.
   */
  live(item: TItem): boolean {
    const held = this.#held
    if (held === undefined) this.accept(item, false)
    else if (held.items.length >= held.capacity) {
      this.hold(held.capacity)
      return false
    } else {
      held.items.push(item)
      held.keys.add(this.#kind.key(item))
    }
    return true
  }

  /** Delivers what was held back (those a backfill delivered are skipped as seen). */
  release(): void {
    const held = this.#held?.items ?? []
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
    const seen = this.#seen
    if (seen.has(key)) return false
    if (seen.size >= this.#remember) seen.delete(seen.values().next().value as string)
    seen.add(key)
    this.onHandled?.(key)
    this.position = { known: true, id: kind.cursorOf(item) }
    this.#lastTimestampMs = kind.timestampOf(item) ?? this.#lastTimestampMs
    if (check && !kind.matches(item)) return false
    try {
      item = kind.prepare ? kind.prepare(item) : item
    } catch (error) {
      this.error(error, 'parse')
      return true
    }
    // The option name of the item listener: `onEvent`, `onTransaction`.
    const listenerName = `on${kind.noun.charAt(0).toUpperCase()}${kind.noun.slice(1)}`
    try {
      const returned: unknown = this.#listener.onItem(item)
      if (returned instanceof Promise) returned.catch((error: unknown) => this.error(error, listenerName))
    } catch (error) {
      this.error(error, listenerName)
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

  /** Passes an error to `onError` (default: the logger's `error`), wrapped in an `UnexpectedError` naming `source` unless a `ChainxError`. */
  error(error: unknown, source = `${this.#kind.noun} subscription`): void {
    const reported = error instanceof ChainxError ? error : new UnexpectedError({ source, cause: error })
    try {
      const { onError } = this.#listener
      if (onError) onError(reported)
      else this.#logger.error(`[chainx-sdk] ${this.#kind.noun} subscription error: ${reported.message}`, { error: reported })
    } catch {
      // an onError that throws must not break the stream
    }
  }
}
