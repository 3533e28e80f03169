import type { ChainxEvent } from '../events/types.js'

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
 * Which fields a transaction response carries besides its `digest` (every flag defaults to false).
 *
 * @example
 * const options: TransactionBlockResponseOptions = { showEffects: true, showEvents: true }
 */
export interface TransactionBlockResponseOptions {
  /** The transaction's input data (`transaction`). @default false */
  showInput?: boolean | undefined
  /** The BCS of the signed transaction (`rawTransaction`, Base64). @default false */
  showRawInput?: boolean | undefined
  /** The effects (`effects`). @default false */
  showEffects?: boolean | undefined
  /** The BCS of the effects (`rawEffects`, bytes). @default false */
  showRawEffects?: boolean | undefined
  /** The events it emitted (`events`). @default false */
  showEvents?: boolean | undefined
  /** The objects it created, mutated, transferred, wrapped or deleted (`objectChanges`). @default false */
  showObjectChanges?: boolean | undefined
  /** The coin balances it changed (`balanceChanges`). @default false */
  showBalanceChanges?: boolean | undefined
}

/**
 * Who owns an object: an address, another object, everyone (shared), nobody (immutable), or
 * an address through consensus. Versions are strings or numbers as the service sends them.
 *
 * @example
 * const owner: ObjectOwner = { AddressOwner: '0xa11ce' }
 */
export type ObjectOwner =
  | { AddressOwner: string }
  | { ObjectOwner: string }
  | { Shared: { initial_shared_version: string | number } }
  | 'Immutable'
  | { ConsensusAddressOwner: { owner: string; start_version: string | number } }

/**
 * A reference to one version of an object.
 *
 * @example
 * const ref: ObjectRef = { objectId: '0x5', version: '12', digest: 'Eg3y…' }
 */
export interface ObjectRef {
  objectId: string
  /** The object's version: a JSON number on the wire (the reference's `SequenceNumber`); a string is accepted too. */
  version: string | number
  /** Base58 digest of the object's contents at that version. */
  digest: string
}

/**
 * An object reference with the object's owner after the transaction.
 *
 * @example
 * effects.created.map(({ reference, owner }) => [reference.objectId, owner])
 */
export interface OwnedObjectRef {
  owner: ObjectOwner
  reference: ObjectRef
}

/**
 * What a transaction's gas paid for, each amount a string of MIST (large integers stay strings).
 *
 * @example
 * const { computationCost, storageCost, storageRebate } = effects.gasUsed
 * const charged = BigInt(computationCost) + BigInt(storageCost) - BigInt(storageRebate)
 */
export interface GasCostSummary {
  computationCost: string
  storageCost: string
  storageRebate: string
  nonRefundableStorageFee: string
}

/**
 * Whether the transaction succeeded, and why it failed.
 *
 * @example
 * if (effects.status.status === 'failure') console.warn(effects.status.error)
 */
export type ExecutionStatus = { status: 'success' } | { status: 'failure'; error: string }

/**
 * A transaction's effects (`showEffects`), and each item of `chainx_subscribeTransaction`.
 * Lists the service leaves out when empty are optional.
 *
 * @example
 * const { status, gasUsed, mutated } = response.effects
 */
export interface TransactionBlockEffects {
  messageVersion: 'v1'
  status: ExecutionStatus
  /** The epoch it executed in, as a string. */
  executedEpoch: string
  gasUsed: GasCostSummary
  transactionDigest: string
  gasObject: OwnedObjectRef
  created?: OwnedObjectRef[] | undefined
  mutated?: OwnedObjectRef[] | undefined
  unwrapped?: OwnedObjectRef[] | undefined
  deleted?: ObjectRef[] | undefined
  unwrappedThenDeleted?: ObjectRef[] | undefined
  wrapped?: ObjectRef[] | undefined
  sharedObjects?: ObjectRef[] | undefined
  modifiedAtVersions?: { objectId: string; sequenceNumber: string | number }[] | undefined
  dependencies?: string[] | undefined
  eventsDigest?: string | null | undefined
  /** Present when a Move call aborted; passed on as received. */
  abortError?: unknown
}

/**
 * A coin balance the transaction changed: `amount` is a signed integer string (negative: spent).
 *
 * @example
 * const spent = response.balanceChanges.filter((change) => change.amount.startsWith('-'))
 */
export interface BalanceChange {
  owner: ObjectOwner
  coinType: string
  amount: string
}

/**
 * An object the transaction published, transferred, mutated, deleted, wrapped or created.
 *
 * @example
 * const created = response.objectChanges.filter((change) => change.type === 'created')
 */
export type ObjectChange =
  | { type: 'published'; packageId: string; version: string | number; digest: string; modules: string[] }
  | {
      type: 'transferred'
      sender: string
      recipient: ObjectOwner
      objectType: string
      objectId: string
      version: string | number
      digest: string
    }
  | {
      type: 'mutated'
      sender: string
      owner: ObjectOwner
      objectType: string
      objectId: string
      version: string | number
      previousVersion: string | number
      digest: string
    }
  | { type: 'deleted' | 'wrapped'; sender: string; objectType: string; objectId: string; version: string | number }
  | { type: 'created'; sender: string; owner: ObjectOwner; objectType: string; objectId: string; version: string | number; digest: string }

/**
 * The transaction's input data (`showInput`): the sender and gas data are checked; the
 * programmable transaction itself is passed on as received.
 *
 * @example
 * const { sender, gasData } = response.transaction.data
 */
export interface TransactionBlockData {
  data: {
    messageVersion: string
    sender: string
    gasData: { payment: ObjectRef[]; owner: string; price: string; budget: string }
    transaction: Record<string, unknown>
  }
  txSignatures: string[]
}

/**
 * No `show*` option: the default of the types below (responses carry their digest only).
 *
 * @example
 * const page: TransactionPage<NoOptions> = await client.transactions.query({})
 */
export type NoOptions = Record<never, never>

/** A field shown when its option is `true`, maybe shown otherwise (a server may send more). */
type Shown<TOptions, K extends keyof TransactionBlockResponseOptions, TField extends string, TValue> =
  TOptions extends Record<K, true> ? { [P in TField]: TValue } : { [P in TField]?: TValue | undefined }

/**
 * One transaction as `chainx_queryTransactionBlocks` returns it, typed by the options asked
 * for: with `{ showEffects: true }`, `effects` is there and not optional. Checkpoint and
 * timestamp are strings (u64).
 *
 * @example
 * const page = await client.transactions.query({ filter: { FromAddress: alice }, options: { showEffects: true } })
 * page.items[0].effects.status.status // 'success' (typed: no `?.` needed)
 */
export type TransactionBlockResponse<TOptions extends TransactionBlockResponseOptions = NoOptions> = {
  digest: string
  /** The checkpoint that holds it, as a string. */
  checkpoint?: string | undefined
  /** Unix epoch milliseconds of that checkpoint, as a string. */
  timestampMs?: string | undefined
} & Shown<TOptions, 'showEffects', 'effects', TransactionBlockEffects> &
  Shown<TOptions, 'showEvents', 'events', ChainxEvent[]> &
  Shown<TOptions, 'showObjectChanges', 'objectChanges', ObjectChange[]> &
  Shown<TOptions, 'showBalanceChanges', 'balanceChanges', BalanceChange[]> &
  Shown<TOptions, 'showInput', 'transaction', TransactionBlockData> &
  Shown<TOptions, 'showRawInput', 'rawTransaction', string> &
  Shown<TOptions, 'showRawEffects', 'rawEffects', number[]>
