// Failover over real sockets: three local replicas of one mock network (the same ledger, so the
// same cursors), one of them upgraded to another service version. Walks of 20,000 items through
// the outage of the endpoint they started on, calls through a 503 storm and a Retry-After, the
// retry budget across endpoints, ranking, probes, missing URL options.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ChainxClient,
  EventsDocument,
  isChainxError,
  type ServiceVersionChangedError,
  type ChainxClientOptions,
  type EndpointChange,
} from '../../../src/index.js'
import { startMockNetwork, type LedgerEvent, type RunningMockNetwork } from '../../../src/testing/index.js'

const EVENTS = 20_000
const FAST_RETRY = { retries: 2, baseDelayMs: 1, maxDelayMs: 5 }

let primary: RunningMockNetwork
let replica: RunningMockNetwork
let upgraded: RunningMockNetwork

beforeAll(async () => {
  primary = await startMockNetwork({ events: EVENTS, seed: 3 })
  replica = await startMockNetwork({ network: primary.network })
  upgraded = await startMockNetwork({ network: primary.network, version: '2026.1.0' })
}, 120_000)

afterAll(async () => {
  await Promise.all([primary?.close(), replica?.close(), upgraded?.close()])
})

const graphqlKey = (event: LedgerEvent) => `${event.bcs}|${event.type}|${event.sender}|${new Date(Number(event.timestampMs)).toISOString()}`
type EventNode = { bcs: string; type: { repr: string }; sender?: { address: string } | null; timestamp: string }
const nodeKey = (node: EventNode) => `${node.bcs}|${node.type.repr}|${node.sender?.address}|${node.timestamp}`

function client(options: ChainxClientOptions): ChainxClient {
  return new ChainxClient({ retry: FAST_RETRY, timeoutMs: 5_000, failover: { cooldownMs: 60_000 }, limits: false, ...options })
}

/** Counts the attempts a client makes, by endpoint port. */
function countAttempts() {
  const byPort = new Map<string, number>()
  return {
    byPort,
    onRequest: ({ url }: { url: string }) => {
      const port = new URL(url).port
      byPort.set(port, (byPort.get(port) ?? 0) + 1)
    },
  }
}

async function healAll() {
  for (const mock of [primary, replica, upgraded]) {
    mock.faults.clear()
    await mock.endOutage()
  }
}

