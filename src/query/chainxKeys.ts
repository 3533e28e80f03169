import type { ChainxClient } from '../client.js'
import type { GraphQLDocument, VariablesOf } from '../graphql/createGraphQLClient.js'
import { InvalidArgumentError } from '../errors/request.js'
import { operationId } from './operationId.js'
import { endpointName, keyInput, type ChainxQueryKey } from './queryKey.js'
import type { EventQueryInput, LiveEventsInput, LiveTransactionsInput, TransactionQueryInput } from './resourceTypes.js'

/**
 * Where a key's queries go: a client (its `rpcUrl` for `events` and `transactions`, its
 * `graphqlUrl` for `graphql`), or the URL (or URLs, for failover) itself, as the client was given it.
 *
 * @example
 * const endpoint: KeyEndpoint = client // or 'http://127.0.0.1:9000/json-rpc'
 */
export type KeyEndpoint = Pick<ChainxClient, 'options'> | string | readonly string[] | undefined

/** The three query kinds of a JSON-RPC resource. */
type ResourceOperation = 'query' | 'infinite' | 'live'

/**
 * The keys of one JSON-RPC resource (`chainxKeys.events`, `chainxKeys.transactions`), most
 * general first: each is a prefix of the ones below it, and of every key `q.<resource>` builds.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: chainxKeys.events.all(client) }) // every event query of the client's endpoint
 */
export interface ResourceKeys<TName extends string, TInput extends object, TLiveInput extends object> {
  /** `['chainx', endpoint, name]`: every query of the resource. */
  all(endpoint: KeyEndpoint): readonly ['chainx', string, TName]
  /**
   * `['chainx', endpoint, name, 'query']`, or with an input the key `q.<resource>.query(input)` has
   * (part of an input, e.g. only the `filter`, matches every query whose input has those members).
   */
  query(endpoint: KeyEndpoint, input?: Partial<TInput>): ChainxQueryKey
  /** `['chainx', endpoint, name, 'infinite', input?]`, as `query`. */
  infinite(endpoint: KeyEndpoint, input?: Partial<TInput>): ChainxQueryKey
  /** `['chainx', endpoint, name, 'live', input?]`, as `query`. */
  live(endpoint: KeyEndpoint, input?: Partial<TLiveInput>): ChainxQueryKey
}

/**
 * The keys of GraphQL queries (`chainxKeys.graphql`): by endpoint, by operation (every
 * document of that name), by kind, and whole.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: chainxKeys.graphql.operation(client, EpochDocument) })
 */
export interface GraphQLKeys {
  /** `['chainx', graphqlUrl, 'graphql']`: every GraphQL query of the endpoint. */
  all(endpoint: KeyEndpoint): readonly ['chainx', string, 'graphql']
  /** `['chainx', graphqlUrl, 'graphql', operationName]`: every query of the operation, whatever its kind and variables. */
  operation(endpoint: KeyEndpoint, document: GraphQLDocument<any, any>): ChainxQueryKey
  /**
   * `['chainx', graphqlUrl, 'graphql', operationName, 'query', { document, variables }]`: the key of
   * `q.query(document, variables)` and of the generated method over the document; without
   * variables, every query of the document.
   */
  query<D extends GraphQLDocument<any, any>>(endpoint: KeyEndpoint, document: D, variables?: Partial<VariablesOf<D>>): ChainxQueryKey
  /** `[..., operationName, 'infinite', { document, variables, ...options }]`: the key of `q.paginate`; without an input, every infinite query of the document. */
  infinite(endpoint: KeyEndpoint, document: GraphQLDocument<any, any>, input?: object): ChainxQueryKey
}

/** A key and, when its input cannot be one, the error the query fails with. */
export interface BuiltKey {
  queryKey: ChainxQueryKey
  error?: InvalidArgumentError | undefined
}

function endpointOf(endpoint: KeyEndpoint, kind: 'rpcUrl' | 'graphqlUrl'): string {
  return endpointName(typeof endpoint === 'object' && endpoint !== null && 'options' in endpoint ? endpoint.options[kind] : endpoint)
}

/**
 * The one place keys are made: `chainxKeys` and every option builder call it. With `input`
 * undefined the key stops at the operation (a group); otherwise the input ends it, as
 * canonical JSON (or `{ invalid }` and the error, see `keyInput`).
 *
 * @example
 * buildKey(client.options.rpcUrl, 'events', 'query', { filter: { All: [] } }).queryKey
 */
export function buildKey(endpoint: string, resource: string, path: readonly string[], input?: unknown): BuiltKey {
  const prefix = ['chainx', endpoint, resource, ...path] as unknown as ChainxQueryKey
  if (input === undefined) return { queryKey: prefix }
  const { value, error } = keyInput(input)
  return { queryKey: [...prefix, value], error }
}

