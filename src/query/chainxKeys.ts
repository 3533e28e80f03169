import type { ChainxClient } from '../client.js'
import { InvalidArgumentError } from '../errors/request.js'
import type { GraphQLDocument, VariablesOf } from '../graphql/createGraphQLClient.js'
import { redactUrl } from '../utils/redactUrl.js'
import { operationId } from './operationId.js'
import type { ChainxQueryKey, EventQueryInput, JsonValue, LiveEventsInput, LiveTransactionsInput, TransactionQueryInput } from './types.js'

/**
 * Where a key's queries go: a client (its `rpcUrl` for `events` and `transactions`, its
 * `graphqlUrl` for `graphql`), or the URL (or URLs, for failover) itself, as the client was given it.
 *
 * @example
 * const endpoint: KeyEndpoint = client // or 'http://127.0.0.1:9000/json-rpc'
 */
export type KeyEndpoint = Pick<ChainxClient, 'options'> | string | readonly string[] | undefined

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
interface BuiltKey {
  queryKey: ChainxQueryKey
  error?: InvalidArgumentError | undefined
}

/** The endpoint as a key names it: without credentials, several (failover) joined by a space, `''` when there is none. */
function endpointOf(endpoint: KeyEndpoint, kind: 'rpcUrl' | 'graphqlUrl'): string {
  const urls = typeof endpoint === 'object' && endpoint !== null && 'options' in endpoint ? endpoint.options[kind] : endpoint
  return typeof urls === 'string' ? redactUrl(urls) : (urls ?? []).map((url) => redactUrl(url)).join(' ')
}

/**
 * The one place keys are made: with `input` undefined the key stops at the operation (a group),
 * otherwise the input ends it as canonical JSON. Never throws (an option builder runs during
 * render): what JSON cannot carry becomes `{ invalid: <reason> }` and the error the query fails with.
 */
function buildKey(endpoint: string, resource: string, path: readonly string[], input?: unknown): BuiltKey {
  const prefix = ['chainx', endpoint, resource, ...path] as unknown as ChainxQueryKey
  if (input === undefined) return { queryKey: prefix }
  try {
    return { queryKey: [...prefix, canonicalJson(input, 'input')] }
  } catch (cause) {
    const error = cause instanceof InvalidArgumentError ? cause : new InvalidArgumentError('input cannot be part of a query key', { cause })
    return { queryKey: [...prefix, { invalid: error.message }], error }
  }
}

const MAX_DEPTH = 64

/** Object keys sorted, `undefined` members dropped (`null` in arrays); throws `InvalidArgumentError` on what JSON cannot carry. */
function canonicalJson(value: unknown, path: string, depth = 0): JsonValue {
  if (depth > MAX_DEPTH) throw new InvalidArgumentError(`${path}: nested deeper than ${MAX_DEPTH} levels`)
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value
    throw new InvalidArgumentError(`${path}: ${value} is not a JSON number`)
  }
  if (Array.isArray(value))
    return value.map((item, index) => (item === undefined ? null : canonicalJson(item, `${path}[${index}]`, depth + 1)))
  const prototype = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined
  if (prototype === Object.prototype || prototype === null) {
    const out: Record<string, JsonValue> = {}
    for (const key of Object.keys(value as object).sort()) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) out[key] = canonicalJson(member, `${path}.${key}`, depth + 1)
    }
    return out
  }
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value
  throw new InvalidArgumentError(`${path}: a ${kind} cannot be part of a query key (plain JSON only)`)
}

/** The key of a GraphQL query: the operation's name and the document's hash, or for what is not a document, `'invalid'` and the error. */
export function graphqlKey(endpoint: KeyEndpoint, document: GraphQLDocument<any, any>, kind?: string, input?: object): BuiltKey {
  const url = endpointOf(endpoint, 'graphqlUrl')
  let id: { name: string; hash: string }
  try {
    id = operationId(document)
  } catch (cause) {
    const error = new InvalidArgumentError('document: not a GraphQL document (a string or a DocumentNode)', { cause })
    return { queryKey: ['chainx', url, 'graphql', 'invalid'], error }
  }
  if (kind === undefined) return buildKey(url, 'graphql', [id.name])
  return buildKey(url, 'graphql', [id.name, kind], { ...input, document: id.hash })
}

/** What a key holds in place of a filter value still `undefined`: kept visible, never equal to a real value. */
const PENDING = { $undefined: true }

/**
 * The key of a JSON-RPC resource's query, and whether its filter still waits for a value (absent
 * where `filterRequired`, or `{ Sender: undefined }`): the key then holds `{ $undefined: true }`
 * there, so a waiting query never shares a cache entry with a real filter.
 */
export function resourceKey(
  endpoint: KeyEndpoint,
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
  return { ...buildKey(endpointOf(endpoint, 'rpcUrl'), resource, [operation], input && { ...input, filter }), pending }
}

function resourceKeys<TName extends string, TInput extends object, TLiveInput extends object>(
  name: TName,
): ResourceKeys<TName, TInput, TLiveInput> {
  const key = (operation: ResourceOperation) => (endpoint: KeyEndpoint, input?: object) =>
    resourceKey(endpoint, name, operation, input).queryKey
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
    operation: (endpoint, document) => graphqlKey(endpoint, document).queryKey,
    query: (endpoint, document, variables) =>
      graphqlKey(endpoint, document, 'query', variables === undefined ? undefined : { variables }).queryKey,
    infinite: (endpoint, document, input) => graphqlKey(endpoint, document, 'infinite', input).queryKey,
  } satisfies GraphQLKeys as GraphQLKeys,
}