describe('failover over three local replicas', { timeout: 180_000 }, () => {
  it('P6: a 20,000-item paginate walk through the outage of its first endpoint delivers each item once, in order', async () => {
    const changes: EndpointChange[] = []
    const chainx = client({ graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl], onEndpointChange: (change) => changes.push(change) })
    const expected = primary.network.ledger.events.map(graphqlKey)
    expect(expected).toHaveLength(EVENTS)
    const delivered: string[] = []
    let outage: Promise<void> | undefined
    try {
      for await (const node of chainx.paginate(EventsDocument, {}, { pageSize: 50 })) {
        delivered.push(nodeKey(node as EventNode))
        if (delivered.length === 5_000) outage = primary.startOutage()
      }
      await outage
      expect(delivered.length).toBe(EVENTS)
      expect(delivered).toEqual(expected)
      const [first, second] = await chainx.endpoints()
      expect(first).toMatchObject({ kind: 'graphql', index: 0, preferred: false, status: 'cooling-down', lastErrorCode: 'NETWORK' })
      expect(second).toMatchObject({ index: 1, preferred: true, status: 'available', version: '2025.3.0' })
      expect(changes).toEqual([{ kind: 'graphql', from: primary.graphqlUrl, to: replica.graphqlUrl, reason: 'failure' }])
    } finally {
      await healAll()
    }
  })

  it('J3: a 20,000-event events.iterate walk goes on from its cursor on the next endpoint through an outage, each event once, in order', async () => {
    const chainx = client({ rpcUrl: [primary.rpcUrl, replica.rpcUrl] })
    const expected = primary.network.ledger.events.map((event) => `${event.id.txDigest}:${event.id.eventSeq}`)
    const delivered: string[] = []
    let outage: Promise<void> | undefined
    try {
      for await (const event of chainx.events.iterate({ filter: { All: [] }, pageSize: 50 })) {
        delivered.push(`${event.id.txDigest}:${event.id.eventSeq}`)
        if (delivered.length === 7_000) outage = primary.startOutage()
      }
      await outage
      expect(delivered).toEqual(expected)
      expect((await chainx.endpoints()).map((endpoint) => endpoint.preferred)).toEqual([false, true])
    } finally {
      await healAll()
    }
  })

  it('V1: across a version change a walk ends with ServiceVersionChangedError carrying resumeCursor, and resumes exactly from it', async () => {
    const chainx = client({ graphqlUrl: [primary.graphqlUrl, upgraded.graphqlUrl] })
    const expected = primary.network.ledger.events.map(graphqlKey).slice(0, 3_000)
    const delivered: string[] = []
    let caught: unknown
    try {
      try {
        for await (const node of chainx.paginate(EventsDocument, {}, { pageSize: 50, maxItems: 3_000 })) {
          delivered.push(nodeKey(node as EventNode))
          if (delivered.length === 1_000) await primary.startOutage()
        }
      } catch (error) {
        caught = error
      }
      expect(isChainxError(caught, 'VERSION_CHANGED')).toBe(true)
      const error = caught as ServiceVersionChangedError
      expect(error).toMatchObject({ code: 'VERSION_CHANGED', walkVersion: '2025.3.0', foundVersions: ['2026.1.0'], delivered: 1_000 })
      expect(isChainxError(error.cause, 'NETWORK')).toBe(true)
      expect(typeof error.resumeCursor).toBe('string')
      // The walk's own service is back: it resumes from the cursor on it, nothing lost or repeated.
      await primary.endOutage()
      const rest = chainx.paginate(EventsDocument, {}, { pageSize: 50, cursor: error.resumeCursor as string, maxItems: 2_000 })
      for await (const node of rest) delivered.push(nodeKey(node as EventNode))
      expect(delivered).toEqual(expected)
    } finally {
      await healAll()
    }
  })

  it("V1: under onStale: 'restart' a walk whose endpoint fails restarts on the other version and skips what it delivered", async () => {
    const chainx = client({ graphqlUrl: [primary.graphqlUrl, upgraded.graphqlUrl] })
    const expected = [...new Set(primary.network.ledger.events.map(graphqlKey).slice(0, 2_000))]
    const delivered: string[] = []
    const restarts: string[] = []
    try {
      const walk = chainx.paginate(
        EventsDocument,
        {},
        {
          pageSize: 50,
          maxItems: expected.length,
          onStale: 'restart',
          key: (node) => nodeKey(node as EventNode),
          onRestart: ({ reason }) => restarts.push((reason as ServiceVersionChangedError).code),
        },
      )
      for await (const node of walk) {
        delivered.push(nodeKey(node as EventNode))
        if (delivered.length === 500) await primary.startOutage()
      }
      expect(restarts).toEqual(['VERSION_CHANGED'])
      expect(delivered).toEqual(expected)
    } finally {
      await healAll()
    }
  })

  it('G1: calls keep succeeding while one endpoint answers 503 or is down; steady traffic moves to the healthy one', async () => {
    const attempts = countAttempts()
    const chainx = client({
      graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl],
      rpcUrl: [primary.rpcUrl, replica.rpcUrl],
      onRequest: attempts.onRequest,
    })
    try {
      primary.faults.unavailableNext(Infinity)
      for (let i = 0; i < 20; i++) {
        await expect(chainx.graphql.query('query { chainIdentifier }')).resolves.toMatchObject({
          data: { chainIdentifier: expect.any(String) },
        })
      }
      // One 503 sent the primary into its cool-down; the other 19 calls went straight to the replica.
      expect(attempts.byPort.get(String(primary.port))).toBe(1)
      expect(attempts.byPort.get(String(replica.port))).toBe(20)
      await primary.startOutage()
      for (let i = 0; i < 20; i++)
        await expect(chainx.events.query({ filter: { All: [] }, pageSize: 5 })).resolves.toMatchObject({ items: expect.any(Array) })
      expect((await chainx.endpoints()).filter((endpoint) => endpoint.preferred).map((endpoint) => endpoint.kind)).toEqual([
        'graphql',
        'rpc',
      ])
    } finally {
      await healAll()
    }
  })

  it('G1: a non-transient failure never moves to another endpoint', async () => {
    const attempts = countAttempts()
    const chainx = client({
      graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl],
      rpcUrl: [primary.rpcUrl, replica.rpcUrl],
      onRequest: attempts.onRequest,
    })
    await expect(chainx.graphql.query('query { noSuchField }')).rejects.toMatchObject({ code: 'GRAPHQL' })
    await expect(chainx.events.query({ filter: { TimeRange: { startTime: '5', endTime: '1' } } as never })).rejects.toSatisfy(isChainxError)
    expect(attempts.byPort.get(String(replica.port))).toBeUndefined()
    expect((await chainx.endpoints()).every((endpoint) => endpoint.status === 'available')).toBe(true)
  })

  it('E8: a Retry-After holds back only the endpoint that sent it: the call goes on at once elsewhere', async () => {
    const attempts = countAttempts()
    const chainx = client({ graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl], onRequest: attempts.onRequest })
    try {
      primary.faults.rateLimitNext(1, { retryAfterSeconds: 30 })
      await expect(chainx.graphql.query('query { chainIdentifier }')).resolves.toBeTruthy()
      expect(Object.fromEntries(attempts.byPort)).toEqual({ [primary.port]: 1, [replica.port]: 1 })
      const [first] = await chainx.endpoints()
      expect(first).toMatchObject({ status: 'rate-limited', lastErrorCode: 'RATE_LIMITED', consecutiveFailures: 0 })
      // Most of the 30 s are still ahead: the call did not wait them out.
      expect(first?.waitMs).toBeGreaterThan(20_000)
    } finally {
      await healAll()
    }
  })

  it('the retry budget covers the whole call across endpoints', async () => {
    const attempts = countAttempts()
    const chainx = client({
      graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl],
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 },
      onRequest: attempts.onRequest,
    })
    try {
      primary.faults.unavailableNext(Infinity)
      replica.faults.unavailableNext(Infinity)
      await expect(chainx.graphql.query('query { chainIdentifier }')).rejects.toMatchObject({ code: 'HTTP', status: 503 })
      expect([...attempts.byPort.values()].reduce((sum, n) => sum + n, 0)).toBe(4)
      expect(attempts.byPort.size).toBe(2)
    } finally {
      await healAll()
    }
  })

  it('ranks by latency: a faster endpoint later in the list takes steady traffic, and onEndpointChange says why', async () => {
    const changes: EndpointChange[] = []
    const chainx = new ChainxClient({
      graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl],
      limits: false,
      onEndpointChange: (change) => changes.push(change),
    })
    try {
      primary.faults.addLatency(150)
      for (let i = 0; i < 6; i++) await chainx.graphql.query('query { chainIdentifier }')
      expect((await chainx.endpoints()).find((endpoint) => endpoint.preferred)?.index).toBe(1)
      expect(changes[0]).toMatchObject({ from: primary.graphqlUrl, to: replica.graphqlUrl, reason: 'ranking' })
    } finally {
      await healAll()
    }
  })

  it('a failed endpoint sits out its cool-down, then a probe brings it back without costing the call a retry', async () => {
    // Only Date is faked (sockets and timers stay real): the cool-down passes when the test moves the clock.
    vi.useFakeTimers({ toFake: ['Date'] })
    const changes: EndpointChange[] = []
    const chainx = client({
      graphqlUrl: [primary.graphqlUrl, replica.graphqlUrl],
      retry: false,
      failover: { cooldownMs: 300, rankByLatency: false },
      onEndpointChange: (change) => changes.push(change),
    })
    try {
      primary.faults.unavailableNext(1)
      // retry: false: the call has one attempt, and moving on would be a second, so the 503 ends it.
      await expect(chainx.graphql.query('query { chainIdentifier }')).rejects.toMatchObject({ status: 503 })
      await expect(chainx.graphql.query('query { chainIdentifier }')).resolves.toBeTruthy()
      vi.advanceTimersByTime(299)
      expect((await chainx.endpoints())[0]?.status).toBe('cooling-down')
      vi.advanceTimersByTime(1)
      expect((await chainx.endpoints())[0]?.status).toBe('probe-due')
      primary.faults.unavailableNext(1)
      // The probe fails: the call still succeeds on the replica, and the primary cools down again, longer.
      await expect(chainx.graphql.query('query { chainIdentifier }')).resolves.toBeTruthy()
      vi.advanceTimersByTime(599)
      expect((await chainx.endpoints())[0]).toMatchObject({ status: 'cooling-down', consecutiveFailures: 2 })
      vi.advanceTimersByTime(1)
      expect((await chainx.endpoints())[0]?.status).toBe('probe-due')
      await expect(chainx.graphql.query('query { chainIdentifier }')).resolves.toBeTruthy()
      expect((await chainx.endpoints())[0]).toMatchObject({ status: 'available', preferred: true, consecutiveFailures: 0 })
      expect(changes.map((change) => change.reason)).toEqual(['failure', 'recovered'])
    } finally {
      vi.useRealTimers()
      await healAll()
    }
  })
})

