/**
 * The TypeScript types of the service's custom scalars, for graphql-codegen's `scalars` option:
 * the mapping the SDK's own operations are generated with (and that `chainx-sdk/graphql` types
 * gql.tada documents with), so an app's generated operations read as the SDK's do.
 *
 * @example
 * import { graphqlScalars } from 'chainx-sdk/codegen'
 * const output = { plugins: ['typescript-operations', 'typed-document-node'], config: { scalars: graphqlScalars } }
 */
export const graphqlScalars = {
  BigInt: 'string',
  UInt53: 'number',
  SuiAddress: 'string',
  DateTime: 'string',
  Base64: 'string',
  JSON: 'unknown',
  MoveData: 'unknown',
} as const
