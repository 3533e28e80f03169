import { isU64String, u64String } from '../events/eventSchemas.js'
import {
  array,
  check,
  DecodeFailure,
  jsonObject,
  literal,
  nonEmptyString,
  nullable,
  object,
  optional,
  string,
  unknown,
  type Decoder,
} from '../utils/decode.js'
import { isRecord } from '../utils/isRecord.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import type { UnknownVariant } from '../utils/unknownVariant.js'

export const digest = check(
  (value): value is string => typeof value === 'string' && isTransactionDigest(value),
  'a transaction digest (Base58, 32 bytes)',
)
// One test, not `either`: a failed first branch throws, and most versions are numbers.
export const version = check(
  (value): value is string | number => isU64String(value) || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0),
  'a version (an unsigned integer string or a non-negative integer)',
)
const signedAmount = check((value): value is string => typeof value === 'string' && /^-?\d{1,40}$/.test(value), 'an integer string')

/**
 * Who owns an object: an address, another object, everyone (shared), nobody (immutable), an
 * address through consensus, or a form added after this SDK (`UnknownVariant`, maybe a string).
 *
 * @example
 * if (typeof owner !== 'string' && 'AddressOwner' in owner) console.log(owner.AddressOwner)
 */
export type ObjectOwner =
  | { AddressOwner: string }
  | { ObjectOwner: string }
  | { Shared: { initial_shared_version: string | number } }
  | 'Immutable'
  | { ConsensusAddressOwner: { owner: string; start_version: string | number } }
  | UnknownVariant
  | (string & UnknownVariant)

/**
 * Whether the transaction succeeded, and why it failed.
 *
 * @example
 * if (effects.status.status === 'failure') console.warn(effects.status.error)
 */
export type ExecutionStatus = { status: 'success' } | { status: 'failure'; error: string }

/**
 * A tagged union read leniently: a known variant (by its `tag`) is checked, an unknown one passed
 * on as received (the service adds variants over time), unless `closed` lists every tag.
 */
export function variants(tag: string, known: Record<string, Decoder<unknown>>, closed?: readonly string[]): Decoder<unknown> {
  const kind = object({ [tag]: closed ? literal(...closed) : string })
  return (value) => {
    const name = kind(value)[tag] as string
    return Object.hasOwn(known, name) ? (known[name] as Decoder<unknown>)(value) : value
  }
}

const OWNERS: Record<string, Decoder<unknown>> = {
  AddressOwner: object({ AddressOwner: nonEmptyString }),
  ObjectOwner: object({ ObjectOwner: nonEmptyString }),
  Shared: object({ Shared: object({ initial_shared_version: version }) }),
  ConsensusAddressOwner: object({ ConsensusAddressOwner: object({ owner: nonEmptyString, start_version: version }) }),
}

/** An object owner: the service's five forms checked (`'Immutable'` a bare string), any other string or object passed on. */
export const ownerDecoder: Decoder<ObjectOwner> = (value) => {
  if (typeof value === 'string' && value !== '') return value as ObjectOwner
  if (isRecord(value)) {
    const form = Object.keys(OWNERS).find((key) => Object.hasOwn(value, key))
    return (form === undefined ? value : (OWNERS[form] as Decoder<unknown>)(value)) as ObjectOwner
  }
  throw new DecodeFailure('an owner (an object, or a string such as "Immutable")', value)
}

export const objectRef: Decoder<ObjectRef> = object({ objectId: nonEmptyString, version, digest: nonEmptyString })
const ownedObjectRef: Decoder<OwnedObjectRef> = object({ owner: ownerDecoder, reference: objectRef })
const executionStatus = variants('status', { success: jsonObject, failure: object({ error: string }) }, [
  'success',
  'failure',
]) as Decoder<ExecutionStatus>
const gasCostSummary: Decoder<GasCostSummary> = object({
  computationCost: u64String,
  storageCost: u64String,
  storageRebate: u64String,
  nonRefundableStorageFee: u64String,
})

/** A transaction's effects; lists may be absent, fields not named here are kept. */
export const transactionEffectsDecoder: Decoder<TransactionBlockEffects> = object({
  messageVersion: literal('v1'),
  status: executionStatus,
  executedEpoch: u64String,
  gasUsed: gasCostSummary,
  transactionDigest: digest,
  gasObject: ownedObjectRef,
  created: optional(array(ownedObjectRef)),
  mutated: optional(array(ownedObjectRef)),
  unwrapped: optional(array(ownedObjectRef)),
  deleted: optional(array(objectRef)),
  unwrappedThenDeleted: optional(array(objectRef)),
  wrapped: optional(array(objectRef)),
  sharedObjects: optional(array(objectRef)),
  modifiedAtVersions: optional(array(object({ objectId: nonEmptyString, sequenceNumber: version }))),
  dependencies: optional(array(nonEmptyString)),
  eventsDigest: optional(nullable(nonEmptyString)),
  abortError: unknown,
})

export const balanceChange: Decoder<BalanceChange> = object({ owner: ownerDecoder, coinType: nonEmptyString, amount: signedAmount })

/**
 * A reference to one version of an object; `version` is a number on the wire (a string is accepted too).
 *
 * @example
 * const ref: ObjectRef = { objectId: '0x5', version: 12, digest: 'Eg3y…' }
 */
export interface ObjectRef {
  objectId: string
  version: string | number
  digest: string
}

/**
 * An object reference with the object's owner after the transaction.
 *
 * @example
 * effects.created?.map(({ reference, owner }) => [reference.objectId, owner])
 */
export interface OwnedObjectRef {
  owner: ObjectOwner
  reference: ObjectRef
}

/**
 * What a transaction's gas paid for, each amount a string of MIST.
 *
 * @example
 * const charged = BigInt(gasUsed.computationCost) + BigInt(gasUsed.storageCost) - BigInt(gasUsed.storageRebate)
 */
export interface GasCostSummary {
  computationCost: string
  storageCost: string
  storageRebate: string
  nonRefundableStorageFee: string
}

/**
 * A transaction's effects (`showEffects`), and each item of `chainx_subscribeTransaction`.
 * Lists the service leaves out when empty are optional; fields the SDK does not name are kept.
 *
 * @example
 * const { status, gasUsed, mutated } = response.effects
 */
export interface TransactionBlockEffects {
  messageVersion: 'v1'
  status: ExecutionStatus
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
