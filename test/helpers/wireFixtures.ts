/**
 * A corpus of JSON-RPC results in the real service's shapes: each one rewritten by the project
 * (its own digests, addresses and amounts; no value copied) after an example or a schema of the
 * reference OpenRPC document (`sui`/`suix` named `chainx`), and naming it in `source`.
 */
import { toBase58 } from '@mysten/bcs'
import type { TransactionBlockResponseOptions } from '../../src/transactions/types.js'

/** A Base58 digest of 32 bytes, distinct per `seed`. */
export function fixtureDigest(seed: number): string {
  return toBase58(Uint8Array.from({ length: 32 }, (_, i) => (seed * 37 + i * 11 + 1) & 0xff))
}
const address = (byte: string) => `0x${byte.repeat(32)}`

const SENDER = address('c4')
const RECEIVER = address('7d')
const COIN = address('a9')
const ITEM = address('e2')

/** A programmable transfer of one owned object, as the examples of the read methods carry it. */
function transferInput(seed: number) {
  return {
    data: {
      messageVersion: 'v1',
      transaction: {
        kind: 'ProgrammableTransaction',
        inputs: [
          { type: 'pure', valueType: 'address', value: RECEIVER },
          { type: 'object', objectType: 'immOrOwnedObject', objectId: ITEM, version: '7', digest: fixtureDigest(seed + 100) },
        ],
        transactions: [{ TransferObjects: [[{ Input: 1 }], { Input: 0 }] }],
      },
      sender: SENDER,
      gasData: {
        payment: [{ objectId: COIN, version: 7, digest: fixtureDigest(seed + 200) }],
        owner: SENDER,
        price: '750',
        budget: '2500000',
      },
    },
    txSignatures: ['AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA='],
  }
}

function transferEffects(seed: number) {
  const gas = { objectId: COIN, version: 8, digest: fixtureDigest(seed + 300) }
  return {
    messageVersion: 'v1',
    status: { status: 'success' },
    executedEpoch: '12',
    gasUsed: { computationCost: '750000', storageCost: '1976000', storageRebate: '978120', nonRefundableStorageFee: '9880' },
    transactionDigest: fixtureDigest(seed),
    mutated: [
      { owner: { AddressOwner: SENDER }, reference: gas },
      { owner: { AddressOwner: RECEIVER }, reference: { objectId: ITEM, version: 8, digest: fixtureDigest(seed + 400) } },
    ],
    gasObject: { owner: { ObjectOwner: SENDER }, reference: gas },
    eventsDigest: fixtureDigest(seed + 500),
  }
}

function transferred(seed: number) {
  return {
    type: 'transferred',
    sender: SENDER,
    recipient: { AddressOwner: RECEIVER },
    objectType: '0x2::gallery::Painting',
    objectId: ITEM,
    version: '8',
    digest: fixtureDigest(seed + 400),
  }
}

/** The whole read-method response of the examples: input, its BCS, effects, object changes; no events although asked. */
function readExample(seed: number) {
  return {
    digest: fixtureDigest(seed),
    transaction: transferInput(seed),
    rawTransaction: 'AQAAAAAAAgAgfdp9fQ==',
    effects: transferEffects(seed),
    objectChanges: [transferred(seed)],
  }
}

/** One transaction fixture: where its shape comes from, the options it implies, the result. */
export interface TransactionFixture {
  source: string
  options: TransactionBlockResponseOptions | null
  transactions: Record<string, unknown>[]
  /**
   * Which transactions the SDK must deliver degraded (by index): with the service's `errors`, or
   * with the SDK's own message for each requested field `missing`.
   */
  degraded: Record<number, { service: string[] } | { missing: string[] }>
}

