import { AbortedError } from '../../src/errors/request.js'
import { FirstAndLastError, PageSizeExceededError } from '../../src/errors/graphql.js'
import { StaleCursorError } from '../../src/errors/pagination.js'
import type { GraphQLQueryClient } from '../../src/graphql/createGraphQLClient.js'
import type { ServiceLimits } from '../../src/graphql/serviceLimits.js'

/** A node of the fake connection: a transaction digest and its position, for reading tests. */
export interface FakeNode {
  digest: string
  index: number
}

/** Page variables as the fake received them. */
export interface FakeRequest {
  first?: number | null
  after?: string | null
  last?: number | null
  before?: string | null
  [name: string]: unknown
}

/** How the fake serves pages. */
export interface FakeGraphQLOptions {
  /** Rows visible at the first checkpoint. */
  rows: number
  limits?: Partial<ServiceLimits>
  /** Response path of the connection. @default 'events' */
  path?: string
  /** Serve `nodes` instead of `edges`. @default false */
  shape?: 'edges' | 'nodes'
  /** Node factory. @default { digest: `tx${i}`, index: i } */
  node?: (index: number) => unknown
  /** Called before each answer; may change the fake (advance, prune) or hold the answer. */
  beforeAnswer?: (call: number, request: FakeRequest) => void | Promise<void>
}

/**
 * A `GraphQLQueryClient` serving one connection the way spec 4.2 says: bounds first, then
 * the limit; cursors pin the checkpoint they were taken at; cursors of pruned checkpoints
 * are stale; first with last, or a page over `maxPageSize`, is an error. Cursors are opaque
 * strings the fake alone can read. Counts calls and records each request's variables.
 *
 * @example
 * const fake = createFakeGraphQL({ rows: 10, limits: { maxPageSize: 5 } })
 * await paginate(fake.client, EventsDocument, {}).toArray({ maxItems: 100 })
 * fake.requests.length // 2
 */
export function createFakeGraphQL(options: FakeGraphQLOptions) {
  const path = (options.path ?? 'events').split('.')
  const makeNode = options.node ?? ((index: number): FakeNode => ({ digest: `tx${index}`, index }))
  // rowsAt[c] = rows visible at checkpoint c; checkpoints below `oldest` are pruned.
  const rowsAt = [options.rows]
  const state = { oldest: 0, loseCursors: false, repeatCursor: false, nullParent: false }
  const requests: FakeRequest[] = []
  const signals: AbortSignal[] = []

  const cursorOf = (checkpoint: number, index: number) => `~${Buffer.from(`${checkpoint}/${index}`).toString('base64url')}`
  const readCursor = (cursor: string) => {
    const [checkpoint, index] = Buffer.from(cursor.slice(1), 'base64url').toString().split('/').map(Number)
    return { checkpoint: checkpoint as number, index: index as number }
  }

  function page(request: FakeRequest) {
    const { first, after, last, before } = request
    if (first != null && last != null) throw new FirstAndLastError({ sent: true })
    const size = first ?? last ?? options.limits?.defaultPageSize ?? 20
    const max = options.limits?.maxPageSize
    if (max !== undefined && size > max) throw new PageSizeExceededError({ sent: true, pageSize: size, maxPageSize: max })
    const bounds = [after, before].filter((c): c is string => typeof c === 'string').map(readCursor)
    const checkpoint = bounds[0]?.checkpoint ?? rowsAt.length - 1
    if (checkpoint < state.oldest) throw new StaleCursorError({})
    const low = after ? readCursor(after).index + 1 : 0
    const high = before ? readCursor(before).index : (rowsAt[checkpoint] as number)
    if (state.loseCursors && (after || before)) {
      return connection([], { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null })
    }
    const from = last != null ? Math.max(low, high - size) : low
    const to = last != null ? high : Math.min(high, low + size)
    const indexes = Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)
    const cursors = indexes.map((index) => cursorOf(checkpoint, index))
    const repeat = state.repeatCursor && (after ?? before)
    return connection(
      indexes.map((index, k) => ({ cursor: cursors[k], node: makeNode(index) })),
      {
        hasNextPage: to < high || (last != null && before != null),
        hasPreviousPage: from > low || (last == null && after != null),
        startCursor: repeat ? (before as string) : (cursors[0] ?? null),
        endCursor: repeat ? (after as string) : (cursors.at(-1) ?? null),
      },
    )
  }

  function connection(edges: { cursor: string | undefined; node: unknown }[], pageInfo: Record<string, unknown>) {
    const value = options.shape === 'nodes' ? { pageInfo, nodes: edges.map((edge) => edge.node) } : { pageInfo, edges }
    if (state.nullParent) return { [path[0] as string]: null }
    let data: unknown = value
    for (let depth = path.length - 1; depth >= 0; depth--) data = { [path[depth] as string]: data }
    return data as Record<string, unknown>
  }

  const client: GraphQLQueryClient = {
    async limits() {
      return options.limits ?? {}
    },
    async query(_document, variables?, queryOptions = {}) {
      const request = { ...(variables as FakeRequest) }
      requests.push(request)
      if (queryOptions.signal) signals.push(queryOptions.signal)
      await options.beforeAnswer?.(requests.length, request)
      if (queryOptions.signal?.aborted) throw new AbortedError({ cause: queryOptions.signal.reason })
      return { data: page(request) as never, usage: undefined, version: { raw: '2025.1.0', year: 2025, minor: 1, patch: 0 } }
    },
  }

  return {
    client,
    requests,
    signals,
    state,
    /** Adds a checkpoint with `count` more rows; older cursors keep reading their own checkpoint. */
    advance(count: number) {
      rowsAt.push((rowsAt.at(-1) as number) + count)
    },
    /** Prunes every checkpoint before the latest, so cursors taken so far go stale. */
    pruneAll() {
      state.oldest = rowsAt.length - 1
    },
    get checkpoint() {
      return rowsAt.length - 1
    },
  }
}

/**
 * A promise that resolves when `open()` is called or the signal aborts, to hold an answer
 * in flight.
 *
 * @example
 * const gate = createGate()
 * setTimeout(gate.open, 0)
 * await gate.wait(signal)
 */
export function createGate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return {
    open: () => open(),
    wait: (signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        void opened.then(resolve)
        if (signal?.aborted) resolve()
        signal?.addEventListener('abort', () => resolve(), { once: true })
      }),
  }
}
