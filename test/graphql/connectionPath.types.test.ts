import { ChainxClient, type CheckedConnectionPath, type PaginateArguments } from 'chainx-sdk'
import { graphql, type ResultOf } from 'chainx-sdk/graphql'
import { createQueryOptions } from 'chainx-sdk/query'
import { describe, expect, expectTypeOf, it } from 'vitest'

// A `connection` path that is not a pageable connection of the result fails to compile with a
// message that names it (a message type), not "Type 'string' is not assignable to type 'undefined'".
// Checked by `tsc` (npm run typecheck); the calls below never send (the walk starts on iteration).
const Blocks = graphql(`
  query Blocks($first: Int, $after: String) {
    epoch {
      transactionBlocks(first: $first, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          digest
        }
      }
    }
  }
`)
const NoConnection = graphql(`
  query Gas($first: Int, $after: String) {
    epoch {
      referenceGasPrice
    }
  }
`)
type ConnectionOption<D, TPath extends string> = NonNullable<NonNullable<PaginateArguments<D, TPath>[1]>['connection']>

describe('the connection option of paginate', () => {
  it('accepts the paths of the connections of the result, and types their nodes', () => {
    expectTypeOf<CheckedConnectionPath<ResultOf<typeof Blocks>, 'epoch.transactionBlocks'>>().toEqualTypeOf<'epoch.transactionBlocks'>()
    const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9/graphql' })
    const walk = client.paginate(Blocks, {}, { connection: 'epoch.transactionBlocks' })
    expectTypeOf(walk.toArray).returns.resolves.items.toEqualTypeOf<{ digest: string | null }>()
    expect(walk.cursor).toBeNull() // not started: nothing sent
  })

  it('names a path that is not a pageable connection in the type error', () => {
    expectTypeOf<
      ConnectionOption<typeof Blocks, 'epoch'>
    >().toEqualTypeOf<"connection path 'epoch' is not a pageable connection of the result (an object with pageInfo)">()
    expectTypeOf<
      ConnectionOption<typeof Blocks, 'epoch.transactionBlock'>
    >().toEqualTypeOf<"connection path 'epoch.transactionBlock' is not a pageable connection of the result (an object with pageInfo)">()
    expectTypeOf<
      ConnectionOption<typeof NoConnection, 'epoch'>
    >().toEqualTypeOf<"connection path 'epoch' is not a pageable connection of the result (an object with pageInfo)">()
    expectTypeOf<
      ConnectionOption<typeof Blocks, string>
    >().toEqualTypeOf<'connection path: give a literal path of the result (a string variable cannot be checked), or leave connection out'>()
    const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9/graphql' })
    // @ts-expect-error connection path 'epoch' is not a pageable connection of the result
    expect(() => client.paginate(NoConnection, {}, { connection: 'epoch' })).not.toThrow()
  })

  it('is the same check in chainx-sdk/query: q.paginate types the path and names a bad one', () => {
    const q = createQueryOptions(new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9/graphql' }))
    const options = q.paginate(Blocks, {}, { connection: 'epoch.transactionBlocks' })
    expect(options.queryKey.slice(2, 4)).toEqual(['graphql', 'Blocks'])
    // @ts-expect-error connection path 'epoch' is not a pageable connection of the result
    expect(q.paginate(NoConnection, {}, { connection: 'epoch' }).queryKey[2]).toBe('graphql')
  })
})