/** Transaction-shaped fixtures, by name. */
export const TRANSACTION_FIXTURES: Record<string, TransactionFixture> = {
  digestsOnly: {
    source: "chainx_queryTransactionBlocks example 'Returns the transaction digest for specified query criteria' (options null)",
    options: null,
    transactions: [1, 2, 3, 4].map((seed) => ({ digest: fixtureDigest(seed) })),
    degraded: {},
  },
  getTransactionBlock: {
    source: 'chainx_getTransactionBlock example (options showInput, showEffects, showEvents; the example has no events)',
    options: { showInput: true, showEffects: true, showEvents: true },
    transactions: [readExample(10)],
    degraded: { 0: { missing: ['events'] } },
  },
  multiGetTransactionBlocks: {
    source: 'chainx_multiGetTransactionBlocks example (three transactions, the same options and shape)',
    options: { showInput: true, showRawInput: false, showEffects: true, showEvents: true },
    transactions: [20, 21, 22].map(readExample),
    degraded: { 0: { missing: ['events'] }, 1: { missing: ['events'] }, 2: { missing: ['events'] } },
  },
  executeTransactionBlock: {
    source: 'chainx_executeTransactionBlock example (every option but showRawEffects; no events or balance changes in it)',
    options: {
      showInput: true,
      showRawInput: true,
      showEffects: true,
      showEvents: true,
      showObjectChanges: true,
      showBalanceChanges: true,
      showRawEffects: false,
    },
    transactions: [readExample(30)],
    degraded: { 0: { missing: ['events', 'balanceChanges'] } },
  },
  dryRunTransactionBlock: {
    source: 'chainx_dryRunTransactionBlock example (the fields it has: input, its BCS, effects, object changes)',
    options: { showInput: true, showRawInput: true, showEffects: true, showObjectChanges: true },
    transactions: [readExample(40)],
    degraded: {},
  },
  devInspectTransactionBlock: {
    source:
      "chainx_devInspectTransactionBlock example (effects and an empty events list; the shape of chainx_subscribeTransaction's message)",
    options: { showEffects: true, showEvents: true },
    transactions: [{ digest: fixtureDigest(45), effects: transferEffects(45), events: [] }],
    degraded: {},
  },
  degradedByService: {
    source: "schema TransactionBlockResponse: every field but digest optional and nullable, 'errors' an array of strings",
    options: { showEffects: true, showEvents: true, showBalanceChanges: true, showObjectChanges: true },
    transactions: [
      {
        digest: fixtureDigest(50),
        checkpoint: '901',
        timestampMs: '1767225600000',
        effects: transferEffects(50),
        events: [],
        objectChanges: [transferred(50)],
        balanceChanges: [],
      },
      {
        digest: fixtureDigest(51),
        checkpoint: '901',
        timestampMs: '1767225600000',
        effects: transferEffects(51),
        events: null,
        objectChanges: [transferred(51)],
        balanceChanges: null,
        errors: ['could not load the events of this transaction: store unavailable'],
      },
      {
        digest: fixtureDigest(52),
        checkpoint: null,
        timestampMs: null,
        effects: null,
        events: null,
        objectChanges: null,
        balanceChanges: null,
        errors: [],
      },
    ],
    degraded: {
      1: { service: ['could not load the events of this transaction: store unavailable'] },
      2: { missing: ['effects', 'events', 'objectChanges', 'balanceChanges'] },
    },
  },
  unknownVariants: {
    source: 'schemas ObjectChange, Owner, TransactionBlockKind, SuiCallArg with variants added after this SDK',
    options: { showInput: true, showEffects: true, showObjectChanges: true, showBalanceChanges: true },
    transactions: [
      {
        digest: fixtureDigest(60),
        transaction: {
          ...transferInput(60),
          data: {
            ...transferInput(60).data,
            transaction: {
              kind: 'ProgrammableTransaction',
              inputs: [
                {
                  type: 'fundsWithdrawal',
                  reservation: { MaxAmountU64: '5' },
                  typeArg: { Balance: '0x2::sui::SUI' },
                  withdrawFrom: 'Sender',
                },
              ],
              transactions: [],
            },
          },
        },
        effects: {
          ...transferEffects(60),
          gasObject: { owner: { PartyOwner: { parties: [SENDER] } }, reference: { objectId: COIN, version: 8, digest: fixtureDigest(61) } },
        },
        objectChanges: [
          transferred(60),
          { type: 'frozen', sender: SENDER, objectId: ITEM, objectType: '0x2::gallery::Painting', version: '9' },
        ],
        balanceChanges: [{ owner: { PartyOwner: { parties: [SENDER] } }, coinType: '0x2::sui::SUI', amount: '-1747880' }],
      },
      {
        digest: fixtureDigest(62),
        transaction: {
          ...transferInput(62),
          data: {
            ...transferInput(62).data,
            transaction: { kind: 'ConsensusCommitPrologueV3', epoch: '12', round: '4', commit_timestamp_ms: '1767225600000' },
          },
        },
        effects: transferEffects(62),
        objectChanges: [],
        balanceChanges: [],
      },
      {
        digest: fixtureDigest(63),
        transaction: { ...transferInput(63), data: { ...transferInput(63).data, transaction: { kind: 'SomethingNew', payload: [1, 2] } } },
        effects: {
          ...transferEffects(63),
          gasObject: { owner: 'Immutable', reference: { objectId: COIN, version: 8, digest: fixtureDigest(64) } },
        },
        objectChanges: [],
        balanceChanges: [],
      },
    ],
    degraded: {},
  },
}

/**
 * An event of the examples' shape (`bcsEncoding` base64, no timestamp), of `type` when given.
 *
 * @example
 * fixtureEvent(1, '0', { price: '5' })
 */
export function fixtureEvent(seed: number, eventSeq: string, parsedJson: unknown, type?: string) {
  return {
    id: { txDigest: fixtureDigest(seed), eventSeq },
    packageId: address('5a'),
    transactionModule: 'gallery',
    sender: address('3f'),
    type: type ?? `${address('09')}::gallery::Sale<${address('09')}::gallery::Sale>`,
    parsedJson,
    bcsEncoding: 'base64',
    bcs: '',
  }
}

/** One event fixture: where its shape comes from and the events. */
export interface EventFixture {
  source: string
  events: Record<string, unknown>[]
}

/** Event-shaped fixtures, by name. */
export const EVENT_FIXTURES: Record<string, EventFixture> = {
  queryEvents: {
    source: "chainx_queryEvents example 'Returns the events for a specified query criteria' (parsedJson a string, bcs empty, no timestamp)",
    events: [70, 71, 72, 73].map((seed) => fixtureEvent(seed, '1', 'painting sold')),
  },
  getEvents: {
    source: 'chainx_getEvents example (one event, parsedJson an object)',
    events: [fixtureEvent(74, '0', { title: 'harbour at dusk' })],
  },
  anyJson: {
    source: 'schema Event: parsedJson is any JSON value (array, number, null, nested object), timestampMs a string or null',
    events: [
      fixtureEvent(75, '0', [1, 'two', { three: 3 }]),
      { ...fixtureEvent(75, '1', 42), timestampMs: '1767225600000' },
      { ...fixtureEvent(75, '2', null), timestampMs: null },
      fixtureEvent(75, '3', { nested: { deeper: ['x'] } }),
    ],
  },
}
