import type { KindQuery, SubscriptionKind } from '../subscription/SubscriptionKind.js'
import { transactionEffectsDecoder } from './effects.js'
import type { TransactionBlockEffects, TransactionBlockResponse, TransactionFilter } from './types.js'

/**
 * Transactions as an item kind of the one subscription machine: each notification's effects,
 * keyed by digest, backfilled through `query` with the same filter and `showEffects` (exact).
 */
export function transactionSubscriptionKind(
  filter: TransactionFilter | null,
  query: KindQuery<TransactionBlockResponse, string> | undefined,
): SubscriptionKind<TransactionBlockEffects, string> {
  const digestOf = (effects: TransactionBlockEffects) => effects.transactionDigest
  return {
    noun: 'transaction',
    queryName: 'queryTransactions',
    subscribeMethod: 'chainx_subscribeTransaction',
    unsubscribeMethod: 'chainx_unsubscribeTransaction',
    subscribeParams: [filter],
    decode: (result) => transactionEffectsDecoder(result) as TransactionBlockEffects,
    key: digestOf,
    cursorOf: digestOf,
    cursorKey: (digest) => digest,
    sameCursor: (a, b) => a === b,
    // Effects carry no time: gaps are bounded by the wall clock.
    timestampOf: () => undefined,
    query:
      query &&
      (async (request) => {
        const page = await query({ ...request, filter, options: { showEffects: true } })
        // The read API degrades events and object or balance changes, never effects.
        return { ...page, items: page.items.flatMap((tx) => (tx.effects ? [tx.effects as TransactionBlockEffects] : [])) }
      }),
    exact: true,
    matches: () => true,
  }
}
