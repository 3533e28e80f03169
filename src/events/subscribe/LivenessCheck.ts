import { eventKey } from '../eventKey.js'
import type { EventId, EventSubscriptionFilter } from '../types.js'
import { matchSubscriptionFilter } from './matchSubscriptionFilter.js'
import type { BackfillPlan } from './planBackfill.js'
import type { SubscriptionBackfill } from './SubscriptionBackfill.js'
import type { SubscriptionDelivery } from './SubscriptionDelivery.js'

/** A matching event newer than the position, found by a check and not handled yet. */
interface Suspect {
  id: EventId
  key: string
  /** Set when the event is handled (live or backfilled) after it was found. */
  handled: boolean
}

/**
 * The verification side of one subscription. The service can drop a subscription and keep
 * the socket (jsonrpc-anchor 2.8), so each check reads the newest events of `plan.query`
 * (descending; `limit` 1 when the plan is exact, else one page, checked with
 * `matchSubscriptionFilter`): the newest matching one that is newer than the position and not
 * handled becomes the suspect. Still not handled at the next check, it is `missed`: the
 * server subscription is dead. An event thus gets a whole interval to arrive before it
 * counts as lost.
 *
 * @example
 * const liveness = new LivenessCheck(delivery, backfill, filter, plan)
 * if (liveness.missed) recover(liveness.missed)
 * else await liveness.check(() => stillSubscribed)
 */
export class LivenessCheck {
  readonly #delivery: SubscriptionDelivery
  readonly #backfill: SubscriptionBackfill
  readonly #filter: EventSubscriptionFilter
  readonly #plan: BackfillPlan
  #suspect: Suspect | undefined

  constructor(delivery: SubscriptionDelivery, backfill: SubscriptionBackfill, filter: EventSubscriptionFilter, plan: BackfillPlan) {
    this.#delivery = delivery
    this.#backfill = backfill
    this.#filter = filter
    this.#plan = plan
    delivery.onHandled = (key) => {
      if (this.#suspect?.key === key) this.#suspect.handled = true
    }
  }

  /** The event the previous check found and that is still not handled: the server subscription missed it. */
  get missed(): EventId | undefined {
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
    const exact = this.#plan.exact
    const page = await this.#backfill.query({ cursor: null, pageSize: exact ? 1 : this.#backfill.settings.pageSize, direction: 'backward' })
    // Subscribed again (or gone) meanwhile: that subscribe started its own backfill.
    if (!current()) return
    const delivery = this.#delivery
    if (!delivery.position.known) {
      delivery.position = { known: true, id: page.data[0]?.id ?? null }
      return
    }
    const position = delivery.position.id === null ? undefined : eventKey(delivery.position.id)
    this.#suspect = undefined
    for (const event of page.data) {
      const key = eventKey(event)
      // Delivery is in order: the position, or any event handled, has every older one handled too.
      if (key === position || delivery.handled(key)) return
      if (exact || matchSubscriptionFilter(this.#filter, event)) {
        this.#suspect = { id: event.id, key, handled: false }
        return
      }
    }
  }
}
