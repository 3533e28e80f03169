import type { WalkDirection } from '../../pagination/walkOptions.js'
import type { EventId, QueryEventsFn } from '../types.js'
import type { BackfillPlan } from './planBackfill.js'
import { readMissedEvents } from './readMissedEvents.js'
import { timestampOf, type SubscriptionDelivery } from './SubscriptionDelivery.js'

/**
 * Backfill settings after defaults were applied (see `BackfillOptions`).
 *
 * @example
 * const backfill: ResolvedBackfill = { onSubscribe: true, maxEvents: 10_000, pageSize: 50, maxBufferedEvents: 10_000 }
 */
export interface ResolvedBackfill {
  onSubscribe: boolean
  maxEvents: number
  pageSize: number
  maxBufferedEvents: number
}

/**
 * The backfill side of one subscription: reads `plan.query` after the position, page by
 * page, and hands each event to the delivery (checked against the filter when the plan is
 * not exact), stopping where the live stream held back begins. One runs at a time; a request
 * while one runs (or a live-buffer overflow) makes it run once more.
 *
 * @example
 * const backfill = new SubscriptionBackfill(delivery, plan, queryEvents, settings)
 * await backfill.anchor() // before the first subscribe
 * void backfill.run() // after each acknowledgement
 */
export class SubscriptionBackfill {
  readonly settings: ResolvedBackfill
  readonly #delivery: SubscriptionDelivery
  readonly #plan: BackfillPlan
  readonly #queryEvents: QueryEventsFn
  #running = false
  #again = false

  constructor(delivery: SubscriptionDelivery, plan: BackfillPlan, queryEvents: QueryEventsFn, settings: ResolvedBackfill) {
    this.#delivery = delivery
    this.#plan = plan
    this.#queryEvents = queryEvents
    this.settings = settings
  }

  /** Whether a backfill is running. */
  get running(): boolean {
    return this.#running
  }

  /** One page of `plan.query`. */
  query(page: { cursor: EventId | null; pageSize: number; direction?: WalkDirection }) {
    return this.#queryEvents({ filter: this.#plan.query, ...page })
  }

  /**
   * Notes the newest matching event as the position before the first subscribe, so events
   * emitted before the server's acknowledgement are backfilled too (when `onSubscribe`).
   */
  async anchor(): Promise<void> {
    if (!this.settings.onSubscribe) return
    try {
      const page = await this.query({ cursor: null, pageSize: 1, direction: 'backward' })
      this.#delivery.position = { known: true, id: page.data[0]?.id ?? null }
    } catch (error) {
      this.#delivery.error(error)
    }
  }

  /** Runs once more after the current run (the live buffer overflowed). */
  again(): void {
    this.#again = true
  }

  /** Backfills from the position, then delivers the live events held back meanwhile. */
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
    const check = !this.#plan.exact
    let delivered = 0
    try {
      const { read, stop } = await readMissedEvents({
        queryEvents: this.#queryEvents,
        query: this.#plan.query,
        after,
        pageSize: this.settings.pageSize,
        maxEvents: this.settings.maxEvents,
        // The live stream is complete from the acknowledgement on: the rest is held back.
        isLive: (event) => delivery.isHeld(event),
        onEvent: (event) => {
          if (delivery.accept(event, check)) delivered++
        },
        cancelled: () => !delivery.active,
      })
      if (stop === 'cancelled') return
      if (stop === 'limit') await this.#skipGap(`backfill stopped after ${read} events (maxEvents ${this.settings.maxEvents})`)
      delivery.report({ state: 'backfilled', delivered, scanned: read, after })
    } catch (error) {
      if (!delivery.active) return
      delivery.error(error)
      delivery.position = { known: false }
      delivery.gap(Date.now(), 'backfill failed; events before the next live event may be missing')
    }
  }

  /** Gives up on the rest of the gap: up to the first live event held back, or else up to the newest event. */
  async #skipGap(reason: string): Promise<void> {
    const firstLive = this.#delivery.firstHeld
    if (firstLive !== undefined) return this.#delivery.gap(timestampOf(firstLive) ?? Date.now(), reason)
    const page = await this.query({ cursor: null, pageSize: 1, direction: 'backward' })
    const newest = page.data[0]
    this.#delivery.gap(timestampOf(newest) ?? Date.now(), reason)
    if (newest !== undefined) this.#delivery.position = { known: true, id: newest.id }
  }
}
