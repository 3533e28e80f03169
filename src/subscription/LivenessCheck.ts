import type { SubscriptionBackfill } from './SubscriptionBackfill.js'
import type { SubscriptionDelivery } from './SubscriptionDelivery.js'
import type { SubscriptionKind } from './SubscriptionKind.js'

/** A matching item newer than the position, found by a check and not handled yet. */
interface Suspect<TCursor> {
  id: TCursor
  key: string
  /** Set when the event is handled (live or backfilled) after it was found. */
  handled: boolean
}

/**
 * The verification side of one subscription. The service can drop a subscription and keep
 * the socket (jsonrpc-anchor 2.8), so each check reads the newest items of the kind's query
 * (descending; `limit` 1 when the query is exact, else one page, checked with
 * `kind.matches`): the newest matching one that is newer than the position and not
 * handled becomes the suspect. Still not handled at the next check, it is `missed`: the
 * server subscription is dead. An event thus gets a whole interval to arrive before it
 * counts as lost.
 *
 * @example
 * const liveness = new LivenessCheck(delivery, backfill, kind)
 * if (liveness.missed) recover(liveness.missed)
 * else await liveness.check(() => stillSubscribed)
 */
export class LivenessCheck<TItem, TCursor> {
  readonly #delivery: SubscriptionDelivery<TItem, TCursor>
  readonly #backfill: SubscriptionBackfill<TItem, TCursor>
  readonly #kind: SubscriptionKind<TItem, TCursor>
  #suspect: Suspect<TCursor> | undefined

  constructor(
    delivery: SubscriptionDelivery<TItem, TCursor>,
    backfill: SubscriptionBackfill<TItem, TCursor>,
    kind: SubscriptionKind<TItem, TCursor>,
  ) {
    this.#delivery = delivery
    this.#backfill = backfill
    this.#kind = kind
    delivery.onHandled = (key) => {
      if (this.#suspect?.key === key) this.#suspect.handled = true
    }
  }

  /** The event the previous check found and that is still not handled: the server subscription missed it. */
  get missed(): TCursor | undefined {
    const suspect = this.#suspect
    return suspect !== undefined && !suspect.handled ? suspect.id : undefined
  }

  /** Forgets the suspect (a new server subscription backfills from the position anyway). */
  clear(): void {
    this.#suspect = undefined
  }

  /**
   * One check. Without a known position (nothing handled since a failed backfill, or
   * `onSubscribe: false` and nothing handled yet) the newest event becomes the position, as
   * the anchor at subscribe does. `current` says whether the subscription is still the one
   * checked (not subscribed again or gone meanwhile).
   */
  async check(current: () => boolean): Promise<void> {
    const kind = this.#kind
    const exact = kind.exact
    const page = await this.#backfill.query({ cursor: null, pageSize: exact ? 1 : this.#backfill.settings.pageSize, direction: 'backward' })
    // Subscribed again (or gone) meanwhile: that subscribe started its own backfill.
    if (!current()) return
    const delivery = this.#delivery
    if (!delivery.position.known) {
      const newest = page.items[0]
      delivery.position = { known: true, id: newest === undefined ? null : kind.cursorOf(newest) }
      return
    }
    const position = delivery.position.id === null ? undefined : kind.cursorKey(delivery.position.id)
    this.#suspect = undefined
    for (const item of page.items) {
      const key = kind.key(item)
      // Delivery is in order: the position, or any item handled, has every older one handled too.
      if (key === position || delivery.handled(key)) return
      if (exact || kind.matches(item)) {
        this.#suspect = { id: kind.cursorOf(item), key, handled: false }
        return
      }
    }
  }
}
