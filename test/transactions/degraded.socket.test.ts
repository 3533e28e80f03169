import { describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import type { RunningMockNetwork } from '../../src/testing/startMockNetwork.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// A degraded transaction (the mock network's degraded mode, docs/testing.md: the read API
// cannot load its events and says so in `errors`) in the middle of a page, over real sockets:
// a walk and a watch deliver every item, the degraded one with its errors.

let mock: RunningMockNetwork
let M: string
let alice: string

useMockNetwork({ events: 0, seed: 5, limits: { maxPageSize: 3 } }, (started) => {
  mock = started
  M = mock.network.publish({ module: 'pool' }).package
  alice = mock.network.ledger.newAddress()
})

const client = () => new ChainxClient({ graphqlUrl: mock.graphqlUrl, rpcUrl: mock.rpcUrl, retry: { retries: 0 } })
const execute = (degraded?: boolean) =>
  mock.network.execute({
    sender: alice,
    package: M,
    module: 'pool',
    function: 'swap',
    ...(degraded ? { degraded: { missing: ['events'], errors: ['event store unavailable for this transaction'] } } : {}),
  }).digest
const options = { showEffects: true, showEvents: true } as const

describe('a page holding a degraded transaction', () => {
  it('a walk delivers every transaction once, in order; the degraded one has its errors and no events, the others theirs', async () => {
    const digests = [execute(), execute(), execute(true), execute(), execute()]
    const walked = await client()
      .transactions.iterate({ filter: { FromAddress: alice }, options })
      .toArray({ maxItems: Infinity })
    expect(walked.map((tx) => tx.digest)).toEqual(digests)
    for (const tx of walked) {
      if (tx.digest === digests[2]) {
        expect(tx.errors).toEqual(['event store unavailable for this transaction'])
        expect(tx.events).toBeUndefined()
        expect(tx.effects?.transactionDigest).toBe(tx.digest)
      } else if (tx.errors) throw new Error(`${tx.digest} should be complete`)
      else expect(tx.events).toEqual([])
    }
  })

  it('a watch delivers the degraded transaction too, and goes on past it', async () => {
    const [newest] = (await client().transactions.query({ filter: { FromAddress: alice }, direction: 'backward', pageSize: 1 })).items
    const degraded = execute(true)
    const watcher = client().transactions.watch({
      filter: { FromAddress: alice },
      cursor: newest?.digest ?? null,
      intervalMs: 10,
      options,
      signal: AbortSignal.timeout(10_000),
    })
    const seen: { digest: string; errors?: string[] | undefined }[] = []
    let later = ''
    for await (const tx of watcher) {
      seen.push(tx)
      // Once the degraded one is through, one more lands: the watch must go on to it.
      if (seen.length === 1) later = execute()
      if (seen.length === 2) break
    }
    expect(seen.map((tx) => tx.digest)).toEqual([degraded, later])
    expect(seen[0]?.errors).toEqual(['event store unavailable for this transaction'])
    expect(seen[1]?.errors).toBeUndefined()
  })
})
