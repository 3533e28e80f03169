import { ClientClosedError } from '../errors/ClientClosedError.js'
import { InvalidArgumentError } from '../errors/request.js'
import { checkKeys } from '../options/checkKeys.js'
import { readCount } from '../options/optionRules.js'
import { createPageIterator, type WalkLoader } from '../pagination/createPageIterator.js'
import { resolvePaginationOptions, WALK_OPTION_KEYS } from '../pagination/resolvePaginationOptions.js'
import type { PageShape, WalkObserver } from '../pagination/types.js'
import { readDirection } from '../pagination/walkOptions.js'
import type { SubscriptionMachine } from '../subscription/createSubscriptionMachine.js'
import type { HttpResponse } from '../transport/types.js'
import type { Unsubscribe } from '../subscription/types.js'
import { warnDeprecatedOnce } from '../subscription/warnDeprecatedOnce.js'
import { createWatchLoop, type Watcher } from '../subscription/watchLoop.js'
import type { JsonRpcChunk, ResourceDescriptor, ResourcePageRequest } from './types.js'

// The option keys of each call besides the resource's own (`ownKeys`): the walk vocabulary.
const QUERY_KEYS = ['filter', 'cursor', 'pageSize', 'direction', 'signal']
const ITERATE_KEYS = ['filter', 'cursor', 'direction', ...WALK_OPTION_KEYS]
const WATCH_KEYS = ['filter', 'cursor', 'pageSize', 'maxItems', 'signal', 'intervalMs', 'onError', 'backoff', 'maxConsecutiveErrors']
const SUBSCRIBE_KEYS = ['filter', 'onError', 'onStateChange']

/** What every resource of a client shares: the JSON-RPC reads, the one subscription machine, the walk hook, the client's lifetime. */
export interface ResourceContext {
  /** Loads the chunk of JSON-RPC reads and the caller of the client's endpoint; undefined without `rpcUrl`. */
  reads: (() => Promise<{ chunk: JsonRpcChunk; call: CallPage }>) | undefined
  /** The client's one subscription machine (one socket), opened by the first subscribe; undefined without `wsUrl`. */
  subscriptions: { load(): Promise<{ chunk: JsonRpcChunk; machine: SubscriptionMachine }> } | undefined
  /** Aborted when the client closes. */
  closed: AbortSignal | undefined
  /** Limits of event type names in subscription filters (the client's `subscriptions.typeNameLimits`). */
  typeNameLimits: unknown
  /** The transport's walk hook (telemetry). */
  onWalkStart: (() => WalkObserver | undefined) | undefined
  /** Loads the walk with the JSON-RPC chunk. */
  loadWalk: WalkLoader
}

/** One JSON-RPC call of a page: the method, its params, the reader of its result. */
export type CallPage = <T>(
  method: string,
  params: unknown[],
  signal: AbortSignal | undefined,
  read: (result: unknown, response: HttpResponse) => T,
) => Promise<T>

/**
 * Binds `query`, `iterate`, `watch` and `subscribe`, written once here, to a resource descriptor.
 * Each refuses an unknown option key and checks its filter, cursor and options before anything
 * is sent: `query` and `subscribe` reject, `iterate` and `watch` throw.
 *
 * @example
 * const transactions = createResourceClient(transactionsResource, context) as TransactionsClient
 */
