import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ChainxEvent } from '../../src/events/types.js'
import { chainxEventDecoder } from '../../src/events/eventSchemas.js'
import { ownerDecoder, transactionEffectsDecoder } from '../../src/transactions/effects.js'
import { transactionResponseDecoder } from '../../src/transactions/transactionSchemas.js'
import type {
  BalanceChange,
  ObjectChange,
  ObjectOwner,
  TransactionBlockData,
  TransactionBlockEffects,
  TransactionBlockResponse,
  TransactionCallArg,
  TransactionKind,
  UnknownVariant,
} from '../../src/transactions/types.js'
import { EVENT_FIXTURES, TRANSACTION_FIXTURES } from '../helpers/wireFixtures.js'

// Type tests (checked by tsc) beside the values they describe: one check of `errors` tells a
// complete transaction from a degraded one, and a `switch` over the known variants narrows
// each of them while an unknown one is left in `default`.

type Options = { showEffects: true; showEvents: true; showObjectChanges: true; showBalanceChanges: true; showInput: true }
const OPTIONS: Options = { showEffects: true, showEvents: true, showObjectChanges: true, showBalanceChanges: true, showInput: true }

function decoded<O extends Partial<Options>>(name: keyof typeof TRANSACTION_FIXTURES, options: O): TransactionBlockResponse<O>[] {
  const decode = transactionResponseDecoder(options)
  return structuredClone(TRANSACTION_FIXTURES[name]!.transactions).map((tx) => decode(tx) as TransactionBlockResponse<O>)
}

/** What a `switch` over an object change's `type` sees in each branch. */
function describeChange(change: ObjectChange): string {
  switch (change.type) {
    case 'created':
      expectTypeOf(change.owner).toEqualTypeOf<ObjectOwner>()
      return `created ${change.objectId}`
    case 'mutated':
      expectTypeOf(change.previousVersion).toEqualTypeOf<string | number>()
      return `mutated ${change.objectId}`
    case 'transferred':
      expectTypeOf(change.recipient).toEqualTypeOf<ObjectOwner>()
      return `transferred ${change.objectId}`
    case 'published':
      expectTypeOf(change.modules).toEqualTypeOf<string[]>()
      return `published ${change.packageId}`
    case 'deleted':
    case 'wrapped':
      return `${change.type} ${change.objectId}`
    default:
      expectTypeOf(change).toEqualTypeOf<{ type: UnknownVariant }>()
      return `unknown ${String(change.type)}`
  }
}

/** What `in` checks over an owner see. */
function describeOwner(owner: ObjectOwner): string {
  // A string owner may be a form added later too: `in` needs the string check first (tsc says so).
  if (typeof owner === 'string') return owner === 'Immutable' ? 'immutable' : `unknown ${owner}`
  if ('AddressOwner' in owner) return `address ${owner.AddressOwner}`
  if ('ObjectOwner' in owner) return `object ${owner.ObjectOwner}`
  if ('Shared' in owner) return `shared since ${owner.Shared.initial_shared_version}`
  if ('ConsensusAddressOwner' in owner) return `consensus ${owner.ConsensusAddressOwner.owner}`
  expectTypeOf(owner).toEqualTypeOf<UnknownVariant>()
  return `unknown ${JSON.stringify(owner)}`
}

function describeKind(kind: TransactionKind): string {
  switch (kind.kind) {
    case 'ProgrammableTransaction':
      expectTypeOf(kind.inputs).toEqualTypeOf<TransactionCallArg[]>()
      return `programmable, ${kind.inputs.map(describeInput).join(', ')}`
    case 'ConsensusCommitPrologueV3':
      return 'system'
    default:
      return typeof kind.kind === 'string' ? `other ${kind.kind}` : 'unknown'
  }
}

function describeInput(input: TransactionCallArg): string {
  if (input.type === 'pure') return 'pure'
  if (input.type === 'object') return input.objectType === 'sharedObject' ? `shared ${String(input.mutable)}` : `owned ${input.digest}`
  expectTypeOf(input).toEqualTypeOf<{ type: UnknownVariant }>()
  return `unknown ${String(input.type)}`
}

