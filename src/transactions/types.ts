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
