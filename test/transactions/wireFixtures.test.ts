import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import type { TransactionBlockResponseOptions } from '../../src/transactions/types.js'
import { fixtureDigest, TRANSACTION_FIXTURES } from '../helpers/wireFixtures.js'
import { pageOf, startFixtureRpcServer, type FixtureRpcServer } from '../helpers/fixtureRpcServer.js'

// The fixture corpus (test/helpers/wireFixtures.ts: the real examples' and schemas' shapes,
// rewritten) served by a tiny JSON-RPC server on 127.0.0.1, read through client.transactions
// `query` and `iterate` with the options each implies.

let served: Record<string, unknown>[] = []
/** A raw result to answer instead of a page of `served`, once. */
let raw: unknown
let server: FixtureRpcServer

beforeAll(async () => {
  server = await startFixtureRpcServer((method, params) => {
    if (method !== 'chainx_queryTransactionBlocks') return undefined
    if (raw !== undefined) return raw
    return pageOf(served, (tx) => tx.digest, params[1], params[2])
  })
})
afterAll(() => server.close())

const client = () => new ChainxClient({ rpcUrl: server.rpcUrl, retry: { retries: 0 } })

describe('the fixture corpus decodes through transactions.query and iterate', () => {
  for (const [name, fixture] of Object.entries(TRANSACTION_FIXTURES)) {
    it(`${name}: ${fixture.source}`, async () => {
      raw = undefined
      served = structuredClone(fixture.transactions)
      const options = (fixture.options ?? undefined) as TransactionBlockResponseOptions | undefined
      const page = await client().transactions.query({ options, pageSize: 50 })
      expect(page.items.map((tx) => tx.digest)).toEqual(fixture.transactions.map((tx) => tx.digest))
      const walked = await client().transactions.iterate({ options, pageSize: 2 }).toArray({ maxItems: Infinity })
      expect(walked).toEqual(page.items)
      page.items.forEach((tx, index) => {
        const expected = fixture.degraded[index]
        if (expected === undefined) expect(tx.errors, tx.digest).toBeUndefined()
        else if ('service' in expected) expect(tx.errors).toEqual(expected.service)
        else
          expect(tx.errors).toEqual(
            expected.missing.map((field) =>
              expect.stringMatching(new RegExp(`^${field}: not in the response although show\\w+ asked for it$`)),
            ),
          )
        // Absent and null read the same: no field is left null.
        expect(Object.values(tx)).not.toContain(null)
      })
    })
  }

  it('a missing requested field is named in the SDK message; fields not asked for that the service sent anyway are kept', async () => {
    raw = undefined
    served = structuredClone(TRANSACTION_FIXTURES.getTransactionBlock!.transactions)
    const [tx] = (await client().transactions.query({ options: { showInput: true, showEffects: true, showEvents: true } })).items
    expect(tx?.errors).toEqual(['events: not in the response although showEvents asked for it'])
    expect(tx?.objectChanges?.[0]).toMatchObject({ type: 'transferred', version: '8' })
    expect(tx?.rawTransaction).toBe('AQAAAAAAAgAgfdp9fQ==')
  })

  it('unknown variants are passed on as received: an object change type, an owner form, an input type, a transaction kind', async () => {
    raw = undefined
    served = structuredClone(TRANSACTION_FIXTURES.unknownVariants!.transactions)
    const options = { showInput: true, showEffects: true, showObjectChanges: true, showBalanceChanges: true } as const
    const [first, second, third] = (await client().transactions.query({ options, pageSize: 50 })).items
    if (!first || first.errors || !second || second.errors || !third || third.errors)
      throw new Error('expected three complete transactions')
    expect(first.objectChanges[1]).toEqual(served[0]!.objectChanges && (served[0]!.objectChanges as unknown[])[1])
    expect(first.effects.gasObject.owner).toEqual({ PartyOwner: { parties: [`0x${'c4'.repeat(32)}`] } })
    expect(first.balanceChanges[0]?.owner).toEqual({ PartyOwner: { parties: [`0x${'c4'.repeat(32)}`] } })
    expect(first.transaction.data.transaction).toMatchObject({ kind: 'ProgrammableTransaction', inputs: [{ type: 'fundsWithdrawal' }] })
    expect(second.transaction.data.transaction.kind).toBe('ConsensusCommitPrologueV3')
    expect(third.transaction.data.transaction).toEqual({ kind: 'SomethingNew', payload: [1, 2] })
    expect(third.effects.gasObject.owner).toBe('Immutable')
  })
})

describe('what the real service never sends is refused (docs/transactions.md)', () => {
  it('a page without data is INVALID_RESPONSE', async () => {
    raw = { nextCursor: null, hasNextPage: false }
    await expect(client().transactions.query({})).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('result.data'),
    })
  })

  it('a digest that is not a digest is INVALID_RESPONSE, naming where', async () => {
    raw = { data: [{ digest: fixtureDigest(1) }, { digest: 'not-a-digest' }], nextCursor: null, hasNextPage: false }
    await expect(client().transactions.query({})).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('result.data[1].digest'),
    })
  })

  it('a known variant with a field of the wrong type is INVALID_RESPONSE (lenient about new variants, not about broken ones)', async () => {
    const broken = {
      ...structuredClone(TRANSACTION_FIXTURES.dryRunTransactionBlock!.transactions[0]!),
      objectChanges: [{ type: 'created', sender: 7 }],
    }
    raw = { data: [broken], nextCursor: null, hasNextPage: false }
    await expect(client().transactions.query({ options: { showObjectChanges: true } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: expect.stringContaining('result.data[0].objectChanges[0]'),
    })
  })

  it('a cursor that does not advance stops the walk with CURSOR_NOT_ADVANCING', async () => {
    raw = { data: [{ digest: fixtureDigest(1) }], nextCursor: fixtureDigest(1), hasNextPage: true }
    await expect(client().transactions.iterate({ pageSize: 1 }).toArray({ maxItems: 10 })).rejects.toMatchObject({
      code: 'CURSOR_NOT_ADVANCING',
    })
  })
})
