import { createPageIterator } from '../pagination/createPageIterator.js'
import { walkPages } from '../pagination/walkPages.js'
import { resolvePaginationOptions } from '../pagination/resolvePaginationOptions.js'
import type { SubscriptionDelivery } from './SubscriptionDelivery.js'
import type { SubscriptionKind } from './SubscriptionKind.js'
import type { ResolvedBackfill } from './subscriptionOptionRules.js'

/** A kind that can backfill: its `query` is there. */
export type QueryableKind<TItem, TCursor> = SubscriptionKind<TItem, TCursor> & Required<Pick<SubscriptionKind<TItem, TCursor>, 'query'>>

/**
 * The backfill side of one subscription: reads the kind's query after the position, page by
 * page, and hands each item to the delivery (checked with `kind.matches` when the query is not
 * exact), stopping where the live stream held back begins. One runs at a time; a request while
 * one runs (or a live-buffer overflow) makes it run once more. It also checks liveness (`check`).
 */
export class SubscriptionBackfill<TItem, TCursor> {
  readonly settings: ResolvedBackfill
  readonly #delivery: SubscriptionDelivery<TItem, TCursor>
  readonly #kind: QueryableKind<TItem, TCursor>
  #running = false
  #again = false
  #suspect: { id: TCursor; key: string; handled: boolean } | undefined

  constructor(delivery: SubscriptionDelivery<TItem, TCursor>, kind: QueryableKind<TItem, TCursor>, settings: ResolvedBackfill) {
    this.#delivery = delivery
    this.#kind = kind
    this.settings = settings
    delivery.onHandled = (key) => {
      if (this.#suspect?.key === key) this.#suspect.handled = true
    }
  }

  /** Whether a backfill is running. */
  get running(): boolean {
    return this.#running
  }

  /** The item the previous check found and that is still not handled: the server subscription missed it. */
  get missed(): TCursor | undefined {
    const suspect = this.#suspect
    return suspect !== undefined && !suspect.handled ? suspect.id : undefined
  }

  /** Forgets the suspect (a new server subscription backfills from the position anyway). */
  forgetSuspect(): void {
    this.#suspect = undefined
  }

  /**
   * Notes the newest matching item as the position before the first subscribe, so items
   * that land before the server's acknowledgement are backfilled too (when `onSubscribe`).
   */
  async anchor(): Promise<void> {
    if (!this.settings.onSubscribe) return
    try {
      this.#moveTo((await this.#newest(1))[0])
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
    if (this.#running) return this.again()
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

  /**
   * One liveness check (the service can drop a subscription and keep the socket, jsonrpc-anchor
   * 2.8): the newest matching item newer than the position and not handled becomes the suspect;
   * still not handled at the next check, it is `missed`. Without a known position the newest item
   * becomes it. `current` says whether the subscription is still the one checked.
   */
  async check(current: () => boolean): Promise<void> {
    const kind = this.#kind
    const newest = await this.#newest(kind.exact ? 1 : this.settings.pageSize)
    if (!current()) return
    const { position } = this.#delivery
    if (!position.known) return this.#moveTo(newest[0])
    const positionKey = position.id === null ? undefined : kind.cursorKey(position.id)
    this.#suspect = undefined
    for (const item of newest) {
      const key = kind.key(item)
      // Delivery is in order: the position, or any item handled, has every older one handled too.
      if (key === positionKey || this.#delivery.handled(key)) return
      if (kind.exact || kind.matches(item)) {
        this.#suspect = { id: kind.cursorOf(item), key, handled: false }
        return
      }
    }
  }

  /** The newest items of the kind's query, newest first. */
  async #newest(pageSize: number): Promise<TItem[]> {
    return (await this.#kind.query({ cursor: null, pageSize, direction: 'backward' })).items
  }

  #moveTo(item: TItem | undefined): void {
    this.#delivery.position = { known: true, id: item === undefined ? null : this.#kind.cursorOf(item) }
  }

  /**
   * Reads ascending after the position on the shared page machine until the live stream held
   * back, an empty page, or `maxItems` (the rest then reported as a gap). A cursor that does not
   * advance ends the walk (`onServiceStall: 'end'`): a misbehaving server cannot make it loop.
   */
  async #once(): Promise<void> {
    const delivery = this.#delivery
    const kind = this.#kind
    const { pageSize, maxItems } = this.settings
    const { position } = delivery
    if (!position.known) return
    const after = position.id
    let delivered = 0
    let scanned = 0
    let limited = false
    try {
      // In the JSON-RPC chunk already: the walk is at hand.
      const walk = createPageIterator(async () => walkPages, {
        // Without prefetch: nothing is read past the live stream, the end of the subscription or maxItems.
        options: resolvePaginationOptions<TItem>({ prefetch: false, pageSize }),
        onServiceStall: 'end',
        startCursor: after,
        sameCursor: (a, b) => kind.sameCursor(a, b),
        async fetchPage({ cursor, size, signal }) {
          const page = await kind.query({ cursor, pageSize: size ?? pageSize, signal })
          // No cursor means no move: the machine stops a page that claims more without one.
          return { items: page.items, nextCursor: page.cursor ?? cursor, hasMore: page.hasMore }
        },
      })
      for await (const page of walk.pages()) {
        if (!delivery.active) return
        // The live stream is complete from the acknowledgement on: the backfill ends where it begins.
        const live = page.items.findIndex((item) => delivery.isHeld(item))
        for (const item of live === -1 ? page.items : page.items.slice(0, live)) {
          if (!delivery.active) return
          scanned++
          if (delivery.accept(item, !kind.exact)) delivered++
        }
        if (live !== -1 || page.items.length === 0) break
        if (page.hasMore && scanned >= maxItems) {
          limited = true
          break
        }
      }
      if (limited) await this.#skipGap(`backfill stopped after ${scanned} ${kind.noun}s (maxItems ${maxItems})`)
      delivery.report({ state: 'backfilled', delivered, scanned, after })
    } catch (error) {
      if (!delivery.active) return
      delivery.error(error)
      delivery.position = { known: false }
      delivery.gap(Date.now(), `backfill failed; ${kind.noun}s before the next live one may be missing`)
    }
  }

  /** Gives up on the rest of the gap: up to the first live item held back, or else up to the newest item. */
  async #skipGap(reason: string): Promise<void> {
    const kind = this.#kind
    const firstLive = this.#delivery.firstHeld
    if (firstLive !== undefined) return this.#delivery.gap(kind.timestampOf(firstLive) ?? Date.now(), reason)
    const [newest] = await this.#newest(1)
    this.#delivery.gap(kind.timestampOf(newest) ?? Date.now(), reason)
    if (newest !== undefined) this.#moveTo(newest)
  }
}
