import type { EventQueryFilter, EventSubscriptionFilter } from '../types.js'

/** A query filter that selects every event a subscription selects, and whether exactly those. */
type BackfillPlan = { query: EventQueryFilter; exact: boolean }

/** Single-key queries from the widest to the narrowest, to pick one inside `All`/`And`. */
const NARROWNESS = ['All', 'Sender', 'MoveModule', 'MoveEventModule', 'MoveEventType', 'Transaction']

/**
 * The query that fetches what a subscription missed (queries take one key, spec 6.3).
 * `MoveEventModule` queries its module (a `MoveEventType` query would miss generic instances);
 * `All` and `And` query their narrowest part; `Package`, `MoveEventField`, `TimeRange`, `Any`,
 * `Or` query everything. Every query selects a superset of the subscription's events, so the id
 * of an event the subscription delivered is always a valid exclusive cursor for it.
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
  if (parts === undefined) return { query: { All: [] }, exact: false } // every event, checked locally
  if (parts.length === 0) return { query: { All: [] }, exact: true }
  if (parts.length === 1) return planBackfill(parts[0] as EventSubscriptionFilter)
  const narrowest = parts.map(planBackfill).reduce((best, plan) => (narrowness(plan) > narrowness(best) ? plan : best))
  return { query: narrowest.query, exact: false }
}

function narrowness(plan: BackfillPlan): number {
  return NARROWNESS.indexOf(Object.keys(plan.query)[0] as string)
}
