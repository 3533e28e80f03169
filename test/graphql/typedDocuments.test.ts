import { parse } from 'graphql'
import { ChainxClient } from 'chainx-sdk'
import { graphql, readFragment, type ChainxSchema, type FragmentOf, type ResultOf, type VariablesOf } from 'chainx-sdk/graphql'
import { initGraphQLTada } from 'gql.tada'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// A user's own documents, typed by gql.tada against the shipped schema: a fragment composed
// into a connection query, queried and walked over the mock network (real sockets).
const BlockFields = graphql(`
  fragment BlockFields on TransactionBlock {
    digest
    sender {
      address
    }
    effects {
      status
      checkpoint {
        sequenceNumber
      }
    }
  }
`)
const Blocks = graphql(
  `
    query Blocks($first: Int, $after: String, $last: Int, $before: String, $filter: TransactionBlockFilter) {
      transactionBlocks(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
        pageInfo {
          hasNextPage
          endCursor
          hasPreviousPage
          startCursor
        }
        nodes {
          ...BlockFields
        }
      }
    }
  `,
  [BlockFields],
)
const EpochById = graphql(`
  query EpochById($id: UInt53!) {
    epoch(id: $id) {
      epochId
      referenceGasPrice
      startTimestamp
    }
  }
`)

describe("chainx-sdk/graphql: a user's own documents over the mock network", () => {
  let client: ChainxClient
  useMockNetwork({}, (mock) => {
    client = new ChainxClient(mock)
  })

  it('G5: a composed gql.tada document is sent whole and typed (fields, scalars, fragments)', async () => {
    const { data } = await client.graphql.query(Blocks, { first: 3 })
    expectTypeOf(data.transactionBlocks.pageInfo.endCursor).toEqualTypeOf<string | null>()
    const [first] = data.transactionBlocks.nodes
    expect(first).toBeDefined()
    const block = readFragment(BlockFields, first!)
    expectTypeOf(block.digest).toEqualTypeOf<string | null>()
    expectTypeOf(block.effects).toEqualTypeOf<{
      status: 'SUCCESS' | 'FAILURE' | null
      checkpoint: { sequenceNumber: number } | null
    } | null>()
    // @ts-expect-error gasInput is not selected by the fragment: reading it fails to compile
    expect(block.gasInput).toBeUndefined()
    // @ts-expect-error the fragment's fields are masked on the query's node until readFragment
    expect(first?.digest).toBe(block.digest)
    expect(typeof block.digest).toBe('string')
    expect(typeof block.effects?.checkpoint?.sequenceNumber).toBe('number')
  })

  it('E2: a required variable is required by the types; a nullable one left out is sent as null', async () => {
    const { data } = await client.graphql.query(EpochById, { id: 1 })
    expectTypeOf(data.epoch).toEqualTypeOf<{ epochId: number; referenceGasPrice: string | null; startTimestamp: string } | null>()
    expect(data.epoch?.epochId).toBe(1)
    // @ts-expect-error $id is UInt53!: leaving it out fails to compile, and at run time is MISSING_VARIABLE before sending
    await expect(client.graphql.query(EpochById, {})).rejects.toMatchObject({ code: 'MISSING_VARIABLE', variable: 'id', sent: false })
    // @ts-expect-error a string is not a UInt53 (number)
    await client.graphql.query(EpochById, { id: '1' }).catch(() => undefined)
    // Every variable of Blocks is nullable: none is needed, and what is left out goes as null.
    const { data: page } = await client.graphql.query(Blocks)
    expect(page.transactionBlocks.nodes.length).toBeGreaterThan(0)
  })

  it('P1: client.paginate over a gql.tada document yields typed nodes, every block once', async () => {
    const walk = client.paginate(Blocks, {}, { pageSize: 4, maxItems: 10 })
    expectTypeOf(walk).toEqualTypeOf<ReturnType<typeof client.paginate<typeof Blocks>>>()
    const digests: string[] = []
    for await (const node of walk) {
      expectTypeOf(node).toEqualTypeOf<FragmentOf<typeof BlockFields>>()
      digests.push(readFragment(BlockFields, node).digest ?? '')
    }
    expect(digests).toHaveLength(10)
    expect(new Set(digests).size).toBe(10)
    // @ts-expect-error a connection path the result type does not have
    expect(() => client.paginate(Blocks, {}, { connection: 'transactionBlock' })).not.toThrow()
  })

  it("a user's own initGraphQLTada over ChainxSchema (its own scalars) types the same through the client", async () => {
    // BigInt as a string of digits, the rest as the SDK maps them.
    type MyScalars = Omit<ChainxSchema['scalars'], 'BigInt'> & { BigInt: `${bigint}` }
    const myGraphql = initGraphQLTada<{ introspection: ChainxSchema['introspection']; scalars: MyScalars }>()
    const Gas = myGraphql(`query Gas($id: UInt53) { epoch(id: $id) { referenceGasPrice } }`)
    const { data } = await client.graphql.query(Gas, { id: 1 })
    expectTypeOf(data.epoch).toEqualTypeOf<{ referenceGasPrice: `${bigint}` | null } | null>()
    expect(typeof data.epoch?.referenceGasPrice).toBe('string')
  })

  it("ResultOf and VariablesOf read a document's types", () => {
    expectTypeOf<VariablesOf<typeof EpochById>>().toEqualTypeOf<{ id: number }>()
    expectTypeOf<ResultOf<typeof EpochById>['epoch']>().toEqualTypeOf<{
      epochId: number
      referenceGasPrice: string | null
      startTimestamp: string
    } | null>()
  })

  it('G5: a graphql-js DocumentNode parsed without locations, and one with them, are sent and checked', async () => {
    const text = 'query Epoch($id: UInt53) { epoch(id: $id) { epochId } }'
    for (const document of [parse(text, { noLocation: true }), parse(text)]) {
      const { data } = await client.graphql.query(document, { id: 2 })
      expect(data).toEqual({ epoch: { epochId: 2 } })
    }
  })
})
