import { describe, expect, it, vi } from 'vitest'
import { outcome } from '../helpers/outcome.js'
import { ChainxClient } from '../../src/client.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { EventsDocument } from '../../src/graphql/generated/operations.js'
import type { WebSocketConstructor } from '../../src/jsonRpc/webSocketTypes.js'
import { checkKeys } from '../../src/options/checkKeys.js'

// Every public method refuses an option key it does not know, at the call, naming the key as
// written and the nearest valid one, before any request is sent or socket opened.

const URLS = { graphqlUrl: 'http://127.0.0.1:1/graphql', rpcUrl: 'http://127.0.0.1:1/json-rpc', wsUrl: 'ws://127.0.0.1:1' }
const filter = { All: [] as [] }
const onEvent = () => {}
const onTransaction = () => {}

type Call = (client: ChainxClient) => unknown
const CALLS: [method: string, call: Call, message: string][] = [
  ['graphql.query', (c) => c.graphql.query(EventsDocument, {}, { signl: undefined } as never), '`signl`: did you mean `signal`?'],
  ['graphql generated method', (c) => c.graphql.epoch({}, { timeoutMS: 5 } as never), '`timeoutMS`: did you mean `timeoutMs`?'],
  ['paginate', (c) => c.paginate(EventsDocument, {}, { pageSiz: 5 } as never), '`pageSiz`: did you mean `pageSize`?'],
  ['paginate descending', (c) => c.paginate(EventsDocument, {}, { descending: true } as never), 'unknown option `descending`'],
  ['toArray', (c) => c.paginate(EventsDocument).toArray({ maxItem: 5 } as never), '`maxItem`: did you mean `maxItems`?'],
  ['events.query', (c) => c.events.query({ filter, pageSiz: 5 } as never), '`pageSiz`: did you mean `pageSize`?'],
  ['events.query limit', (c) => c.events.query({ filter, limit: 5 } as never), 'unknown option `limit`'],
  ['events.iterate', (c) => c.events.iterate({ filter, maxItem: 5 } as never), '`maxItem`: did you mean `maxItems`?'],
  ['events.iterate descending', (c) => c.events.iterate({ filter, descending: true } as never), 'unknown option `descending`'],
  ['events.watch', (c) => c.events.watch({ filter, intervalMS: 5 } as never), '`intervalMS`: did you mean `intervalMs`?'],
  [
    'events.subscribe',
    (c) => c.events.subscribe({ filter, onEvent, onStateChanges: onEvent } as never),
    '`onStateChanges`: did you mean `onStateChange`?',
  ],
  ['transactions.query', (c) => c.transactions.query({ option: { showEffects: true } } as never), '`option`: did you mean `options`?'],
  ['transactions.iterate', (c) => c.transactions.iterate({ cursr: null } as never), '`cursr`: did you mean `cursor`?'],
  ['transactions.watch', (c) => c.transactions.watch({ filtr: null } as never), '`filtr`: did you mean `filter`?'],
  [
    'transactions.subscribe',
    (c) => c.transactions.subscribe({ filter: null, onTransaction, onEvent } as never),
    'unknown option `onEvent`',
  ],
]

describe('unknown option keys are refused at the call, naming the key and the nearest valid one', () => {
  it.each(CALLS)('%s', async (_method, call, message) => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request is expected')))
    const WebSocket = vi.fn(() => {
      throw new Error('no socket is expected')
    })
    const client = new ChainxClient({
      ...URLS,
      fetch,
      limits: false,
      subscriptions: { WebSocket: WebSocket as unknown as WebSocketConstructor },
    })
    const error = await outcome(() => call(client))
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toContain(message)
    expect(fetch).not.toHaveBeenCalled()
    expect(WebSocket).not.toHaveBeenCalled()
    await client.close()
  })

  it('new ChainxClient: a misspelled option, and one inside a group of the subscriptions', () => {
    expect(() => new ChainxClient({ ...URLS, rpcUrls: [] } as never)).toThrow('`rpcUrls`: did you mean `rpcUrl`?')
    expect(() => new ChainxClient({ ...URLS, subscriptions: { heartbeatMS: 5 } } as never)).toThrow(
      'subscriptions: unknown option `heartbeatMS`: did you mean `heartbeatMs`?',
    )
    expect(() => new ChainxClient({ ...URLS, subscriptions: { reconnect: { maxAttempts: 3 } } } as never)).toThrow(
      'subscriptions.reconnect: unknown option `maxAttempts`',
    )
  })

  it('checkKeys lists the valid keys when none is near, and leaves a value that is not an object to the caller', () => {
    expect(() => checkKeys('x', { zzzzzz: 1 }, ['pageSize', 'cursor'])).toThrow(
      'x: unknown option `zzzzzz`: valid options: `pageSize`, `cursor`',
    )
    expect(() => checkKeys('x', undefined, ['a'])).not.toThrow()
    expect(() => checkKeys('x', { a: 1 }, ['a'])).not.toThrow()
  })
})
