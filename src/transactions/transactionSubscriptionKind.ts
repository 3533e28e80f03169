import type { KindQuery, SubscriptionKind } from '../subscription/SubscriptionKind.js'
import { transactionEffectsDecoder } from './transactionSchemas.js'
import type { TransactionBlockEffects, TransactionBlockResponse, TransactionFilter } from './types.js'

/**
 * JSON-RPC method that subscribes to transactions' effects; notifications carry the same method name.
 *
 * @example
 * socket.call(SUBSCRIBE_TRANSACTION_METHOD, [{ FromAddress: '0x2' }]) // resolves with a numeric subscription id
 */
export const SUBSCRIBE_TRANSACTION_METHOD = 'chainx_subscribeTransaction'

/**
 * JSON-RPC method that ends a transaction subscription; answers `true`, or `false` for an unknown id.
 *
 * @example
 * socket.call(UNSUBSCRIBE_TRANSACTION_METHOD, [subscriptionId]) // true
 */
export const UNSUBSCRIBE_TRANSACTION_METHOD = 'chainx_unsubscribeTransaction'

/**
 * Transactions as an item kind of the one subscription machine: `chainx_subscribeTransaction`
 * with the validated filter, each notification checked by `transactionEffectsDecoder`, keyed
 * by its digest, backfilled through `chainx_queryTransactionBlocks` with the same filter and
 * `showEffects` (an exact query: nothing to check locally) from the last digest delivered.
 *
 * @example
 * machine.subscribe(transactionSubscriptionKind({ FromAddress: alice }, client.transactions.query), { onItem: console.log })
 */
export function transactionSubscriptionKind(
  filter: TransactionFilter | null,
  query: KindQuery<TransactionBlockResponse, string> | undefined,
): SubscriptionKind<TransactionBlockEffects, string> {
  const digestOf = (effects: TransactionBlockEffects) => effects.transactionDigest
  return {
    noun: 'transaction',
    queryName: 'queryTransactions',
    subscribeMethod: SUBSCRIBE_TRANSACTION_METHOD,
    unsubscribeMethod: UNSUBSCRIBE_TRANSACTION_METHOD,
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
        // The read API degrades events and object or balance changes, never effects; a response
        // without them has nothing this stream could deliver.
        return { ...page, items: page.items.flatMap((tx) => (tx.effects ? [tx.effects as TransactionBlockEffects] : [])) }
      }),
    exact: true,
    matches: () => true,
  }
}
