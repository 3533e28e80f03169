import { describe, expect, it, vi } from 'vitest'
import { outcome } from '../helpers/outcome.js'
import { ChainxClient, type ChainxClientOptions } from '../../src/client.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { EventsDocument } from '../../src/graphql/generated/operations.js'

// One row per public option: a bad value, and the start of the message, which names the option
// as the caller wrote it. Each is refused by the option rules (src/options/optionRules.ts)
// when the client is constructed or at the call, before any request.

const URLS = { graphqlUrl: 'http://127.0.0.1:1/graphql', rpcUrl: 'http://127.0.0.1:1/json-rpc', wsUrl: 'ws://127.0.0.1:1' }

const CONSTRUCTION: [option: string, options: Record<string, unknown>, message: RegExp][] = [
  ['graphqlUrl', { graphqlUrl: 'ftp://x/graphql' }, /^graphqlUrl must be an absolute/],
  ['rpcUrl', { rpcUrl: ['http://127.0.0.1:1', 'nope'] }, /^rpcUrl must be an absolute/],
  ['wsUrl', { wsUrl: 'http://127.0.0.1:1' }, /^wsUrl must be an absolute ws: or wss: URL/],
  ['rpcVersion', { rpcVersion: 'a\nb' }, /from rpcVersion needs a valid value/],
  ['showUsage', { showUsage: 'yes' }, /^showUsage must be a boolean/],
  ['limits', { limits: 'always' }, /^limits must be an object/],
  ['limits.maxPageSize', { limits: { maxPageSize: 0 } }, /^limits\.maxPageSize must be a whole number >= 1/],
  ['transport', { transport: 'tcp' }, /^transport must be 'auto'/],
  ['fetch', { fetch: 'fetch' }, /^fetch must be a function/],
  ['headers', { headers: 5 }, /^headers must be an object/],
  ['headers (a value)', { headers: { 'x-a': 'a\r\nb' } }, /from headers needs a valid value/],
  ['secretHeaders', { secretHeaders: 'x-api-key' }, /^secretHeaders must be an array/],
  ['maxResponseBytes', { maxResponseBytes: 0 }, /^maxResponseBytes must be a whole number >= 1 or Infinity/],
  ['maxResponseBytes (fraction)', { maxResponseBytes: 1.5 }, /^maxResponseBytes must be/],
  ['timeoutMs', { timeoutMs: -1 }, /^timeoutMs must be a number of ms >= 0 \(0 or Infinity: off\)/],
  ['retry', { retry: 3 }, /^retry must be an object/],
  ['retry.retries', { retry: { retries: Infinity } }, /^retry\.retries must be a whole number >= 0/],
  ['retry.baseDelayMs', { retry: { baseDelayMs: Infinity } }, /^retry\.baseDelayMs must be a finite number of ms >= 0/],
  ['retry.maxDelayMs', { retry: { maxDelayMs: NaN } }, /^retry\.maxDelayMs must be a number of ms >= 0 \(Infinity: no cap\)/],
  ['retry.maxRetryAfterMs', { retry: { maxRetryAfterMs: -1 } }, /^retry\.maxRetryAfterMs must be/],
  ['rateLimit', { rateLimit: 0 }, /^rateLimit must be a whole number >= 1 or Infinity/],
  ['rateLimit.requestsPerMinute', { rateLimit: { requestsPerMinute: 2.5 } }, /^rateLimit\.requestsPerMinute must be a whole number/],
  ['rateLimit.requestsPerMinute (missing)', { rateLimit: {} }, /^rateLimit\.requestsPerMinute must be a whole number/],
  ['onRequest', { onRequest: 'log' }, /^onRequest must be a function/],
  ['onResponse', { onResponse: {} }, /^onResponse must be a function/],
  ['onEndpointChange', { onEndpointChange: true }, /^onEndpointChange must be a function/],
  ['failover', { failover: 'fast' }, /^failover must be an object/],
  ['failover.cooldownMs', { failover: { cooldownMs: -1 } }, /^failover\.cooldownMs must be a finite number of ms >= 0/],
  ['failover.maxCooldownMs', { failover: { maxCooldownMs: NaN } }, /^failover\.maxCooldownMs must be a number of ms >= 0/],
  ['failover.rankByLatency', { failover: { rankByLatency: 'yes' } }, /^failover\.rankByLatency must be a boolean/],
  ['telemetry', { telemetry: true }, /^telemetry must be an object/],
  ['telemetry.name', { telemetry: { name: 5 } }, /^telemetry\.name must be a string/],
  ['telemetry.api', { telemetry: { api: 'otel' } }, /^telemetry\.api must be an object/],
  ['subscriptions', { subscriptions: 'on' }, /^subscriptions must be an object/],
  ['subscriptions.WebSocket', { subscriptions: { WebSocket: 'ws' } }, /^subscriptions\.WebSocket must be a function/],
  ['subscriptions.heartbeatMs', { subscriptions: { heartbeatMs: -1 } }, /^subscriptions\.heartbeatMs must be a number of ms >= 0/],
  ['subscriptions.heartbeatTimeoutMs', { subscriptions: { heartbeatTimeoutMs: NaN } }, /^subscriptions\.heartbeatTimeoutMs must be/],
  ['subscriptions.connectTimeoutMs', { subscriptions: { connectTimeoutMs: '5' } }, /^subscriptions\.connectTimeoutMs must be/],
  ['subscriptions.callTimeoutMs', { subscriptions: { callTimeoutMs: -5 } }, /^subscriptions\.callTimeoutMs must be/],
  ['subscriptions.verifyIntervalMs', { subscriptions: { verifyIntervalMs: -1 } }, /^subscriptions\.verifyIntervalMs must be/],
  ['subscriptions.reconnect', { subscriptions: { reconnect: 3 } }, /^subscriptions\.reconnect must be an object/],
  [
    'subscriptions.reconnect.retries',
    { subscriptions: { reconnect: { retries: 1.5 } } },
    /^subscriptions\.reconnect\.retries must be a whole number >= 0 or Infinity/,
  ],
  [
    'subscriptions.reconnect.baseDelayMs',
    { subscriptions: { reconnect: { baseDelayMs: Infinity } } },
    /^subscriptions\.reconnect\.baseDelayMs must be a finite/,
  ],
  [
    'subscriptions.reconnect.maxDelayMs',
    { subscriptions: { reconnect: { maxDelayMs: -1 } } },
    /^subscriptions\.reconnect\.maxDelayMs must be a number of ms >= 0/,
  ],
  ['subscriptions.backfill', { subscriptions: { backfill: true } }, /^subscriptions\.backfill must be an object/],
  [
    'subscriptions.backfill.onSubscribe',
    { subscriptions: { backfill: { onSubscribe: 1 } } },
    /^subscriptions\.backfill\.onSubscribe must be a boolean/,
  ],
  [
    'subscriptions.backfill.maxItems',
    { subscriptions: { backfill: { maxItems: Infinity } } },
    /^subscriptions\.backfill\.maxItems must be a whole number >= 1/,
  ],
  ['subscriptions.backfill.pageSize', { subscriptions: { backfill: { pageSize: 0 } } }, /^subscriptions\.backfill\.pageSize must be/],
  [
    'subscriptions.backfill.maxBufferedItems',
    { subscriptions: { backfill: { maxBufferedItems: 2.5 } } },
    /^subscriptions\.backfill\.maxBufferedItems must be/,
  ],
  ['subscriptions.typeNameLimits', { subscriptions: { typeNameLimits: 4 } }, /^subscriptions\.typeNameLimits must be an object/],
  [
    'subscriptions.typeNameLimits.maxTypeArgumentDepth',
    { subscriptions: { typeNameLimits: { maxTypeArgumentDepth: -1 } } },
    /^subscriptions\.typeNameLimits\.maxTypeArgumentDepth must be/,
  ],
  [
    'subscriptions.typeNameLimits.maxTypeArgumentWidth',
    { subscriptions: { typeNameLimits: { maxTypeArgumentWidth: NaN } } },
    /^subscriptions\.typeNameLimits\.maxTypeArgumentWidth must be/,
  ],
]

