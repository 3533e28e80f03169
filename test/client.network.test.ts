import { afterAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../src/client.js'
import { isChainxError } from '../src/errors/ChainxError.js'
import type { GraphQLErrorEntry } from '../src/errors/graphql.js'
import { EventsDocument } from '../src/graphql/generated/operations.js'
import { mapGraphQLErrors } from '../src/graphql/mapGraphQLErrors.js'
import { parseServiceVersion } from '../src/utils/serviceVersion.js'
import { startMockNetwork, type RunningMockNetwork } from '../src/testing/index.js'
import { useMockNetwork } from './helpers/mockNetworkFixture.js'

// The SDK's typed operations and error mapping against the mock network over real sockets:
// what a user meets against a real service.
let mock: RunningMockNetwork
let client: ChainxClient
const BIG_INT = /^\d+$/
const ADDRESS = /^0x[0-9a-f]{64}$/

useMockNetwork({ events: 400, seed: 21 }, async (started) => {
  mock = started
  client = new ChainxClient({ ...mock, retry: false })
})
afterAll(() => client.close())

describe('typed operations over sockets (2.2-2.4)', () => {
  it('O1/O2: epoch with referenceGasPrice as a string and a page of transaction blocks', async () => {
    const { data } = await client.graphql.epoch({ first: 4 })
    const epoch = data.epoch!
    expect(epoch.referenceGasPrice).toMatch(BIG_INT)
    expect(epoch.transactionBlocks.edges).toHaveLength(4)
    for (const { node, cursor } of epoch.transactionBlocks.edges) {
      expect(typeof cursor).toBe('string')
      expect(node.digest).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      expect(node.sender?.address).toMatch(ADDRESS)
      expect(node.gasInput?.gasPrice).toMatch(BIG_INT)
      expect(node.gasInput?.gasBudget).toMatch(BIG_INT)
      expect(node.effects?.gasEffects?.gasObject?.address).toMatch(ADDRESS)
    }
    // The fragment selects the checkpoint each transaction landed in (where a stale export resumes from).
    const checkpoints = epoch.transactionBlocks.edges.map(({ node }) => node.effects?.checkpoint?.sequenceNumber)
    expect(checkpoints.every((sequence) => Number.isSafeInteger(sequence) && (sequence as number) >= 0)).toBe(true)
    expect(checkpoints).toEqual([...(checkpoints as number[])].sort((a, b) => a - b))
    const older = await client.graphql.epoch({ id: 0, first: 1 })
    expect(older.data.epoch?.epochId).toBe(0)
  })

  it('O3/O4/O5: dynamic fields resolve to a MoveValue or a MoveObject, with __typename', async () => {
    const address = mock.network.dataset!.registry
    const plain = await client.graphql.dynamicField({ address, name: { type: 'u64', bcs: 'AwAAAAAAAAA=' } })
    const field = plain.data.object?.dynamicField
    expect(field?.name).toEqual({ type: { repr: 'u64' }, data: { Number: '3' }, bcs: 'AwAAAAAAAAA=' })
    expect(field?.value?.__typename).toBe('MoveValue')
    const objectField = await client.graphql.dynamicField({ address, name: { type: 'u64', bcs: 'ZAAAAAAAAAA=' } })
    const value = objectField.data.object?.dynamicField?.value
    expect(value?.__typename).toBe('MoveObject')
    if (value?.__typename === 'MoveObject') {
      expect(value.address).toBe(mock.network.dataset!.registryChild)
      expect(value.contents?.type.repr).toMatch(/::registry::Item$/)
      expect(typeof value.contents?.bcs).toBe('string')
    }
  })

  it('O6/O7: availableRange and the twelve serviceConfig limits', async () => {
    const range = await client.graphql.availableRange()
    const { first, last } = range.data.availableRange
    expect(first?.sequenceNumber).toBe(0)
    expect(last?.sequenceNumber).toBe(mock.network.ledger.latestCheckpoint.sequenceNumber)
    const config = await client.graphql.serviceConfig()
    expect(Object.keys(config.data.serviceConfig)).toHaveLength(12)
    expect(config.data.serviceConfig).toMatchObject({ defaultPageSize: 20, maxPageSize: 50, maxQueryDepth: 20 })
  })

  it('O8/O9: events filtered by sender and by type, with every field of the GraphQL shape', async () => {
    const sample = mock.network.ledger.events[10]!
    const bySender = await client.graphql.events({ first: 50, filter: { sender: sample.sender } })
    expect(bySender.data.events.edges.length).toBeGreaterThan(0)
    for (const { node } of bySender.data.events.edges) {
      expect(node.sender?.address).toBe(sample.sender)
      expect(node.sendingModule?.name).toMatch(/^\w+$/)
      expect(typeof node.sendingModule?.package.digest).toBe('string')
      expect(node.type.repr).toMatch(/^0x[0-9a-f]{64}::\w+::\w+/)
      expect(Date.parse(node.timestamp!)).not.toBeNaN()
      expect(typeof node.bcs).toBe('string')
      expect(node.json).toBeTypeOf('object')
    }
    const byType = await client.graphql.events({ last: 5, filter: { eventType: sample.type } })
    expect(byType.data.events.edges.every(({ node }) => node.type.repr === sample.type)).toBe(true)
  })
})

describe('headers and usage over sockets (4.1, 9)', () => {
  it('G3/L5: the usage extension reports the actual variables, fragments and query bytes', async () => {
    const { usage } = await client.graphql.events(
      { first: 2, filter: { sender: mock.network.ledger.events[0]!.sender } },
      { showUsage: true },
    )
    expect(usage).toMatchObject({ variables: 2, fragments: 2, queryPayload: new TextEncoder().encode(String(EventsDocument)).length })
    expect(usage!.inputNodes).toBeGreaterThan(10)
    expect(usage!.depth).toBeGreaterThan(3)
  })

  it('G2/G4: a matching rpcVersion is served and every result carries the version', async () => {
    const pinned = new ChainxClient({ ...mock, rpcVersion: '2025.3' })
    const { version } = await pinned.graphql.availableRange()
    expect(version).toEqual({ raw: '2025.3.0', year: 2025, minor: 3, patch: 0 })
    const other = await new ChainxClient({ ...mock, rpcVersion: '2019.1', retry: false }).graphql.availableRange().catch((e: unknown) => e)
    // Status first: the 421 is HTTP, and the service's GraphQL error is its cause.
    expect(other).toMatchObject({
      code: 'HTTP',
      status: 421,
      version: { raw: '2025.3.0' },
      cause: { code: 'GRAPHQL', version: { raw: '2025.3.0' } },
    })
    expect((other as Error).message).toBe(`HTTP 421 from ${mock.graphqlUrl}`)
  })
})

describe('service errors over sockets map to codes (7, 8)', () => {
  // limits: false turns the SDK's limit checks off, so the service is the one that rejects.
  const unchecked = () => new ChainxClient({ ...mock, limits: false, retry: false })
  const failure = (run: Promise<unknown>) =>
    run.then(
      () => undefined,
      (error: unknown) => error,
    )
  // The variable and first/last checks always run in the SDK; what the service answers to the
  // same request, sent raw, must map to the same code.
  const serviceAnswer = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(mock.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await response.json()) as { data: unknown; errors: GraphQLErrorEntry[] }
    return mapGraphQLErrors(body.errors, body.data, parseServiceVersion(response.headers.get('x-chain-rpc-version')))
  }
  const refusedBoth = async (query: string, variables: Record<string, unknown>, expected: Record<string, unknown>) => {
    expect(await failure(unchecked().graphql.query(query, variables))).toMatchObject({ ...expected, sent: false })
    expect(await serviceAnswer(query, variables)).toMatchObject({ ...expected, sent: true, version: { raw: '2025.3.0' } })
  }

  it('E1: a declared but unused variable → UNUSED_VARIABLE, from the SDK and from the service', async () => {
    await refusedBoth('query Q($x: Int) { chainIdentifier }', { x: 1 }, { code: 'UNUSED_VARIABLE', variable: 'x' })
  })

  it('E2: a required variable without value → MISSING_VARIABLE, from the SDK and from the service', async () => {
    await refusedBoth('query Q($id: UInt53!) { epoch(id: $id) { epochId } }', {}, { code: 'MISSING_VARIABLE', variable: 'id' })
  })

  it('E3/P5: first and last together → FIRST_AND_LAST, from the SDK and from the service', async () => {
    await refusedBoth(String(EventsDocument), { first: 2, last: 2 }, { code: 'FIRST_AND_LAST' })
  })

  it('E4/P4: a page over maxPageSize → PAGE_SIZE_EXCEEDED, from the service when the SDK does not know the max', async () => {
    expect(await failure(client.graphql.events({ first: 51 }))).toMatchObject({ code: 'PAGE_SIZE_EXCEEDED', sent: false, maxPageSize: 50 })
    const error = await failure(unchecked().graphql.events({ first: 51 }))
    expect(error).toMatchObject({ code: 'PAGE_SIZE_EXCEEDED', sent: true, pageSize: 51, maxPageSize: 50 })
  })

  it('E5/P7: after and before from different checkpoints → CURSOR_CHECKPOINT_MISMATCH', async () => {
    const early = await client.graphql.events({ first: 5 })
    mock.network.advance(1)
    const late = await client.graphql.events({ last: 5 })
    const error = await failure(
      client.graphql.events({ first: 5, after: early.data.events.pageInfo.startCursor, before: late.data.events.pageInfo.endCursor }),
    )
    expect(error).toMatchObject({ code: 'CURSOR_CHECKPOINT_MISMATCH', sent: true })
    expect(isChainxError(error) && error.version?.raw).toBe('2025.3.0')
  })

  it('E6/P8: a cursor whose checkpoint was pruned → STALE_CURSOR', async () => {
    const small = await startMockNetwork({ events: 100, seed: 4, retention: 3 })
    try {
      const sdk = new ChainxClient({ ...small, retry: false })
      const page = await sdk.graphql.events({ first: 5 })
      small.network.advance(5)
      const error = await failure(sdk.graphql.events({ first: 5, after: page.data.events.pageInfo.endCursor }))
      expect(error).toMatchObject({
        code: 'STALE_CURSOR',
        sent: true,
        errors: [{ message: 'Requested data is outside the available range' }],
      })
    } finally {
      await small.close()
    }
  })

  it('E7/L2: depth and node limits enforced by the service → QUERY_LIMIT with the maximum', async () => {
    // serviceConfig itself takes 13 input nodes, so the node limit stays above it.
    const strict = await startMockNetwork({ events: 10, limits: { maxQueryDepth: 3, maxQueryNodes: 14 } })
    try {
      const sdk = new ChainxClient({ ...strict, limits: false, retry: false })
      const deep = await failure(sdk.graphql.query('{ epoch { transactionBlocks { nodes { digest } } } }'))
      expect(deep).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryDepth', max: 3, sent: true })
      const fifteen = Array.from({ length: 15 }, (_, i) => `f${i}: chainIdentifier`).join(' ')
      const wide = await failure(sdk.graphql.query(`{ ${fifteen} }`))
      expect(wide).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryNodes', max: 14, sent: true })
      // With limits read from serviceConfig, the SDK refuses the same query before sending.
      const checked = await failure(new ChainxClient(strict).graphql.query('{ epoch { transactionBlocks { nodes { digest } } } }'))
      expect(checked).toMatchObject({ code: 'QUERY_LIMIT', sent: false, value: 4, max: 3 })
    } finally {
      await strict.close()
    }
  })

  it('E8/L1: over the per-minute rate limit the service answers 429 → RATE_LIMITED with retryAfterMs', async () => {
    const limited = await startMockNetwork({ events: 10, rateLimitPerMinute: 2 })
    try {
      const sdk = new ChainxClient({ ...limited, limits: false, retry: false })
      await sdk.graphql.availableRange()
      await sdk.graphql.availableRange()
      const error = await failure(sdk.graphql.availableRange())
      expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429 })
      expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})
