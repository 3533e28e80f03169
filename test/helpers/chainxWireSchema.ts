/**
 * The project's own JSON Schema of the JSON-RPC wire (spec 2.1, 4.4; shapes checked against the
 * reference OpenRPC document's `components.schemas`), strict about what the mock network must
 * send: no field the options did not ask for, no field the real service does not have, versions
 * as numbers in object references (`ObjectRef`, `modifiedAtVersions`) and as u64 strings in
 * object changes, inputs and owners, where the real service writes strings.
 */
import { Ajv } from 'ajv'
import type { TransactionBlockResponseOptions } from '../../src/transactions/types.js'

const u64 = { type: 'string', pattern: '^\\d{1,20}$' }
const digest = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' }
const hex = { type: 'string', pattern: '^0x[0-9a-f]{1,64}$' }
const base64 = { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' }
const version = { type: 'integer', minimum: 0 }
const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
})

const definitions = {
  eventId: closed({ txDigest: digest, eventSeq: u64 }),
  event: closed({
    id: { $ref: 'chainx-wire#/definitions/eventId' },
    packageId: hex,
    transactionModule: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
    sender: hex,
    type: { type: 'string', pattern: '^0x[0-9a-f]{1,64}::' },
    parsedJson: {},
    bcsEncoding: { const: 'base64' },
    bcs: base64,
    timestampMs: u64,
  }),
  owner: {
    oneOf: [
      closed({ AddressOwner: hex }),
      closed({ ObjectOwner: hex }),
      closed({ Shared: closed({ initial_shared_version: u64 }) }),
      { const: 'Immutable' },
      closed({ ConsensusAddressOwner: closed({ owner: hex, start_version: u64 }) }),
    ],
  },
  objectRef: closed({ objectId: hex, version, digest }),
  ownedObjectRef: closed({ owner: { $ref: 'chainx-wire#/definitions/owner' }, reference: { $ref: 'chainx-wire#/definitions/objectRef' } }),
  effects: closed(
    {
      messageVersion: { const: 'v1' },
      status: {
        oneOf: [closed({ status: { const: 'success' } }), closed({ status: { const: 'failure' }, error: { type: 'string' } })],
      },
      executedEpoch: u64,
      gasUsed: closed({ computationCost: u64, storageCost: u64, storageRebate: u64, nonRefundableStorageFee: u64 }),
      modifiedAtVersions: { type: 'array', items: closed({ objectId: hex, sequenceNumber: version }) },
      transactionDigest: digest,
      created: { type: 'array', items: { $ref: 'chainx-wire#/definitions/ownedObjectRef' } },
      mutated: { type: 'array', items: { $ref: 'chainx-wire#/definitions/ownedObjectRef' } },
      gasObject: { $ref: 'chainx-wire#/definitions/ownedObjectRef' },
      eventsDigest: digest,
      dependencies: { type: 'array', items: digest },
    },
    ['messageVersion', 'status', 'executedEpoch', 'gasUsed', 'transactionDigest', 'gasObject'],
  ),
  objectChange: {
    oneOf: [
      closed({
        type: { const: 'mutated' },
        sender: hex,
        owner: { $ref: 'chainx-wire#/definitions/owner' },
        objectType: { type: 'string' },
        objectId: hex,
        version: u64,
        previousVersion: u64,
        digest,
      }),
      closed({
        type: { const: 'created' },
        sender: hex,
        owner: { $ref: 'chainx-wire#/definitions/owner' },
        objectType: { type: 'string' },
        objectId: hex,
        version: u64,
        digest,
      }),
    ],
  },
  balanceChange: closed({
    owner: { $ref: 'chainx-wire#/definitions/owner' },
    coinType: { type: 'string' },
    amount: { type: 'string', pattern: '^-?\\d+$' },
  }),
  input: closed({ type: { const: 'object' }, objectType: { const: 'immOrOwnedObject' }, objectId: hex, version: u64, digest }),
  transaction: closed({
    data: closed({
      messageVersion: { const: 'v1' },
      transaction: closed({
        kind: { const: 'ProgrammableTransaction' },
        inputs: { type: 'array', items: { $ref: 'chainx-wire#/definitions/input' } },
        transactions: { type: 'array', items: { type: 'object', minProperties: 1, maxProperties: 1 } },
      }),
      sender: hex,
      gasData: closed({
        payment: { type: 'array', items: { $ref: 'chainx-wire#/definitions/objectRef' } },
        owner: hex,
        price: u64,
        budget: u64,
      }),
    }),
    txSignatures: { type: 'array', items: base64 },
  }),
}

