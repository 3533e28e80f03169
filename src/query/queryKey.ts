import { InvalidArgumentError } from '../errors/request.js'
import { redactUrl } from '../utils/redactUrl.js'

/**
 * A JSON value as it sits in a query key: what `JSON.stringify` writes and reads back unchanged.
 *
 * @example
 * const input: JsonValue = { filter: { Sender: '0xa11ce' }, pageSize: 20 }
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/**
 * The key of every query `chainx-sdk/query` builds: `['chainx', endpoint, resource, operation,
 * ...input]`, most general first, so each prefix names a group (`chainxKeys` builds them):
 *
 * - JSON-RPC resources: `['chainx', rpcUrl, 'events' | 'transactions', 'query' | 'infinite' | 'live', input]`;
 * - GraphQL: `['chainx', graphqlUrl, 'graphql', operationName, 'query' | 'infinite', { document, variables, ... }]`,
 *   where `document` is a hash of the document's text (two documents sharing a name stay apart).
 *
 * The endpoint has its credentials redacted (keys reach devtools and dehydrated state); the
 * input is canonical JSON (keys sorted, `undefined` members left out).
 *
 * @example
 * const key: ChainxQueryKey = ['chainx', 'http://127.0.0.1:9000/json-rpc', 'events', 'query', { filter: { All: [] } }]
 */
export type ChainxQueryKey = readonly ['chainx', string, string, string, ...JsonValue[]]

/**
 * The endpoint as a key names it: the URL without credentials; several (failover) joined by a
 * space, in the order given; `''` when the client has none (its queries then fail as the client does).
 *
 * @example
 * endpointName('https://me:pw@rpc.example/graphql') // 'https://rpc.example/graphql'
 */
export function endpointName(endpoint: string | readonly string[] | undefined): string {
  return typeof endpoint === 'string' ? redactUrl(endpoint) : (endpoint ?? []).map((url) => redactUrl(url)).join(' ')
}

/**
 * The input as a key holds it, without throwing: canonical JSON, or, for what JSON cannot
 * carry, `{ invalid: <the reason> }` and the error the query then fails with (an option
 * builder runs during render: bad input fails the query, never the render).
 *
 * @example
 * keyInput({ id: 3n }) // { value: { invalid: 'input.id: a bigint cannot be part of a query key (plain JSON only)' }, error }
 */
export function keyInput(input: unknown): { value: JsonValue; error?: InvalidArgumentError } {
  try {
    return { value: canonicalJson(input ?? {}, 'input') }
  } catch (error) {
    const invalid =
      error instanceof InvalidArgumentError ? error : new InvalidArgumentError('input cannot be part of a query key', { cause: error })
    return { value: { invalid: invalid.message }, error: invalid }
  }
}

/**
 * The value as canonical JSON: object keys sorted, `undefined` members dropped (in arrays
 * they become `null`, as `JSON.stringify` writes them). Throws `InvalidArgumentError` on what
 * JSON cannot carry, and on nesting deeper than 64 levels.
 *
 * @example
 * canonicalJson({ b: 1, a: [undefined, 2] }, 'input') // { a: [null, 2], b: 1 }
 */
export function canonicalJson(value: unknown, path: string, depth = 0): JsonValue {
  if (depth > MAX_DEPTH) throw new InvalidArgumentError(`${path}: nested deeper than ${MAX_DEPTH} levels`)
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value
    throw new InvalidArgumentError(`${path}: ${value} is not a JSON number`)
  }
  if (Array.isArray(value))
    return value.map((item, index) => (item === undefined ? null : canonicalJson(item, `${path}[${index}]`, depth + 1)))
  if (typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, JsonValue> = {}
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) out[key] = canonicalJson(member, `${path}.${key}`, depth + 1)
    }
    return out
  }
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value
  throw new InvalidArgumentError(`${path}: a ${kind} cannot be part of a query key (plain JSON only)`)
}

const MAX_DEPTH = 64

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