const filter = { All: [] as [] }
const digest = '11111111111111111111111111111111'
type Call = (client: ChainxClient) => unknown

const CALLS: [option: string, call: Call, message: RegExp][] = [
  ['graphql.query timeoutMs', (c) => c.graphql.query('{ chainIdentifier }', {}, { timeoutMs: -1 }), /^timeoutMs must be/],
  [
    'graphql.query showUsage',
    (c) => c.graphql.query('{ chainIdentifier }', {}, { showUsage: 'yes' as never }),
    /^showUsage must be a boolean/,
  ],
  [
    'graphql.query operationName',
    (c) => c.graphql.query('{ chainIdentifier }', {}, { operationName: 5 as never }),
    /^operationName must be a string/,
  ],
  [
    'graphql.query headers',
    (c) => c.graphql.query('{ chainIdentifier }', {}, { headers: { 'x-a': 'a\nb' } }),
    /from the call's headers needs a valid value/,
  ],
  ['paginate pageSize', (c) => c.paginate(EventsDocument, {}, { pageSize: 0 }), /^pageSize must be a whole number >= 1/],
  ['paginate maxItems', (c) => c.paginate(EventsDocument, {}, { maxItems: -1 }), /^maxItems must be/],
  ['paginate maxPages', (c) => c.paginate(EventsDocument, {}, { maxPages: 1.5 }), /^maxPages must be/],
  ['paginate maxEmptyPages', (c) => c.paginate(EventsDocument, {}, { maxEmptyPages: 0 }), /^maxEmptyPages must be/],
  ['paginate maxRestarts', (c) => c.paginate(EventsDocument, {}, { maxRestarts: Infinity }), /^maxRestarts must be/],
  ['paginate direction', (c) => c.paginate(EventsDocument, {}, { direction: 'up' as never }), /^direction must be 'forward' or 'backward'/],
  ['paginate prefetch', (c) => c.paginate(EventsDocument, {}, { prefetch: 1 as never }), /^prefetch must be a boolean/],
  ['toArray maxItems', (c) => c.paginate(EventsDocument).toArray({ maxItems: -1 }), /^toArray\(\{ maxItems \}\) must be/],
  ['events.query pageSize', (c) => c.events.query({ filter, pageSize: 0 }), /^pageSize must be/],
  ['events.query cursor', (c) => c.events.query({ filter, cursor: 5 as never }), /^cursor must be an event id/],
  ['events.iterate pageSize', (c) => c.events.iterate({ filter, pageSize: 2.5 }), /^pageSize must be/],
  ['events.iterate maxItems', (c) => c.events.iterate({ filter, maxItems: -1 }), /^maxItems must be/],
  ['events.iterate direction', (c) => c.events.iterate({ filter, direction: 'sideways' as never }), /^direction must be/],
  ['events.watch pageSize', (c) => c.events.watch({ filter, pageSize: 0 }), /^pageSize must be/],
  ['events.watch intervalMs', (c) => c.events.watch({ filter, intervalMs: Infinity }), /^intervalMs must be a finite number/],
  ['events.watch backoff.baseDelayMs', (c) => c.events.watch({ filter, backoff: { baseDelayMs: -1 } }), /^backoff\.baseDelayMs must be/],
  ['events.watch backoff.maxDelayMs', (c) => c.events.watch({ filter, backoff: { maxDelayMs: NaN } }), /^backoff\.maxDelayMs must be/],
  ['events.watch maxConsecutiveErrors', (c) => c.events.watch({ filter, maxConsecutiveErrors: 0 }), /^maxConsecutiveErrors must be/],
  ['transactions.query pageSize', (c) => c.transactions.query({ pageSize: 0 }), /^pageSize must be/],
  [
    'transactions.query options',
    (c) => c.transactions.query({ options: { showEffects: 1 as never } }),
    /^options\.showEffects must be a boolean/,
  ],
  ['transactions.iterate pageSize', (c) => c.transactions.iterate({ pageSize: -1 }), /^pageSize must be/],
  ['transactions.iterate cursor', (c) => c.transactions.iterate({ cursor: 'not a digest' }), /^cursor must be a transaction digest/],
  ['transactions.watch pageSize', (c) => c.transactions.watch({ pageSize: 0 }), /^pageSize must be/],
  ['transactions.watch intervalMs', (c) => c.transactions.watch({ intervalMs: -1 }), /^intervalMs must be/],
  ['transactions.watch cursor', (c) => c.transactions.watch({ cursor: digest.slice(1) }), /^cursor must be a transaction digest/],
]

