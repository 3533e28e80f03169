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

/** Which single-key query narrows best when several are possible (inside `All`/`And`). */
const NARROWNESS: Record<string, number> = {
  Transaction: 5,
  MoveEventType: 4,
  MoveEventModule: 3,
  MoveModule: 2,
  Sender: 1,
  All: 0,
}

/**
 * Maps a subscription filter (spec 6.4) to the query that fetches what it missed (queries take
 * one key, spec 6.3):
 *
 * | subscription filter | query | exact |
 * |---|---|---|
 * | `MoveEventType` | `MoveEventType` | yes |
 * | `MoveModule` | `MoveModule` | yes |
 * | `Sender`, `SenderAddress` | `Sender` | yes |
 * | `Transaction` | `Transaction` | yes |
 * | `All([])` | `All` | yes |
 * | `MoveEventModule {package, module, event}` | `MoveEventModule {package, module}` | no: the struct name is checked locally (a `MoveEventType` query would miss generic instances such as `E<T>`) |
 * | `All([...])`, `And(a, b)` | the narrowest query of the parts | no |
 * | `Package`, `MoveEventField`, `TimeRange`, `Any`, `Or` | `All` | no |
 *
 * Every query selects a superset of the subscription's events, so the id of an event the
 * subscription delivered is always a valid exclusive cursor for it.
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
  return NARROWNESS[Object.keys(plan.query)[0] as string] ?? 0
}
