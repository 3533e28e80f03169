import type { ChainxEvent } from '../events/types.js'
import type { UnknownVariant } from '../utils/unknownVariant.js'
import type { BalanceChange, ObjectOwner, ObjectRef, TransactionBlockEffects } from './effects.js'

export type { UnknownVariant } from '../utils/unknownVariant.js'
export type {
  BalanceChange,
  ExecutionStatus,
  GasCostSummary,
  ObjectOwner,
  ObjectRef,
  OwnedObjectRef,
  TransactionBlockEffects,
} from './effects.js'

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

/** Versions in an object change: strings on the wire; numbers are accepted too. */
type Version = string | number

/**
 * An object the transaction published, transferred, mutated, deleted, wrapped or created, or a
 * change of a type added after this SDK (`type` an `UnknownVariant`); `type` narrows.
 *
 * @example
 * const created = response.objectChanges.filter((change) => change.type === 'created')
 */
export type ObjectChange =
  | { type: 'published'; packageId: string; version: Version; digest: string; modules: string[] }
  | ({ type: 'transferred'; recipient: ObjectOwner; digest: string } & ChangeBase)
  | ({ type: 'mutated'; owner: ObjectOwner; previousVersion: Version; digest: string } & ChangeBase)
  | ({ type: 'deleted' | 'wrapped' } & ChangeBase)
  | ({ type: 'created'; owner: ObjectOwner; digest: string } & ChangeBase)
  | { type: UnknownVariant }

/** The fields every change of an object (not a package) carries. */
type ChangeBase = { sender: string; objectType: string; objectId: string; version: Version }

/**
 * One input of a programmable transaction: an object, a pure value, or a type added after this SDK (`UnknownVariant`).
 *
 * @example
 * const objects = kind.inputs.filter((input) => input.type === 'object')
 */
export type TransactionCallArg =
  | { type: 'object'; objectType: 'immOrOwnedObject' | 'receiving'; objectId: string; version: Version; digest: string }
  | { type: 'object'; objectType: 'sharedObject'; objectId: string; initialSharedVersion: Version; mutable: boolean }
  | { type: 'pure'; value: unknown; valueType?: string | null | undefined }
  | { type: UnknownVariant }

/** The system transaction kinds the SDK lists (checked as JSON objects, fields as received). */
export const SYSTEM_KINDS = [
  'ChangeEpoch',
  'Genesis',
  'ConsensusCommitPrologue',
  'ConsensusCommitPrologueV2',
  'ConsensusCommitPrologueV3',
  'ConsensusCommitPrologueV4',
  'AuthenticatorStateUpdate',
  'RandomnessStateUpdate',
  'EndOfEpochTransaction',
] as const

/**
 * What a transaction does: a programmable transaction (its inputs; its commands as received), a
 * system transaction (its fields as received), or a kind added after this SDK (`UnknownVariant`).
 *
 * @example
 * if (data.transaction.kind === 'ProgrammableTransaction') console.log(data.transaction.inputs.length)
 */
export type TransactionKind =
  | { kind: 'ProgrammableTransaction'; inputs: TransactionCallArg[]; transactions: unknown[] }
  | { kind: (typeof SYSTEM_KINDS)[number]; [field: string]: unknown }
  | { kind: UnknownVariant }

/**
 * The transaction's input data (`showInput`); the signatures are passed on as received.
 *
 * @example
 * const { sender, gasData } = response.transaction.data
 */
export interface TransactionBlockData {
  data: {
    messageVersion: string
    sender: string
    gasData: { payment: ObjectRef[]; owner: string; price: string; budget: string }
    transaction: TransactionKind
  }
  txSignatures: unknown[]
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

/** Every `show*` field, maybe there. */
type AllShown = CompleteTransactionBlockResponse<Record<keyof TransactionBlockResponseOptions, true>>
type MaybeShown = { [K in Exclude<keyof AllShown, keyof ResponseBase | 'errors'>]?: AllShown[K] | undefined }

type ResponseBase = {
  digest: string
  checkpoint?: string | undefined
  /** Unix epoch milliseconds of its checkpoint. */
  timestampMs?: string | undefined
}

/**
 * A transaction with every field its options asked for (`errors` absent).
 *
 * @example
 * if (tx.errors === undefined) console.log(tx.effects.status)
 */
export type CompleteTransactionBlockResponse<TOptions extends TransactionBlockResponseOptions = NoOptions> = ResponseBase & {
  errors?: undefined
} & Shown<TOptions, 'showEffects', 'effects', TransactionBlockEffects> &
  Shown<TOptions, 'showEvents', 'events', ChainxEvent[]> &
  Shown<TOptions, 'showObjectChanges', 'objectChanges', ObjectChange[]> &
  Shown<TOptions, 'showBalanceChanges', 'balanceChanges', BalanceChange[]> &
  Shown<TOptions, 'showInput', 'transaction', TransactionBlockData> &
  Shown<TOptions, 'showRawInput', 'rawTransaction', string> &
  Shown<TOptions, 'showRawEffects', 'rawEffects', number[]>

/**
 * A transaction the service degraded: it left out some of what the options asked for and said
 * why in `errors` (never empty; the SDK's own message when the service gave none).
 *
 * @example
 * if (tx.errors) console.warn(tx.digest, tx.errors.join('; '), tx.events?.length ?? 'no events')
 */
export type DegradedTransactionBlockResponse = ResponseBase & { errors: string[] } & MaybeShown

/**
 * One transaction, typed by the options asked for: complete (`errors` absent, every requested
 * field there) or degraded (`errors` present, any may be missing).
 *
 * @example
 * if (!tx.errors) console.log(tx.effects.status.status) // with showEffects: no `?.` needed
 */
export type TransactionBlockResponse<TOptions extends TransactionBlockResponseOptions = NoOptions> =
  CompleteTransactionBlockResponse<TOptions> | DegradedTransactionBlockResponse

/**
 * A transaction filter of `chainx_queryTransactionBlocks` and `chainx_subscribeTransaction`: exactly one key.
 *
 * @example
 * const byCall: TransactionFilter = { MoveFunction: { package: '0x2', module: 'market', function: 'buy' } }
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
