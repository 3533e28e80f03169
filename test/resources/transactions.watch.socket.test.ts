import { describe, expect, it, vi } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { InvalidArgumentError } from '../../src/errors/request.js'
import { InvalidFilterError } from '../../src/errors/jsonRpc.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// client.transactions.watch against the mock network over real sockets: the one watch loop
// events.watch runs on, with a digest cursor.

let mock: RunningMockNetwork
let M: string
let alice: string
let bob: string

useMockNetwork({ events: 0, seed: 3, limits: { maxPageSize: 3 } }, (started) => {
  mock = started
  M = mock.network.publish({ module: 'pool' }).package
  alice = mock.network.ledger.newAddress()
  bob = mock.network.ledger.newAddress()
})

const client = () => new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, retry: { retries: 0 } })
const execute = (sender: string) => mock.network.execute({ sender, package: M, module: 'pool', function: 'swap' }).digest

/** Takes `count` transactions from the watcher; once `at` arrived, runs `land` (which lands more). */
async function take(watcher: AsyncIterable<{ digest: string }>, count: number, at = -1, land?: () => void): Promise<string[]> {
  const out: string[] = []
  for await (const tx of watcher) {
    out.push(tx.digest)
    if (out.length === at) land?.()
    if (out.length === count) break
  }
  return out
}

describe('transactions.watch over the mock network', () => {
  it('yields what matches once, in order, then what lands later; watcher.cursor resumes without repeats', async () => {
    const before = [execute(alice), execute(bob), execute(alice), execute(alice), execute(alice)]
    const expectedBefore = before.filter((_, index) => index !== 1)
    const signal = AbortSignal.timeout(10_000)
    const watcher = client().transactions.watch({ filter: { FromAddress: alice }, intervalMs: 20, signal, options: { showEffects: true } })
    const landed: string[] = []
    const seen = await take(watcher, 6, 4, () => void landed.push(execute(bob), execute(alice), execute(alice)))
    expect(seen).toEqual([...expectedBefore, landed[1], landed[2]])
    expect(watcher.cursor).toBe(landed[2])
    const next = execute(alice)
    const resumed = client().transactions.watch({ filter: { FromAddress: alice }, cursor: watcher.cursor, intervalMs: 20, signal })
    expect(await take(resumed, 1)).toEqual([next])
  })

  it("cursor 'latest' starts after the newest matching transaction", async () => {
    execute(bob)
    let responses = 0
    const watcher = new ChainxClient({ rpcUrl: mock.rpcUrl, retry: { retries: 0 }, onResponse: () => void responses++ }).transactions.watch(
      {
        filter: { FromAddress: bob },
        cursor: 'latest',
        intervalMs: 20,
        signal: AbortSignal.timeout(10_000),
      },
    )
    const iterator = watcher[Symbol.asyncIterator]()
    const next = iterator.next()
    // The first answer fixed 'latest'; what lands after it is new.
    await vi.waitFor(() => expect(responses).toBeGreaterThanOrEqual(1))
    const fresh = execute(bob)
    expect((await next).value?.digest).toBe(fresh)
    await iterator.return?.()
  })

  it('failed polls (429, 503) are retried with backoff and reported to onError; the watch goes on', async () => {
    const fresh = execute(alice)
    const errors: string[] = []
    const watcher = client().transactions.watch({
      filter: { FromAddress: alice },
      cursor:
        (await client().transactions.query({ filter: { FromAddress: alice }, direction: 'backward', pageSize: 2 })).items[1]?.digest ??
        null,
      intervalMs: 20,
      backoff: { baseDelayMs: 1, maxDelayMs: 5 },
      onError: (error) => void errors.push(error.code),
      signal: AbortSignal.timeout(10_000),
    })
    mock.network.faults.rateLimitNext(1, { retryAfterSeconds: 0, endpoint: 'rpc' }).unavailableNext(1, { endpoint: 'rpc' })
    expect(await take(watcher, 1)).toEqual([fresh])
    expect(errors).toEqual(['RATE_LIMITED', 'HTTP'])
  })

  it('a bad filter, options or cursor throws where the watcher is created', () => {
    const transactions = client().transactions
    expect(() => transactions.watch({ filter: { FromOrToAddress: { addr: alice } } })).toThrow(InvalidFilterError)
    expect(() => transactions.watch({ options: { showEverything: true } as never })).toThrow(InvalidArgumentError)
    expect(() => transactions.watch({ cursor: 'oops' })).toThrow(InvalidArgumentError)
    expect(() => transactions.watch({ intervalMs: -1 })).toThrow(InvalidArgumentError)
  })
})