describe('URL options', () => {
  it('each is optional: a call needing a missing one fails with INVALID_ARGUMENT naming it', async () => {
    const chainx = new ChainxClient({ rpcUrl: primary.rpcUrl })
    await expect(chainx.events.query({ filter: { All: [] }, pageSize: 1 })).resolves.toMatchObject({ items: [expect.anything()] })
    await expect(chainx.graphql.query('query { chainIdentifier }')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('graphqlUrl'),
    })
    await expect(chainx.paginate(EventsDocument, {}).toArray({ maxItems: 1 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('graphqlUrl'),
    })
    const graphqlOnly = new ChainxClient({ graphqlUrl: [primary.graphqlUrl] })
    await expect(graphqlOnly.events.query({ filter: { All: [] } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('rpcUrl'),
    })
  })

  it('a list that is empty or holds a URL that does not parse fails at construction, without the URL credentials', () => {
    expect(() => new ChainxClient({ graphqlUrl: [] })).toThrow(/graphqlUrl must be an absolute http: or https: URL, got \[\]/)
    expect(() => new ChainxClient({ rpcUrl: [primary.rpcUrl, 'https://user:hunter2@[bad'] })).toThrow(/rpcUrl must be an absolute/)
    expect(() => new ChainxClient({ rpcUrl: [primary.rpcUrl, 'https://user:hunter2@[bad'] })).not.toThrow(/hunter2/)
    expect(() => new ChainxClient({ wsUrl: [primary.wsUrl, primary.graphqlUrl] })).toThrow(/wsUrl must be an absolute ws: or wss: URL/)
  })
})
