import { chainxEventDecoder, isU64String } from '../events/eventSchemas.js'
import { isTransactionDigest } from '../utils/isTransactionDigest.js'
import {
  array,
  boolean,
  check,
  DecodeFailure,
  jsonObject,
  literal,
  nonEmptyString,
  nullable,
  object,
  optional,
  ownField,
  string,
  unknown,
  type Decoder,
} from '../utils/decode.js'
import { isRecord } from '../utils/isRecord.js'
import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { PageShape } from '../pagination/types.js'
import type { HttpResponse } from '../transport/types.js'
import { SYSTEM_KINDS, type ObjectOwner, type TransactionBlockResponse, type TransactionBlockResponseOptions } from './types.js'

const u64String = check(isU64String, 'an unsigned integer string')
const digest = check(
  (value): value is string => typeof value === 'string' && isTransactionDigest(value),
  'a transaction digest (Base58, 32 bytes)',
)
// One test, not `either`: a failed first branch throws, and most versions are numbers.
const version = check(
  (value): value is string | number => isU64String(value) || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0),
  'a version (an unsigned integer string or a non-negative integer)',
)
const signedAmount = check((value): value is string => typeof value === 'string' && /^-?\d{1,40}$/.test(value), 'an integer string')
const byte = check((value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255, 'a byte')

/**
 * A tagged union read leniently: a known variant (by its `tag`) is checked, an unknown one passed
 * on as received (the service adds variants over time), unless `closed` lists every tag.
 */
function variants(tag: string, known: Record<string, Decoder<unknown>>, closed?: readonly string[]): Decoder<unknown> {
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

const objectRef = object({ objectId: nonEmptyString, version, digest: nonEmptyString })
const ownedObjectRef = object({ owner: ownerDecoder, reference: objectRef })
const executionStatus = variants('status', { success: jsonObject, failure: object({ error: string }) }, ['success', 'failure'])
const gasCostSummary = object({
  computationCost: u64String,
  storageCost: u64String,
  storageRebate: u64String,
  nonRefundableStorageFee: u64String,
})

/** A transaction's effects; lists may be absent, fields not named here are kept. */
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
const objectChange = variants('type', {
  published: object({ packageId: nonEmptyString, version, digest: nonEmptyString, modules: array(string) }),
  transferred: object({ ...changeBase, recipient: ownerDecoder, digest: nonEmptyString }),
  mutated: object({ ...changeBase, owner: ownerDecoder, previousVersion: version, digest: nonEmptyString }),
  deleted: object(changeBase),
  wrapped: object(changeBase),
  created: object({ ...changeBase, owner: ownerDecoder, digest: nonEmptyString }),
})

const callArg = variants('type', {
  object: variants('objectType', {
    immOrOwnedObject: objectRef,
    receiving: objectRef,
    sharedObject: object({ objectId: nonEmptyString, initialSharedVersion: version, mutable: boolean }),
  }),
  pure: object({ value: check((value): value is unknown => value !== undefined, 'a JSON value'), valueType: optional(nullable(string)) }),
})
const transactionKind = variants('kind', {
  ProgrammableTransaction: object({ inputs: array(callArg), transactions: array(unknown) }),
  ...Object.fromEntries(SYSTEM_KINDS.map((kind) => [kind, jsonObject])),
})

const transactionData = object({
  data: object({
    messageVersion: string,
    sender: nonEmptyString,
    gasData: object({ payment: array(objectRef), owner: nonEmptyString, price: u64String, budget: u64String }),
    transaction: transactionKind,
  }),
  txSignatures: array(unknown),
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

const responseShape: Record<string, Decoder<unknown>> = {
  digest,
  checkpoint: optional(nullable(u64String)),
  timestampMs: optional(nullable(u64String)),
  errors: optional(array(string)),
}
for (const [, field, fieldDecoder] of FIELDS) responseShape[field] = optional(nullable(fieldDecoder))
const response = object(responseShape)

/**
 * The decoder of one transaction for the options asked for, lenient as the real schema is: only
 * `digest` is required, other fields are checked when present. Null fields and an empty `errors`
 * are removed; a transaction missing a requested field is degraded (`errors` holds the service's
 * messages, or one of the SDK's naming the field).
 */
export function transactionResponseDecoder(options: TransactionBlockResponseOptions | null | undefined): Decoder<Record<string, unknown>> {
  return (value) => {
    const transaction = response(value) as Record<string, unknown>
    for (const key of Object.keys(transaction)) if (transaction[key] === null) delete transaction[key]
    if ((ownField(transaction, 'errors') as string[] | undefined)?.length) return transaction
    const missing = FIELDS.filter(([option, field]) => options?.[option] === true && ownField(transaction, field) === undefined)
    if (missing.length === 0) delete transaction.errors
    else transaction.errors = missing.map(([option, field]) => `${field}: not in the response although ${option} asked for it`)
    return transaction
  }
}

/**
 * Reads one `chainx_queryTransactionBlocks` result into a page (`{ items, hasMore, cursor }`).
 * A page without `data` or `hasNextPage`, or a cursor that is not a digest, is refused: the real
 * service never sends one.
 */
export function readTransactionPage(
  result: unknown,
  response: HttpResponse,
  options: unknown,
): PageShape<TransactionBlockResponse, string> {
  const page = object({
    data: array(transactionResponseDecoder(options as TransactionBlockResponseOptions | null)),
    nextCursor: optional(nullable(digest)),
    hasNextPage: boolean,
  })
  const { data, nextCursor, hasNextPage } = decodeResult(
    page,
    result,
    response,
    'chainx_queryTransactionBlocks result is not a transaction page',
  )
  return { items: data as unknown as TransactionBlockResponse[], hasMore: hasNextPage, cursor: nextCursor ?? null }
}
