import type { DirectionInput } from '../pagination/walkOptions.js'

import type { NoOptions, TransactionBlockResponse, TransactionBlockResponseOptions } from './transactionResponse.js'

export type { WalkDirection } from '../pagination/walkOptions.js'
export type {
  BalanceChange,
  CompleteTransactionBlockResponse,
  DegradedTransactionBlockResponse,
  ExecutionStatus,
  GasCostSummary,
  NoOptions,
  ObjectChange,
  ObjectOwner,
  ObjectRef,
  OwnedObjectRef,
  TransactionBlockData,
  TransactionBlockEffects,
  TransactionBlockResponse,
  TransactionBlockResponseOptions,
  TransactionCallArg,
  TransactionKind,
  UnknownVariant,
} from './transactionResponse.js'

/**
 * A transaction filter of `chainx_queryTransactionBlocks` and `chainx_subscribeTransaction`:
 * exactly one key, as the service's `TransactionFilter`. Addresses and object ids are `0x`
 * and 1 to 64 hex digits; Move names are identifiers. `Checkpoint` and `FromOrToAddress`
 * are in the service's type but marked "currently not supported" there: the SDK refuses them
 * locally with `INVALID_FILTER`, no request sent.
 *
 * @example
 * const bySender: TransactionFilter = { FromAddress: '0xa11ce' }
 * const byCall: TransactionFilter = { MoveFunction: { package: '0x2', module: 'market', function: 'buy' } }
 * const touching: TransactionFilter = { AffectedObject: '0x5' }
 */
export type TransactionFilter =
  /** Not supported by the service: refused locally. */
  | { Checkpoint: string | number }
  /** Transactions that call a package, optionally a module, optionally a function of it (`function` needs `module`). */
  | { MoveFunction: { package: string; module?: string | null | undefined; function?: string | null | undefined } }
  /** Transactions that take this object as an input. */
  | { InputObject: string }
  /** Transactions that created, mutated or unwrapped this object. */
  | { ChangedObject: string }
  /** Transactions that touched this object in any way. */
  | { AffectedObject: string }
  /** Transactions this address sent. */
  | { FromAddress: string }
  /** Transactions that sent objects to this address. */
  | { ToAddress: string }
  /** Transactions `from` sent to `to`. */
  | { FromAndToAddress: { from: string; to: string } }
  /** Not supported by the service: refused locally. */
  | { FromOrToAddress: { addr: string } }
  /** Transactions of one kind, e.g. `ProgrammableTransaction`. */
  | { TransactionKind: string }
  /** Transactions of any of these kinds. */
  | { TransactionKindIn: string[] }

/**
 * One page of `chainx_queryTransactionBlocks`, in the SDK's page shape (`items`, `hasMore`,
 * `cursor`) with the service's names beside it (`data`, `hasNextPage`, `nextCursor`: the same values).
 *
 * @example
 * const { items, hasMore, cursor } = await client.transactions.query({ filter: { FromAddress: alice } })
 */
export interface TransactionPage<TOptions extends TransactionBlockResponseOptions = NoOptions> {
  items: TransactionBlockResponse<TOptions>[]
  hasMore: boolean
  /** Digest of the last transaction of the page (the input cursor when the page is empty): pass it as `cursor` for the next page. */
  cursor: string | null
  /** The service's name of `items`. */
  data: TransactionBlockResponse<TOptions>[]
  /** The service's name of `hasMore`. */
  hasNextPage: boolean
  /** The service's name of `cursor`. */
  nextCursor: string | null
}

/**
 * Parameters of `client.transactions.query`.
 *
 * @example
 * const parameters: QueryTransactionsParameters<{ showEffects: true }> = {
 *   filter: { FromAddress: '0xa11ce' }, options: { showEffects: true }, pageSize: 20, direction: 'backward',
 * }
 */
export interface QueryTransactionsParameters<TOptions extends TransactionBlockResponseOptions = NoOptions> extends DirectionInput {
  /**
   * Which transactions; checked before sending.
   * @default null (every transaction)
   */
  filter?: TransactionFilter | null | undefined
  /**
   * Which fields each transaction carries besides its digest.
   * @default null (digests only)
   */
  options?: TOptions | null | undefined
  /**
   * Exclusive cursor: the digest of the last transaction already seen.
   * @default null (from the oldest, or the newest going backward)
   */
  cursor?: string | null | undefined
  /**
   * Transactions per page; the service clamps it to its maximum (50 unless configured otherwise).
   * @default null (the service's maximum)
   */
  pageSize?: number | null | undefined
  /**
   * Page size.
   * @deprecated Use `pageSize` (`limit` names a total elsewhere).
   * @default null
   */
  limit?: number | null | undefined
  /**
   * Aborts the request and its retries.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}

/**
 * The function behind `client.transactions.query`, used by `iterate`, `watch` and the subscription backfill.
 *
 * @example
 * const query: QueryTransactionsFn = client.transactions.query
 * const page = await query({ filter: { FromAddress: '0x2' }, options: { showEffects: true } })
 */
export type QueryTransactionsFn = <const TOptions extends TransactionBlockResponseOptions = NoOptions>(
  parameters: QueryTransactionsParameters<TOptions>,
) => Promise<TransactionPage<TOptions>>