/**
 * The parts of a GraphQL key: the operation's name and the document's hash, or, for what is not
 * a document, `'invalid'` and the error.
 *
 * @example
 * graphqlKey(client.options.graphqlUrl, EpochDocument, 'query', { variables: { id: 3 } })
 */
export function graphqlKey(endpoint: string, document: GraphQLDocument<any, any>, kind?: string, input?: object): BuiltKey {
  let id: { name: string; hash: string }
  try {
    id = operationId(document)
  } catch (cause) {
    const error = new InvalidArgumentError('document: not a GraphQL document (a string or a DocumentNode)', { cause })
    return { queryKey: ['chainx', endpoint, 'graphql', 'invalid'], error }
  }
  if (kind === undefined) return buildKey(endpoint, 'graphql', [id.name])
  return buildKey(endpoint, 'graphql', [id.name, kind], { ...input, document: id.hash })
}

/** What a key holds in place of a filter value still `undefined`: kept visible, never equal to a real value. */
const PENDING = { $undefined: true }

/**
 * The key of a JSON-RPC resource's query, and whether its filter is still waiting for a value:
 * absent where the resource needs one (`filterRequired`), or a filter whose value is `undefined`
 * (`{ Sender: undefined }`). The key holds `{ $undefined: true }` where that value goes instead of
 * silently dropping the member, so a waiting query never shares a cache entry with a real filter.
 *
 * @example
 * resourceKey(rpcUrl, 'events', 'query', { filter: { Sender: undefined } }, true).pending // true
 */
export function resourceKey(
  endpoint: string,
  resource: string,
  operation: ResourceOperation,
  input: object | undefined,
  filterRequired = false,
): BuiltKey & { pending: boolean } {
  if (typeof input !== 'object' || input === null) input = input === undefined ? undefined : {}
  let { filter } = (input ?? {}) as { filter?: unknown }
  let pending = false
  if (filter === undefined && filterRequired) [filter, pending] = [PENDING, true]
  else if (typeof filter === 'object' && filter !== null && !Array.isArray(filter) && Object.values(filter).includes(undefined)) {
    filter = Object.fromEntries(Object.entries(filter).map(([name, value]) => [name, value === undefined ? PENDING : value]))
    pending = true
  }
  return { ...buildKey(endpoint, resource, [operation], input && { ...input, filter }), pending }
}

function resourceKeys<TName extends string, TInput extends object, TLiveInput extends object>(
  name: TName,
): ResourceKeys<TName, TInput, TLiveInput> {
  const key = (operation: ResourceOperation) => (endpoint: KeyEndpoint, input?: object) =>
    resourceKey(endpointOf(endpoint, 'rpcUrl'), name, operation, input).queryKey
  return {
    all: (endpoint) => ['chainx', endpointOf(endpoint, 'rpcUrl'), name],
    query: key('query'),
    infinite: key('infinite'),
    live: key('live'),
  }
}

/**
 * The key factory: every key `chainx-sdk/query` builds comes from here, so a key it returns
 * for a group is a prefix of every key in the group, and invalidating, refetching, removing
 * or reading by it reaches exactly that group. An endpoint is a client or a URL.
 *
 * | Key | Group |
 * | --- | --- |
 * | `chainxKeys.all()` | every chainx-sdk query |
 * | `chainxKeys.events.all(client)` | every event query of the client's `rpcUrl` |
 * | `chainxKeys.events.query(client)` / `.infinite` / `.live` | every event query of that kind |
 * | `chainxKeys.events.query(client, { filter })` | those of that kind whose input has that filter |
 * | `chainxKeys.graphql.operation(client, EpochDocument)` | every query of the operation |
 *
 * @example
 * import { chainxKeys } from 'chainx-sdk/query'
 * await queryClient.invalidateQueries({ queryKey: chainxKeys.events.all(client) })
 * await queryClient.invalidateQueries({ queryKey: chainxKeys.transactions.live(client, { filter: { FromAddress: alice } }) })
 */
export const chainxKeys = {
  /** `['chainx']`: every query chainx-sdk/query builds. */
  all: (): readonly ['chainx'] => ['chainx'],
  events: /* @__PURE__ */ resourceKeys<'events', EventQueryInput, LiveEventsInput>('events'),
  transactions: /* @__PURE__ */ resourceKeys<'transactions', TransactionQueryInput, LiveTransactionsInput>('transactions'),
  graphql: {
    all: (endpoint) => ['chainx', endpointOf(endpoint, 'graphqlUrl'), 'graphql'],
    operation: (endpoint, document) => graphqlKey(endpointOf(endpoint, 'graphqlUrl'), document).queryKey,
    query: (endpoint, document, variables) =>
      graphqlKey(endpointOf(endpoint, 'graphqlUrl'), document, 'query', variables === undefined ? undefined : { variables }).queryKey,
    infinite: (endpoint, document, input) => graphqlKey(endpointOf(endpoint, 'graphqlUrl'), document, 'infinite', input).queryKey,
  } satisfies GraphQLKeys as GraphQLKeys,
}
