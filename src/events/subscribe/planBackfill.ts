import type { EventQueryFilter, EventSubscriptionFilter } from '../types.js'

/**
 * How the events a subscription missed are fetched: a query filter (spec 6.3) that selects every
 * event the subscription selects, and whether exactly those (when not, each result is checked
 * with `matchSubscriptionFilter`).
 */
export interface BackfillPlan {
  query: EventQueryFilter
  exact: boolean
}

const EVERYTHING: BackfillPlan = { query: { All: [] }, exact: false }

/** Single-key queries from the widest to the narrowest, to pick one inside `All`/`And`. */
const NARROWNESS = ['All', 'Sender', 'MoveModule', 'MoveEventModule', 'MoveEventType', 'Transaction']

/**
 * Maps a subscription filter (spec 6.4) to the query that fetches what it missed (queries take
 * one key, spec 6.3). `MoveEventType`, `MoveModule`, `Sender`, `SenderAddress`, `Transaction`
 * and `All([])` map exactly. `MoveEventModule` queries its module and checks the struct name
 * locally (a `MoveEventType` query would miss generic instances such as `E<T>`); `All` and
 * `And` query their narrowest part; `Package`, `MoveEventField`, `TimeRange`, `Any`, `Or` query
 * everything. Every query selects a superset of the subscription's events, so the id of an event
 * the subscription delivered is always a valid exclusive cursor for it.
 */
export function planBackfill(filter: EventSubscriptionFilter): BackfillPlan {
  if ('MoveEventType' in filter) return { query: { MoveEventType: filter.MoveEventType }, exact: true }
  if ('MoveModule' in filter) return { query: { MoveModule: filter.MoveModule }, exact: true }
  if ('Sender' in filter) return { query: { Sender: filter.Sender }, exact: true }
  if ('SenderAddress' in filter) return { query: { Sender: filter.SenderAddress }, exact: true }
  if ('Transaction' in filter) return { query: { Transaction: filter.Transaction }, exact: true }
  if ('MoveEventModule' in filter) {
    const { package: packageId, module } = filter.MoveEventModule
    return { query: { MoveEventModule: { package: packageId, module } }, exact: false }
  }
  const parts = 'All' in filter ? filter.All : 'And' in filter ? filter.And : undefined
  if (parts === undefined) return EVERYTHING
  if (parts.length === 0) return { query: { All: [] }, exact: true }
  if (parts.length === 1) return planBackfill(parts[0] as EventSubscriptionFilter)
  const narrowest = parts.map(planBackfill).reduce((best, plan) => (narrowness(plan) > narrowness(best) ? plan : best))
  return { query: narrowest.query, exact: false }
}

function narrowness(plan: BackfillPlan): number {
  return NARROWNESS.indexOf(Object.keys(plan.query)[0] as string)
}
