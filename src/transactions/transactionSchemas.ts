import { chainxEventDecoder, u64String } from '../events/eventSchemas.js'
import {
  array,
  boolean,
  check,
  jsonObject,
  nonEmptyString,
  nullable,
  object,
  optional,
  ownField,
  string,
  unknown,
  type Decoder,
} from '../utils/decode.js'
import { decodeResult } from '../jsonRpc/decodeResult.js'
import type { PageShape } from '../pagination/types.js'
import type { HttpResponse } from '../transport/types.js'
import { balanceChange, digest, objectRef, ownerDecoder, transactionEffectsDecoder, variants, version } from './effects.js'
import { SYSTEM_KINDS, type TransactionBlockResponse, type TransactionBlockResponseOptions } from './types.js'

const byte = check((value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255, 'a byte')

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
