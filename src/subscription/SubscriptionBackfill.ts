import type { WalkDirection } from '../pagination/walkOptions.js'
import { readMissedItems } from './readMissedItems.js'
import type { SubscriptionDelivery } from './SubscriptionDelivery.js'
import type { PageShape } from '../pagination/types.js'
import type { SubscriptionKind } from './SubscriptionKind.js'

/**
 * Backfill settings after defaults were applied (see `BackfillOptions`).
 *
 * @example
 * const backfill: ResolvedBackfill = { onSubscribe: true, maxItems: 10_000, pageSize: 50, maxBufferedItems: 10_000 }
 */
export interface ResolvedBackfill {
  onSubscribe: boolean
  maxItems: number
  pageSize: number
  maxBufferedItems: number
}

/** A kind that can backfill: its `query` is there. */
export type QueryableKind<TItem, TCursor> = SubscriptionKind<TItem, TCursor> & {
  query: NonNullable<SubscriptionKind<TItem, TCursor>['query']>
}

/**
 * The backfill side of one subscription: reads the kind's query after the position, page by
 * page, and hands each item to the delivery (checked with `kind.matches` when the query is
 * not exact), stopping where the live stream held back begins. One runs at a time; a request
 * while one runs (or a live-buffer overflow) makes it run once more.
 *
 * @example
 * const backfill = new SubscriptionBackfill(delivery, kind, settings)
 * await backfill.anchor() // before the first subscribe
 * void backfill.run() // after each acknowledgement
 */
export class SubscriptionBackfill<TItem, TCursor> {
  readonly settings: ResolvedBackfill
  readonly #delivery: SubscriptionDelivery<TItem, TCursor>
  readonly #kind: QueryableKind<TItem, TCursor>
  #running = false
  #again = false

  constructor(delivery: SubscriptionDelivery<TItem, TCursor>, kind: QueryableKind<TItem, TCursor>, settings: ResolvedBackfill) {
    this.#delivery = delivery
    this.#kind = kind
    this.settings = settings
  }

  /** Whether a backfill is running. */
  get running(): boolean {
    return this.#running
  }

  /** One page of the kind's query. */
  query(page: { cursor: TCursor | null; pageSize: number; direction?: WalkDirection }): Promise<PageShape<TItem, TCursor>> {
    return this.#kind.query(page)
  }

  /**
   * Notes the newest matching item as the position before the first subscribe, so items
   * that land before the server's acknowledgement are backfilled too (when `onSubscribe`).
   */
  async anchor(): Promise<void> {
    if (!this.settings.onSubscribe) return
    try {
      const page = await this.query({ cursor: null, pageSize: 1, direction: 'backward' })
      const newest = page.items[0]
      this.#delivery.position = { known: true, id: newest === undefined ? null : this.#kind.cursorOf(newest) }
    } catch (error) {
      this.#delivery.error(error)
    }
  }

  /** Runs once more after the current run (the live buffer overflowed). */
  again(): void {
    this.#again = true
  }

  /** Backfills from the position, then delivers the live items held back meanwhile. */
  async run(): Promise<void> {
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = true
    try {
      do {
        this.#again = false
        await this.#once()
      } while (this.#again && this.#delivery.active)
    } finally {
      this.#running = false
      this.#delivery.release()
    }
  }

  async #once(): Promise<void> {
    const delivery = this.#delivery
    const { position } = delivery
    if (!position.known) return
    const after = position.id
    const check = !this.#kind.exact
    let delivered = 0
    try {
      const { read, stop } = await readMissedItems({
        kind: this.#kind,
        after,
        pageSize: this.settings.pageSize,
        maxItems: this.settings.maxItems,
        // The live stream is complete from the acknowledgement on: the rest is held back.
        isLive: (item) => delivery.isHeld(item),
        onEvent: (item) => {
          if (delivery.accept(item, check)) delivered++
        },
        cancelled: () => !delivery.active,
      })
      if (stop === 'cancelled') return
      if (stop === 'limit') await this.#skipGap(`backfill stopped after ${read} ${this.#kind.noun}s (maxItems ${this.settings.maxItems})`)
      delivery.report({ state: 'backfilled', delivered, scanned: read, after })
    } catch (error) {
      if (!delivery.active) return
      delivery.error(error)
      delivery.position = { known: false }
      delivery.gap(Date.now(), `backfill failed; ${this.#kind.noun}s before the next live one may be missing`)
    }
  }

  /** Gives up on the rest of the gap: up to the first live item held back, or else up to the newest item. */
  async #skipGap(reason: string): Promise<void> {
    const kind = this.#kind
    const firstLive = this.#delivery.firstHeld
    if (firstLive !== undefined) return this.#delivery.gap(kind.timestampOf(firstLive) ?? Date.now(), reason)
    const page = await this.query({ cursor: null, pageSize: 1, direction: 'backward' })
    const newest = page.items[0]
    this.#delivery.gap(kind.timestampOf(newest) ?? Date.now(), reason)
    if (newest !== undefined) this.#delivery.position = { known: true, id: kind.cursorOf(newest) }
  }
}