describe('response types', () => {
  it('one check of errors: the requested fields are there when it is absent, maybe missing when it is set', () => {
    const [whole, degraded, empty] = decoded('degradedByService', OPTIONS)
    for (const tx of [whole, degraded, empty]) {
      if (tx === undefined) throw new Error('fixture')
      if (tx.errors === undefined) {
        expectTypeOf(tx.effects).toEqualTypeOf<TransactionBlockEffects>()
        expectTypeOf(tx.events).toEqualTypeOf<ChainxEvent[]>()
        expectTypeOf(tx.balanceChanges).toEqualTypeOf<BalanceChange[]>()
        expectTypeOf(tx.transaction).toEqualTypeOf<TransactionBlockData>()
        expect(tx.digest).toBe(whole?.digest)
      } else {
        expectTypeOf(tx.events).toEqualTypeOf<ChainxEvent[] | undefined>()
        expectTypeOf(tx.effects).toEqualTypeOf<TransactionBlockEffects | undefined>()
        expect(tx.errors.length).toBeGreaterThan(0)
      }
    }
    expect(degraded?.events).toBeUndefined()
    expect(empty?.effects).toBeUndefined()
  })

  it('without options every field is optional, complete or not', () => {
    expectTypeOf<TransactionBlockResponse['effects']>().toEqualTypeOf<TransactionBlockEffects | undefined>()
  })

  it('a switch over object change types, owners, kinds and inputs narrows the known ones; the unknown ones reach default', () => {
    const [first, second, third] = decoded('unknownVariants', {
      showEffects: true,
      showObjectChanges: true,
      showBalanceChanges: true,
      showInput: true,
    } as const)
    if (!first || first.errors || !second || second.errors || !third || third.errors) throw new Error('expected complete transactions')
    expect(first.objectChanges.map(describeChange)).toEqual([`transferred 0x${'e2'.repeat(32)}`, 'unknown frozen'])
    expect(describeOwner(first.effects.gasObject.owner)).toBe(`unknown {"PartyOwner":{"parties":["0x${'c4'.repeat(32)}"]}}`)
    expect(describeOwner(third.effects.gasObject.owner)).toBe('immutable')
    expect(describeOwner({ Shared: { initial_shared_version: '3' } })).toBe('shared since 3')
    expect(describeOwner('Frozen' as ObjectOwner)).toBe('unknown Frozen')
    expect(describeKind(first.transaction.data.transaction)).toBe('programmable, unknown fundsWithdrawal')
    expect(describeKind(second.transaction.data.transaction)).toBe('system')
    expect(describeKind(third.transaction.data.transaction)).toBe('other SomethingNew')
  })

  it("the subscriptions' messages decode as leniently: an event of any parsedJson, effects with an unknown owner, null abortError and fields the SDK does not name", () => {
    for (const fixture of Object.values(EVENT_FIXTURES)) for (const event of fixture.events) expect(chainxEventDecoder(event)).toBe(event)
    const effects = {
      ...(TRANSACTION_FIXTURES.unknownVariants!.transactions[0]!.effects as Record<string, unknown>),
      abortError: null,
      accumulatorEvents: [{ accumulatorObj: '0x1', address: '0x2', ty: '0x2::sui::SUI', operation: 'merge', value: { integer: '1' } }],
    }
    expect(transactionEffectsDecoder(effects)).toBe(effects)
    expect(() => transactionEffectsDecoder({ ...effects, gasObject: { owner: 7, reference: {} } })).toThrow(/owner/)
  })

  it('an owner form added later passes (an object with another key, another string); a broken known one, an empty string or null does not', () => {
    const party = { PartyOwner: { parties: ['0x1'] } }
    expect(ownerDecoder(party)).toBe(party)
    expect(ownerDecoder('Frozen')).toBe('Frozen')
    expect(() => ownerDecoder({ AddressOwner: 5 })).toThrow('expected a non-empty string, got 5')
    expect(() => ownerDecoder('')).toThrow(/owner/)
    expect(() => ownerDecoder(null)).toThrow(/owner/)
  })
})