function countingFetch() {
  return vi.fn<(input: string, init: RequestInit) => Promise<Response>>(() => Promise.reject(new Error('no request is expected')))
}

describe('every public option is read by the one rule book, its errors naming it as the caller wrote it', () => {
  it.each(CONSTRUCTION)('new ChainxClient: a bad %s is INVALID_ARGUMENT at construction', (_option, options, message) => {
    const fetch = countingFetch()
    const error = (() => {
      try {
        new ChainxClient({ ...URLS, fetch, ...options } as ChainxClientOptions)
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toMatch(message)
    expect(fetch).not.toHaveBeenCalled()
  })

  it.each(CALLS)('a bad %s is INVALID_ARGUMENT at the call, before any request', async (_option, call, message) => {
    const fetch = countingFetch()
    const client = new ChainxClient({ ...URLS, fetch })
    const error = await outcome(() => call(client))
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toMatch(message)
    expect(fetch).not.toHaveBeenCalled()
    await client.close()
  })

  it('new ChainxClient without an object of options is INVALID_ARGUMENT, not a TypeError', () => {
    expect(() => new ChainxClient(undefined as never)).toThrow(/^new ChainxClient takes an object of options/)
  })

  it('the documented 0 and Infinity values are accepted where the rules say so', async () => {
    const client = new ChainxClient({
      ...URLS,
      fetch: countingFetch(),
      timeoutMs: 0,
      maxResponseBytes: Infinity,
      rateLimit: Infinity,
      retry: { maxDelayMs: Infinity, maxRetryAfterMs: Infinity, baseDelayMs: 0 },
      failover: { cooldownMs: 0, maxCooldownMs: Infinity },
      subscriptions: {
        heartbeatMs: 0,
        heartbeatTimeoutMs: Infinity,
        connectTimeoutMs: 0,
        callTimeoutMs: Infinity,
        verifyIntervalMs: 0,
        reconnect: { retries: Infinity, maxDelayMs: Infinity },
      },
    })
    await client.close()
  })
})