/** Each `show*` option, the field it adds and that field's schema. */
const FIELDS: [keyof TransactionBlockResponseOptions, string, unknown][] = [
  ['showInput', 'transaction', { $ref: 'chainx-wire#/definitions/transaction' }],
  ['showRawInput', 'rawTransaction', base64],
  ['showEffects', 'effects', { $ref: 'chainx-wire#/definitions/effects' }],
  ['showRawEffects', 'rawEffects', { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 } }],
  ['showEvents', 'events', { type: 'array', items: { $ref: 'chainx-wire#/definitions/event' } }],
  ['showObjectChanges', 'objectChanges', { type: 'array', items: { $ref: 'chainx-wire#/definitions/objectChange' } }],
  ['showBalanceChanges', 'balanceChanges', { type: 'array', items: { $ref: 'chainx-wire#/definitions/balanceChange' } }],
]

/** The option names, in the order of the bits of `optionCombination`. */
export const OPTION_NAMES = FIELDS.map(([option]) => option)

/**
 * The options of combination `bits` (bit i on: `OPTION_NAMES[i]` is true), 0 to 127.
 *
 * @example
 * optionCombination(0b101) // { showInput: true, showEffects: true }
 */
export function optionCombination(bits: number): TransactionBlockResponseOptions {
  return Object.fromEntries(OPTION_NAMES.flatMap((name, index) => ((bits >> index) & 1 ? [[name, true]] : [])))
}

/**
 * The schema of a `chainx_queryTransactionBlocks` result: each transaction has its digest and
 * any of the `show*` fields (with `checkpoint` and `timestampMs`), each checked, and an `errors`
 * (non-empty) when degraded. Which fields a response must have is `expectedFields`' job.
 *
 * @example
 * createWireAjv().validate(transactionPageSchema, result)
 */
export const transactionPageSchema = {
  ...closed({
    data: {
      type: 'array',
      items: closed(
        {
          digest,
          checkpoint: u64,
          timestampMs: u64,
          ...Object.fromEntries(FIELDS.map(([, field, schema]) => [field, schema])),
          errors: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        },
        ['digest'],
      ),
    },
    nextCursor: { anyOf: [digest, { type: 'null' }] },
    hasNextPage: { type: 'boolean' },
  }),
}

/**
 * The fields of a whole transaction response for `options`: `digest`, and with any option on
 * `checkpoint`, `timestampMs` and the field of each option (sorted).
 *
 * @example
 * expectedFields({ showEffects: true }) // ['checkpoint', 'digest', 'effects', 'timestampMs']
 */
export function expectedFields(options: TransactionBlockResponseOptions): string[] {
  const asked = FIELDS.filter(([option]) => options[option] === true).map(([, field]) => field)
  return (asked.length > 0 ? ['digest', 'checkpoint', 'timestampMs', ...asked] : ['digest']).sort()
}

/** The schema of a `chainx_queryEvents` result. */
export const eventPageSchema = {
  ...closed({
    data: { type: 'array', items: { $ref: 'chainx-wire#/definitions/event' } },
    nextCursor: { anyOf: [{ $ref: 'chainx-wire#/definitions/eventId' }, { type: 'null' }] },
    hasNextPage: { type: 'boolean' },
  }),
}

/**
 * An ajv instance that knows the shared definitions (`chainx-wire#/definitions/…`): strict, but
 * `required` may name properties declared beside the `oneOf` it sits in.
 *
 * @example
 * const validate = createWireAjv().compile(eventPageSchema)
 */
export function createWireAjv(): Ajv {
  const ajv = new Ajv({ strict: true, strictRequired: false })
  ajv.addSchema({ $id: 'chainx-wire', definitions })
  return ajv
}
