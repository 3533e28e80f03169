/**
 * chainx-sdk/graphql: gql.tada's `graphql` set up with the shipped service schema, so your documents
 * carry their result and variables types with no codegen step (`client.graphql.query` and
 * `client.paginate` infer both). gql.tada is an optional peer of this entry: `npm install gql.tada`.
 *
 * @example
 * import { graphql, readFragment, type FragmentOf } from 'chainx-sdk/graphql'
 * const BlockFields = graphql(`fragment BlockFields on TransactionBlock { digest sender { address } }`)
 * const Blocks = graphql(`query Blocks($first: Int, $after: String) { transactionBlocks(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...BlockFields } } }`, [BlockFields])
 * for await (const node of client.paginate(Blocks, {}, { maxItems: 10 })) console.log(readFragment(BlockFields, node).digest)
 */
import { initGraphQLTada } from 'gql.tada'
import type { introspection } from './generated/introspection.js'

/**
 * How the service's custom scalars read in TypeScript: as the generated operations map them.
 *
 * @example
 * const gas: ChainxScalars['BigInt'] = '1000'
 */
export interface ChainxScalars {
  BigInt: string
  UInt53: number
  SuiAddress: string
  DateTime: string
  Base64: string
  JSON: unknown
  MoveData: unknown
}

/**
 * The schema's introspection as gql.tada reads it, with the SDK's scalars: for an app's own
 * `initGraphQLTada` (e.g. to add its own scalars or a newer schema's introspection).
 *
 * @example
 * import { initGraphQLTada } from 'gql.tada'
 * const myGraphql = initGraphQLTada<ChainxSchema>()
 */
export interface ChainxSchema {
  introspection: introspection
  scalars: ChainxScalars
}

/**
 * gql.tada's `graphql`, set up with the chainx service schema: parses a document (with the
 * fragments it spreads passed as the second argument) and types its result and variables.
 * A field the schema does not have, or a variable of the wrong type, fails to compile.
 *
 * @example
 * const Epoch = graphql(`query Epoch($id: UInt53) { epoch(id: $id) { epochId referenceGasPrice } }`)
 * const { data } = await client.graphql.query(Epoch, { id: 3 })
 * data.epoch?.referenceGasPrice // string | null
 */
export const graphql: initGraphQLTada<ChainxSchema> = initGraphQLTada<ChainxSchema>()

export { readFragment } from 'gql.tada'
export type { FragmentOf, ResultOf, VariablesOf, TadaDocumentNode } from 'gql.tada'
export type { introspection as ChainxIntrospection } from './generated/introspection.js'
