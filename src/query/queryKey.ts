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
 * The key of every query `chainx-sdk/query` builds: `['chainx', endpoint URL, operation,
 * input]`. The URL has its credentials redacted (keys reach devtools and dehydrated state);
 * the operation names the kind (`graphql.query:`, `graphql.infinite:`, `events.query`,
 * `events.infinite`, `events.live`...), so a plain, an infinite and a live query over one
 * input never share a key; the input is the variables or parameters with their keys sorted
 * and `undefined` members left out.
 *
 * @example
 * const key: ChainxQueryKey = ['chainx', 'http://127.0.0.1:9000/graphql', 'graphql.query:Epoch#5f3a9c1e', {}]
 */
export type ChainxQueryKey = readonly ['chainx', string, string, JsonValue]

/**
 * Builds a query key: the endpoint without credentials and the input in canonical JSON
 * (sorted keys, no `undefined` members), so equal inputs give equal keys whatever their key
 * order and whichever client built them. A value JSON cannot carry (a BigInt, a function, a
 * class instance, a non-finite number) throws `InvalidArgumentError` naming where it is.
 *
 * @example
 * chainxQueryKey('https://me:pw@rpc.example/graphql', 'events.query', { pageSize: 5, filter: { All: [] } })
 * // ['chainx', 'https://rpc.example/graphql', 'events.query', { filter: { All: [] }, pageSize: 5 }]
 */
export function chainxQueryKey(endpoint: string | readonly string[] | undefined, operation: string, input: unknown): ChainxQueryKey {
  // Several endpoints of one kind serve the same data: the key names them all, in the order given.
  const named = typeof endpoint === 'string' ? redactUrl(endpoint) : (endpoint ?? []).map((url) => redactUrl(url)).join(' ')
  return ['chainx', named, operation, canonicalJson(input ?? {}, 'input')]
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
