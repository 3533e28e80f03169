import type { ChainxError } from '../errors/ChainxError.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { SubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
import type { SubscriptionStateChange, Unsubscribe } from '../subscription/types.js'
import { warnDeprecatedOnce } from '../subscription/warnDeprecatedOnce.js'
import { transactionSubscriptionKind } from './transactionSubscriptionKind.js'
import type { QueryTransactionsFn, TransactionBlockEffects, TransactionFilter } from './types.js'
import { validateTransactionFilter } from './validateTransactionFilter.js'

/**
 * Parameters of `client.transactions.subscribe`.
 *
 * @example
 * const parameters: SubscribeTransactionsParameters = { filter: { FromAddress: '0xa11ce' }, onTransaction: (fx) => console.log(fx.transactionDigest) }
 */
export interface SubscribeTransactionsParameters {
  /** A transaction filter; checked before sending (`validateTransactionFilter`). */
  filter: TransactionFilter | null
  /**
   * Called once per transaction, in order, with its effects. A returned promise is not awaited
   * (no backpressure); a throw or a rejection goes to `onError` and the stream goes on.
   */
  onTransaction: (effects: TransactionBlockEffects) => void | Promise<void>
  /**
   * Errors that do not end the subscription (a throwing `onTransaction`, a failed backfill, a
   * malformed frame) and the one that does (then a `closed` state follows).
   * @default logs with console.error
   */
  onError?: ((error: ChainxError) => void) | undefined
  /**
   * Connection and backfill progress; cursors are transaction digests.
   * @default no listener
   */
  onStateChange?: ((change: SubscriptionStateChange<string>) => void) | undefined
}

/**
 * The text of the one-time warning of `client.transactions.subscribe`.
 *
 * @example
 * process.on('warning', (warning) => console.log(warning.message === SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE))
 */
export const SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE =
  '[chainx-sdk] client.transactions.subscribe (chainx_subscribeTransaction) is deprecated by the service (spec 1.2); ' +
  'use client.transactions.watch, which polls chainx_queryTransactionBlocks with a cursor.'

/**
 * The code of that warning, as `process.on('warning')` and `--no-deprecation` see it.
 *
 * @example
 * process.on('warning', (warning) => { if ((warning as { code?: string }).code === SUBSCRIBE_TRANSACTION_DEPRECATION_CODE) migrate() })
 */
export const SUBSCRIBE_TRANSACTION_DEPRECATION_CODE = 'CHAINX_DEP_SUBSCRIBE_TRANSACTION'

/**
 * The subscription side of `client.transactions`.
 *
 * @example
 * const unsubscribe = await subscriptions.subscribe({ filter: null, onTransaction: console.log })
 */
export interface TransactionSubscriptionClient {
  /**
   * Subscribes to the effects of transactions matching a filter over the shared WebSocket;
   * resolves once the server acknowledged, with the function that unsubscribes.
   *
   * @deprecated The service deprecates `chainx_subscribeTransaction` (spec 1.2). Use
   * `client.transactions.watch`, which polls `chainx_queryTransactionBlocks` with a cursor and needs no WebSocket.
   */
  subscribe(parameters: SubscribeTransactionsParameters): Promise<Unsubscribe>
}

/**
 * Creates the client behind `client.transactions.subscribe`: `chainx_subscribeTransaction` on
 * the one subscription machine (the socket, reconnects, heartbeat and liveness checks it shares
 * with `client.events.subscribe`), backfilled after a reconnect through
 * `chainx_queryTransactionBlocks` with `showEffects` from the last digest delivered, so each
 * transaction's effects reach `onTransaction` once, in order. Each process prints one
 * `DeprecationWarning` (code `CHAINX_DEP_SUBSCRIBE_TRANSACTION`) on the first `subscribe`.
 *
 * @example
 * const subscriptions = createTransactionSubscriptionClient({ machine: createSubscriptionMachine({ wsUrl }), query: client.transactions.query })
 * const unsubscribe = await subscriptions.subscribe({ filter: { FromAddress: alice }, onTransaction: (fx) => console.log(fx.status) })
 */
export function createTransactionSubscriptionClient(options: {
  machine: SubscriptionMachine
  query?: QueryTransactionsFn | undefined
}): TransactionSubscriptionClient {
  return {
    subscribe(parameters) {
      warnDeprecatedOnce(
        'chainx-sdk.subscribeTransaction.deprecationWarned',
        SUBSCRIBE_TRANSACTION_DEPRECATION_MESSAGE,
        SUBSCRIBE_TRANSACTION_DEPRECATION_CODE,
      )
      let kind
      try {
        if (typeof parameters?.onTransaction !== 'function') throw new InvalidArgumentError('onTransaction must be a function')
        kind = transactionSubscriptionKind(validateTransactionFilter(parameters.filter), options.query)
      } catch (error) {
        return Promise.reject(error)
      }
      return options.machine.subscribe(kind, {
        onItem: parameters.onTransaction,
        onError: parameters.onError,
        onStateChange: parameters.onStateChange,
      })
    },
  }
}