export function createResourceClient<TItem, TCursor, TFilter>(
  resource: ResourceDescriptor<TItem, TCursor, TFilter>,
  context: ResourceContext,
) {
  const area = `client.${resource.name}`
  const assertOpen = () => {
    if (context.closed?.aborted) throw new ClientClosedError()
  }

  /** The caller's options object, its keys checked. */
  function readGiven(method: string, options: unknown, keys: readonly string[]): Record<string, unknown> {
    assertOpen()
    if (typeof options !== 'object' || options === null) throw new InvalidArgumentError(`${area}.${method} takes an object of options`)
    checkKeys(`${area}.${method}`, options, keys)
    return options as Record<string, unknown>
  }

  /** The options every read shares, as the caller wrote them. */
  function readRead(method: string, options: unknown, keys: readonly string[]) {
    const given = readGiven(method, options, [...keys, ...resource.ownKeys])
    return { given, filter: resource.checkFilter(given.filter), own: resource.readOwn(given) }
  }

  /** One page with checked parameters. */
  async function read(request: ResourcePageRequest<TFilter, TCursor>): Promise<PageShape<TItem, TCursor>> {
    assertOpen()
    if (context.reads === undefined) throw new InvalidArgumentError(`${area} needs rpcUrl in the ChainxClient options`)
    const { chunk, call } = await context.reads()
    const reader = resource.reader(chunk)
    return call(resource.method, resource.params(request), request.signal, (result, response) => reader(result, response, request.own))
  }

  async function query(parameters: unknown): Promise<PageShape<TItem, TCursor>> {
    const { given, filter, own } = readRead('query', parameters, QUERY_KEYS)
    const pageSize = given.pageSize === undefined ? undefined : readCount('pageSize', given.pageSize, 0, { min: 1 })
    const cursor = resource.checkCursor(given.cursor)
    const direction = readDirection(given.direction)
    return read({ filter, own, cursor, pageSize, direction, signal: given.signal as AbortSignal | undefined })
  }

  function iterate(options: unknown) {
    const { given, filter, own } = readRead('iterate', options, ITERATE_KEYS)
    const direction = readDirection(given.direction)
    const startCursor = resource.checkCursor(given.cursor)
    return createPageIterator(context.loadWalk, {
      options: resolvePaginationOptions<TItem>(given, resource.key),
      onWalkStart: context.onWalkStart,
      startCursor,
      sameCursor: resource.sameCursor,
      async fetchPage({ cursor, size, signal }) {
        const page = await read({ filter, own, cursor, pageSize: size, direction, signal })
        return { ...fetched(page), itemCursors: page.items.map(resource.cursorOf) }
      },
    })
  }

  function watch(options: unknown): Watcher<TItem, TCursor> {
    const { given, filter, own } = readRead('watch', options, WATCH_KEYS)
    const latest = given.cursor === 'latest'
    const startCursor = latest ? null : resource.checkCursor(given.cursor)
    const maxItems = readCount('maxItems', given.maxItems, Infinity, { infinite: true })
    const plan = resource.watchPlan?.(filter)
    const readFor = (request: Omit<ResourcePageRequest<TFilter, TCursor>, 'own'>) => read({ ...request, own })
    const watcher = createWatchLoop<TItem, TCursor>(
      {
        fetchPage: ({ cursor, size, signal }) =>
          readFor({ filter: plan ? plan.pollFilter() : filter, cursor, pageSize: size, direction: 'forward', signal }).then(fetched),
        cursorOf: resource.cursorOf,
        sameCursor: resource.sameCursor,
        admit: plan?.admit,
        loadWalk: context.loadWalk,
        async start(cursor, signal) {
          if (!latest) return void (await plan?.start?.(cursor, readFor, signal))
          const [newest] = (await readFor({ filter, cursor: null, pageSize: 1, direction: 'backward', signal })).items
          if (newest !== undefined) plan?.admit(newest)
          return newest === undefined ? null : resource.cursorOf(newest)
        },
      },
      given,
      startCursor,
      context.closed,
    )
    return maxItems === Infinity ? watcher : capped(watcher, maxItems)
  }

  async function subscribe(parameters: unknown): Promise<Unsubscribe> {
    const { subscription } = resource
    warnDeprecatedOnce(subscription.deprecation.flag, subscription.deprecation.message, subscription.deprecation.code)
    const given = readGiven('subscribe', parameters, [...SUBSCRIBE_KEYS, subscription.onItem, ...subscription.ownKeys])
    const filter = subscription.checkFilter(given.filter, { typeNameLimits: context.typeNameLimits })
    const onItem = given[subscription.onItem]
    if (typeof onItem !== 'function') throw new InvalidArgumentError(`${subscription.onItem} must be a function`)
    const own = resource.readOwn(given)
    if (context.subscriptions === undefined) throw new InvalidArgumentError(`${area}.subscribe needs wsUrl in the ChainxClient options`)
    const { chunk, machine } = await context.subscriptions.load()
    const kind = subscription.kind(chunk)(filter as never, context.reads && query, { parse: own } as never)
    return machine.subscribe(kind, { onItem, onError: given.onError, onStateChange: given.onStateChange } as never)
  }

  return { query, iterate, watch, subscribe }
}

/** A page as the page machine and the watch loop take it. */
function fetched<TItem, TCursor>(page: PageShape<TItem, TCursor>) {
  return { items: page.items, nextCursor: page.cursor, hasMore: page.hasMore }
}

/** A watcher that ends (as with its `signal`) after `maxItems` items of each iteration. */
function capped<TItem, TCursor>(watcher: Watcher<TItem, TCursor>, maxItems: number): Watcher<TItem, TCursor> {
  return {
    get cursor() {
      return watcher.cursor
    },
    async *[Symbol.asyncIterator]() {
      let count = 0
      if (maxItems === 0) return
      for await (const item of watcher) {
        yield item
        if (++count >= maxItems) return
      }
    },
  }
}
