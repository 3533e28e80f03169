import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core'
import type { EndpointAffinity } from '../transport/endpoints.js'
import type { ServiceVersion } from '../utils/serviceVersion.js'
import type { Usage } from '../utils/usage.js'

/**
 * A parsed GraphQL document (graphql-js, graphql-tag, gql.tada, codegen's AST documents), as far
 * as the SDK reads it: its definitions, and its source body when it has one.
 *
 * @example
 * const document: DocumentNodeLike = parse('query { chainIdentifier }')
 */
export interface DocumentNodeLike {
  readonly kind: 'Document'
  readonly definitions: ReadonlyArray<{ readonly kind: string }>
  readonly loc?: { readonly source: { readonly body: string } } | undefined
}

/**
 * A GraphQL document: a codegen typed document (string or AST), a gql.tada document, a plain
 * string, or a parsed DocumentNode (sent whole, fragments composed from other documents included).
 *
 * @example
 * const document: GraphQLDocument = 'query { chainIdentifier }'
 */
export type GraphQLDocument<TResult = unknown, TVariables = Record<string, unknown>> =
  DocumentTypeDecoration<TResult, TVariables> | string | DocumentNodeLike

/**
 * Result type carried by a typed document.
 *
 * @example
 * type Epoch = ResultOf<typeof EpochDocument>['epoch']
 */
export type ResultOf<D> = D extends DocumentTypeDecoration<infer R, any> ? R : unknown
/**
 * Variables type carried by a typed document.
 *
 * @example
 * const variables: VariablesOf<typeof EventsDocument> = { first: 10, filter: { sender } }
 */
export type VariablesOf<D> = D extends DocumentTypeDecoration<any, infer V> ? V : Record<string, unknown>

/**
 * The arguments of `query` after the document: `variables` may be left out when no variable is required.
 *
 * @example
 * const args: QueryArguments<{ address: string }> = [{ address: '0x1' }, { timeoutMs: 5_000 }]
 */
export type QueryArguments<TVariables> =
  Record<string, never> extends TVariables
    ? [variables?: TVariables, options?: QueryOptions]
    : [variables: TVariables, options?: QueryOptions]

/**
 * Per-call options of a GraphQL query.
 *
 * @example
 * await client.graphql.epoch({}, { signal: AbortSignal.timeout(5_000), showUsage: true })
 */
export interface QueryOptions {
  /** Aborts the request (and its retries). */
  signal?: AbortSignal | undefined
  /**
   * Ask for the usage extension.
   * @default the client's `showUsage`
   */
  showUsage?: boolean | undefined
  /** Extra headers for this call. */
  headers?: Record<string, string> | undefined
  /** Time limit of one attempt in ms (overrides the client's). */
  timeoutMs?: number | undefined
  /** Operation to run when the document has several. */
  operationName?: string | undefined
  /**
   * Keeps this call on the endpoint of earlier calls given the same object (as a walk does).
   * @default undefined (any endpoint, by rank)
   */
  affinity?: EndpointAffinity | undefined
}

/**
 * A successful GraphQL result.
 *
 * @example
 * const { data, usage, version }: QueryResult<EpochQuery> = await client.graphql.epoch()
 */
export interface QueryResult<TData> {
  data: TData
  /** The usage extension, when `showUsage` was set and the service sent it. */
  usage?: Usage | undefined
  /** Service version from the `x-chain-rpc-version` response header. */
  version: ServiceVersion | undefined
}
