import { chainxEventDecoder, isU64String } from '../events/eventSchemas.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import {
  array,
  boolean,
  check,
  either,
  jsonObject,
  literal,
  nonEmptyString,
  nonNegativeInteger,
  nullable,
  object,
  optional,
  string,
  unknown,
  type Decoder,
} from '../utils/decode.js'
import type { ObjectOwner, TransactionBlockResponseOptions } from './types.js'

const u64String = check(isU64String, 'an unsigned integer string')
const digest = check(
  (value): value is string => typeof value === 'string' && isTransactionDigest(value),
  'a transaction digest (Base58, 32 bytes)',
)
const version = either(u64String, nonNegativeInteger)
const signedAmount = check((value): value is string => typeof value === 'string' && /^-?\d{1,40}$/.test(value), 'an integer string')
const byte = check((value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255, 'a byte')

const OWNER_KINDS = 'AddressOwner, ObjectOwner, Shared, Immutable or ConsensusAddressOwner'
const addressOwner = object({ AddressOwner: nonEmptyString })
const objectOwner = object({ ObjectOwner: nonEmptyString })
const sharedOwner = object({ Shared: object({ initial_shared_version: version }) })
const consensusOwner = object({ ConsensusAddressOwner: object({ owner: nonEmptyString, start_version: version }) })

/**
 * An object owner: one of the five forms of the service (`'Immutable'` is a bare string).
 *
 * @example
 * ownerDecoder({ AddressOwner: '0xa11ce' })
 */
export const ownerDecoder: Decoder<ObjectOwner> = (value) => {
  if (value === 'Immutable') return value
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (Object.prototype.hasOwnProperty.call(value, 'AddressOwner')) return addressOwner(value)
    if (Object.prototype.hasOwnProperty.call(value, 'ObjectOwner')) return objectOwner(value)
    if (Object.prototype.hasOwnProperty.call(value, 'Shared')) return sharedOwner(value)
    if (Object.prototype.hasOwnProperty.call(value, 'ConsensusAddressOwner')) return consensusOwner(value)
  }
  return check((_: unknown): _ is never => false, `an owner (${OWNER_KINDS})`)(value)
}

const objectRef = object({ objectId: nonEmptyString, version, digest: nonEmptyString })
const ownedObjectRef = object({ owner: ownerDecoder, reference: objectRef })
const executionStatus = either(object({ status: literal('success') }), object({ status: literal('failure'), error: string }))
const gasCostSummary = object({
  computationCost: u64String,
  storageCost: u64String,
  storageRebate: u64String,
  nonRefundableStorageFee: u64String,
})

/**
 * A transaction's effects: status, gas used (strings), the gas object and every object
 * reference list it carries; lists may be absent.
 *
 * @example
 * const effects = transactionEffectsDecoder(notification.params.result)
 */
export const transactionEffectsDecoder = object({
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

const balanceChange = object({ owner: ownerDecoder, coinType: nonEmptyString, amount: signedAmount })

const changeBase = { sender: nonEmptyString, objectType: string, objectId: nonEmptyString, version }
const OBJECT_CHANGES: Record<string, Decoder<unknown>> = {
  published: object({ packageId: nonEmptyString, version, digest: nonEmptyString, modules: array(string) }),
  transferred: object({ ...changeBase, recipient: ownerDecoder, digest: nonEmptyString }),
  mutated: object({ ...changeBase, owner: ownerDecoder, previousVersion: version, digest: nonEmptyString }),
  deleted: object(changeBase),
  wrapped: object(changeBase),
  created: object({ ...changeBase, owner: ownerDecoder, digest: nonEmptyString }),
}
const objectChangeType = literal('published', 'transferred', 'mutated', 'deleted', 'wrapped', 'created')
const objectChange: Decoder<unknown> = (value) => {
  const { type } = object({ type: objectChangeType })(value)
  return (OBJECT_CHANGES[type] as Decoder<unknown>)(value)
}

const transactionData = object({
  data: object({
    messageVersion: string,
    sender: nonEmptyString,
    gasData: object({ payment: array(objectRef), owner: nonEmptyString, price: u64String, budget: u64String }),
    transaction: jsonObject,
  }),
  txSignatures: array(string),
})

/** Each optional field of a response: its option and its decoder. */
const FIELDS: [option: keyof TransactionBlockResponseOptions, field: string, decoder: Decoder<unknown>][] = [
  ['showEffects', 'effects', transactionEffectsDecoder],
  ['showEvents', 'events', array(chainxEventDecoder)],
  ['showObjectChanges', 'objectChanges', array(objectChange)],
  ['showBalanceChanges', 'balanceChanges', array(balanceChange)],
  ['showInput', 'transaction', transactionData],
  ['showRawInput', 'rawTransaction', string],
  ['showRawEffects', 'rawEffects', array(byte)],
]

const responseDecoders = new Map<number, Decoder<unknown>>()

/**
 * The decoder of one transaction for the options asked for: `digest` always; each field an
 * option asked for must be there (null counts as absent, and is refused); any other field
 * is checked when present. Checkpoint and timestamp are u64 strings. Cached per set of options.
 *
 * @example
 * transactionResponseDecoder({ showEffects: true })({ digest: 'Eg3y…' }) // throws DecodeFailure at effects
 */
export function transactionResponseDecoder(options: TransactionBlockResponseOptions | null | undefined): Decoder<unknown> {
  let mask = 0
  FIELDS.forEach(([option], index) => {
    if (options?.[option] === true) mask |= 1 << index
  })
  let decoder = responseDecoders.get(mask)
  if (decoder === undefined) {
    const shape: Record<string, Decoder<unknown>> = {
      digest,
      checkpoint: optional(nullable(u64String)),
      timestampMs: optional(nullable(u64String)),
      errors: optional(array(string)),
    }
    FIELDS.forEach(([, field, fieldDecoder], index) => {
      shape[field] = (mask & (1 << index)) !== 0 ? fieldDecoder : optional(nullable(fieldDecoder))
    })
    decoder = object(shape)
    responseDecoders.set(mask, decoder)
  }
  return decoder
}

/**
 * The result of `chainx_queryTransactionBlocks` for the options asked for.
 *
 * @example
 * transactionPageDecoder(null)({ data: [{ digest: 'Eg3y…' }], nextCursor: 'Eg3y…', hasNextPage: false })
 */
export function transactionPageDecoder(options: TransactionBlockResponseOptions | null | undefined): Decoder<{
  data: Record<string, unknown>[]
  nextCursor?: string | null | undefined
  hasNextPage: boolean
}> {
  return object({
    data: array(transactionResponseDecoder(options)) as Decoder<Record<string, unknown>[]>,
    nextCursor: optional(nullable(digest)),
    hasNextPage: boolean,
  })
}
