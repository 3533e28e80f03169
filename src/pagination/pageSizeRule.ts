/**
 * What a service says about its page sizes, as far as a walk's adapter can learn it: a GraphQL
 * service says both in `serviceConfig`; a JSON-RPC service says neither (a request that names no
 * size gets its default, which is its maximum, and a larger one is cut to that maximum).
 *
 * @example
 * const sizes: ServicePageSizes = { defaultPageSize: 20, maxPageSize: 50 }
 */
export interface ServicePageSizes {
  /** Items a request that names no size gets. */
  defaultPageSize?: number | undefined
  /** The most items a request may ask for; a service that refuses larger requests must say it. */
  maxPageSize?: number | undefined
}

/**
 * The one page-size rule of every walk (`paginate`, `events.iterate`/`watch`,
 * `transactions.iterate`/`watch`, the CLI's exports): the caller's `pageSize`, else the
 * service's default page size, cut to the service's maximum when it says one. `undefined`
 * leaves the size to the service: a JSON-RPC request then names no `limit`, and the service
 * answers its default, its maximum (`QUERY_MAX_RESULT_LIMIT`, 50 unless the operator configured
 * otherwise). How many a single request asks for is `requestSize`.
 *
 * @example
 * walkPageSize(undefined, { defaultPageSize: 20, maxPageSize: 50 }) // 20 (GraphQL's default)
 * walkPageSize(200, { maxPageSize: 50 }) // 50
 * walkPageSize(undefined, {}) // undefined (JSON-RPC: the service's default)
 */
export function walkPageSize(requested: number | undefined, service: ServicePageSizes): number | undefined {
  const size = requested ?? service.defaultPageSize
  return size === undefined || service.maxPageSize === undefined ? size : Math.min(size, service.maxPageSize)
}

/**
 * How many items one request of a walk asks for: the walk's page size, or only what remains
 * when `maxItems` (or a `toArray` limit) needs fewer. Without a page size (the service's
 * default) a capped walk asks for what remains, which the service cuts to its maximum;
 * an uncapped one names no size.
 *
 * @example
 * requestSize(50, 7) // 7
 * requestSize(undefined, 7) // 7
 * requestSize(undefined, Infinity) // undefined
 */
export function requestSize(pageSize: number | undefined, remaining: number): number | undefined {
  if (pageSize !== undefined) return Math.min(pageSize, remaining)
  return Number.isSafeInteger(remaining) ? remaining : undefined
}
