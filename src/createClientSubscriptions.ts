import { createSubscriptionClient, type SubscriptionClient, type SubscriptionClientOptions } from './events/subscribe/createSubscriptionClient.js'
import type { QueryEventsFn } from './events/types.js'
import { createSubscriptionMachine } from './subscription/createSubscriptionMachine.js'
import { createTransactionSubscriptionClient, type TransactionSubscriptionClient } from './transactions/createTransactionSubscriptionClient.js'
import type { QueryTransactionsFn } from './transactions/types.js'

/**
 * The subscriptions of one `ChainxClient`: events and transactions on one machine (one socket).
 *
 * @example
 * const subscriptions = createClientSubscriptions({ wsUrl }, client.events.query, client.transactions.query)
 * await subscriptions.transactions.subscribe({ filter: null, onTransaction: console.log })
 */
export interface ClientSubscriptions {
  events: SubscriptionClient
  transactions: TransactionSubscriptionClient
  /** Ends every subscription of both kinds and closes the socket. */
  close(): Promise<void>
}

/**
 * Builds the subscription clients of `ChainxClient` on one shared machine. The facade loads
 * this module on the first `subscribe`, so the deprecated WebSocket code stays out of the
 * main chunk.
 *
 * @example
 * const subscriptions = createClientSubscriptions({ wsUrl: 'ws://127.0.0.1:9001' }, queryEvents, queryTransactions)
 */
export function createClientSubscriptions(
  options: Omit<SubscriptionClientOptions, 'queryEvents' | 'machine'>,
  queryEvents: QueryEventsFn | undefined,
  queryTransactions: QueryTransactionsFn | undefined,
): ClientSubscriptions {
  const machine = createSubscriptionMachine(options)
  return {
    events: createSubscriptionClient({ ...options, queryEvents, machine }),
    transactions: createTransactionSubscriptionClient({ machine, query: queryTransactions }),
    close: () => machine.close(),
  }
}
