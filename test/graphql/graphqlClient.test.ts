import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { ChainxClient } from '../../src/client.js'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { GraphQLError, QueryLimitError } from '../../src/errors/graphql.js'
import { AvailableRangeDocument, DynamicFieldDocument, EpochDocument, type EpochQuery } from '../../src/graphql/generated/operations.js'
import type { GraphQLPage } from '../../src/graphql/paginate.js'
import type { PageIterable } from '../../src/pagination/types.js'
import { defaultMockServiceLimits } from '../../src/testing/graphql/mockServiceLimits.js'

const graphqlUrl = 'http://chainx.test/graphql'
const { maxTransactionPayloadSize: _notInServiceConfig, ...limits } = defaultMockServiceLimits

interface Seen {
  body: { query: string; variables: Record<string, unknown> }
  headers: Headers
}
const seen: Seen[] = []
let answer: (request: Seen) => Response = () => HttpResponse.json({ data: { chainIdentifier: '4c78adac' } })

const mock = setupServer(
  http.post(graphqlUrl, async ({ request }) => {
    const entry = { body: (await request.json()) as Seen['body'], headers: request.headers }
    if (entry.body.query.includes('serviceConfig')) {
      return HttpResponse.json({ data: { serviceConfig: limits } }, { headers: { 'x-chain-rpc-version': '2025.3.1' } })
    }
    seen.push(entry)
    return answer(entry)
  }),
)
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  mock.resetHandlers()
  seen.length = 0
  answer = () => HttpResponse.json({ data: { chainIdentifier: '4c78adac' } })
})
afterAll(() => mock.close())

const client = (options: Partial<ConstructorParameters<typeof ChainxClient>[0]> = {}) =>
  new ChainxClient({ graphqlUrl, retry: false, ...options })

/** Answers serviceConfig with `answer` and everything else with data; returns the serviceConfig request count. */
function answerServiceConfig(answer: () => Response): () => number {
  let count = 0
  mock.use(
    http.post(graphqlUrl, async ({ request }) => {
      const body = (await request.json()) as Seen['body']
      if (!body.query.includes('serviceConfig')) return HttpResponse.json({ data: { chainIdentifier: 'x' } })
      count++
      return answer()
    }),
  )
  return () => count
}

const withVersion = (body: Parameters<typeof HttpResponse.json>[0], status = 200) =>
  HttpResponse.json(body, { status, headers: { 'x-chain-rpc-version': '2025.3.1-abc' } })

describe('GraphQL request and response (4.1, 9)', () => {
  it('G1: POSTs JSON {query, variables} with variables keyed without $', async () => {
    answer = () => withVersion({ data: { epoch: null } })
    await client().graphql.epoch({ id: 7, first: 5 })
    expect(seen).toHaveLength(1)
    const [request] = seen as [Seen]
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(request.body.query).toBe(String(EpochDocument))
    expect(request.body.variables).toEqual({ id: 7, first: 5 })
  })

  it('G1: the body is the JSON of { query, variables, operationName }, for any document text, sent again and again', async () => {
    const bodies: string[] = []
    mock.use(
      http.post(graphqlUrl, async ({ request }) => {
        bodies.push(await request.text())
        return HttpResponse.json({ data: { chainIdentifier: 'x' } })
      }),
    )
    const document = 'query A($n: Int) { events(first: $n, filter: { type: "0x2::coin::\\"Café\\" ✓\\n" }) { nodes { type { repr } } } }'
    const other = 'query B { chainIdentifier }'
    const sdk = client({ limits: false })
    await sdk.graphql.query(document, { n: 2 })
    await sdk.graphql.query(document, { n: 3 })
    await sdk.graphql.query(`${document} ${other}`, { n: 4 }, { operationName: 'A' })
    expect(bodies).toEqual([
      JSON.stringify({ query: document, variables: { n: 2 } }),
      JSON.stringify({ query: document, variables: { n: 3 } }),
      JSON.stringify({ query: `${document} ${other}`, variables: { n: 4 }, operationName: 'A' }),
    ])
  })

  it('G2: rpcVersion is sent as x-chain-rpc-version', async () => {
    await client({ rpcVersion: '2025.3' }).graphql.query('{ chainIdentifier }')
    expect(seen[0]?.headers.get('x-chain-rpc-version')).toBe('2025.3')
    await client().graphql.query('{ chainIdentifier }')
    expect(seen[1]?.headers.has('x-chain-rpc-version')).toBe(false)
  })

  it('G3: showUsage sends x-chain-rpc-show-usage: true and returns the six integers', async () => {
    const usage = { inputNodes: 2, outputNodes: 2, depth: 2, variables: 0, fragments: 0, queryPayload: 37 }
    answer = ({ headers }) =>
      withVersion(
        headers.get('x-chain-rpc-show-usage') === 'true'
          ? { data: { chainIdentifier: 'x' }, extensions: { usage } }
          : { data: { chainIdentifier: 'x' } },
      )
    const clientWide = await client({ showUsage: true }).graphql.query('{ chainIdentifier }')
    expect(clientWide.usage).toEqual(usage)
    const perCall = await client().graphql.query('{ chainIdentifier }', {}, { showUsage: true })
    expect(perCall.usage).toEqual(usage)
    const without = await client().graphql.query('{ chainIdentifier }')
    expect(without.usage).toBeUndefined()
    expect(seen[2]?.headers.has('x-chain-rpc-show-usage')).toBe(false)
  })

  it('G3: a usage extension without the six integers is INVALID_RESPONSE', async () => {
    answer = () => withVersion({ data: { chainIdentifier: 'x' }, extensions: { usage: { nodes: 3 } } })
    const error = await client()
      .graphql.query('{ chainIdentifier }', {}, { showUsage: true })
      .catch((e: unknown) => e)
    expect(isChainxError(error, 'INVALID_RESPONSE')).toBe(true)
  })

  it('G4: every result and every error carries the parsed service version', async () => {
    answer = () => withVersion({ data: { chainIdentifier: 'x' } })
    const result = await client().graphql.query('{ chainIdentifier }')
    expect(result.version).toEqual({ raw: '2025.3.1-abc', year: 2025, minor: 3, patch: 1 })
    answer = () => withVersion({ data: null, errors: [{ message: 'boom' }] })
    const error = await client()
      .graphql.query('{ chainIdentifier }')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'GRAPHQL', version: { year: 2025, minor: 3, patch: 1 } })
    answer = () =>
      withVersion({ data: null, errors: [{ message: "Version '0.0' not supported.", extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }, 421)
    const misdirected = await client({ rpcVersion: '0.0' })
      .graphql.query('{ chainIdentifier }')
      .catch((e: unknown) => e)
    // Status first: HTTP 421, with the service's GraphQL error kept as the cause.
    expect(misdirected).toMatchObject({ code: 'HTTP', status: 421, version: { raw: '2025.3.1-abc' }, cause: { code: 'GRAPHQL' } })
    expect(((misdirected as Error).cause as GraphQLError).errors[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR')
  })

  it('G5: named fragments and inline fragments with __typename come back typed', async () => {
    const moveValue = { type: { repr: 'u64' }, data: { Number: '0' }, bcs: 'AAAAAAAAAAA=' }
    answer = () =>
      withVersion({
        data: {
          object: {
            address: `0x${'1'.repeat(64)}`,
            version: 3,
            dynamicField: { name: moveValue, value: { __typename: 'MoveValue', ...moveValue } },
          },
        },
      })
    const { data } = await client().graphql.dynamicField({
      address: `0x${'1'.repeat(64)}`,
      name: { type: 'u64', bcs: 'AAAAAAAAAAA=' },
    })
    const value = data.object?.dynamicField?.value
    expect(value?.__typename).toBe('MoveValue')
    if (value?.__typename === 'MoveValue') expect(value.bcs).toBe('AAAAAAAAAAA=')
    expect(seen[0]?.body.query).toContain('fragment MoveValueFields on MoveValue')
    expect(seen[0]?.body.query).toContain('... on MoveObject')
  })
})

describe('query types', () => {
  it('E2: the types require the variables an operation cannot run without', async () => {
    answer = () => withVersion({ data: { object: null } })
    const { graphql } = client()
    // @ts-expect-error DynamicField declares $address and $name non-null without defaults
    const missing = await graphql.query(DynamicFieldDocument).catch((e: unknown) => e)
    expect(missing).toMatchObject({ code: 'MISSING_VARIABLE', sent: false })
    // @ts-expect-error the same, with options but no variables
    await graphql.query(DynamicFieldDocument, undefined, { timeoutMs: 1_000 }).catch(() => undefined)
    await graphql.query(DynamicFieldDocument, { address: '0x1', name: { type: 'u64', bcs: 'AAAAAAAAAAA=' } })
    // Operations whose variables are all optional, and plain strings, still take none.
    await graphql.query(EpochDocument)
    answer = () => withVersion({ data: { availableRange: { first: null, last: null } } })
    await graphql.query(AvailableRangeDocument, undefined, { timeoutMs: 1_000 })
    await graphql.query('{ chainIdentifier }')
    expect(seen).toHaveLength(4)
  })

  it('P1: client.paginate types its nodes and requires the variables an operation cannot run without', async () => {
    const chainx = client()
    const blocks = chainx.paginate(EpochDocument, { id: 1 }, { connection: 'epoch.transactionBlocks', pageSize: 5 })
    type Block = NonNullable<EpochQuery['epoch']>['transactionBlocks']['edges'][number]['node']
    expectTypeOf(blocks).toEqualTypeOf<PageIterable<Block, GraphQLPage<Block>, string>>()
    expectTypeOf(chainx.paginate(EpochDocument)).toEqualTypeOf<PageIterable<Block, GraphQLPage<Block>, string>>()
    // @ts-expect-error a connection path the result type does not have is a compile error
    expect(() => chainx.paginate(EpochDocument, { id: 1 }, { connection: 'epoch.transactionBlock' })).not.toThrow()
    // @ts-expect-error DynamicField declares $address and $name non-null without defaults
    await expect(chainx.paginate(DynamicFieldDocument).toArray({ maxItems: 10 })).rejects.toThrow(/declare \$first and \$after/)
    expect(seen).toHaveLength(0)
  })
})

describe('checks before sending (7, 4.2 rules 3-4)', () => {
  const rejected = async (run: () => Promise<unknown>) => {
    const error = await run().catch((e: unknown) => e)
    expect(seen).toHaveLength(0)
    expect(error).toMatchObject({ sent: false })
    return error
  }

  it('variables with a BigInt or a cycle are INVALID_ARGUMENT before anything is sent, the TypeError kept as cause', async () => {
    const cyclic: Record<string, unknown> = { id: 1 }
    cyclic.self = cyclic
    let requests = 0
    mock.use(
      http.post(graphqlUrl, () => {
        requests++
        return HttpResponse.json({ data: {} })
      }),
    )
    for (const variables of [{ id: 10n }, cyclic]) {
      const error = await client()
        .graphql.query('query Q($id: UInt53) { epoch(id: $id) { epochId } }', variables)
        .catch((e: unknown) => e)
      expect(isChainxError(error, 'INVALID_ARGUMENT')).toBe(true)
      expect((error as Error).message).toBe('variables must be JSON-serialisable')
      expect((error as Error).cause).toBeInstanceOf(TypeError)
    }
    // Not even the serviceConfig fetch that precedes a first query.
    expect(requests).toBe(0)
  })

  it('E1: a declared but unused variable fails before sending', async () => {
    const error = await rejected(() => client().graphql.query('query Q($unused: Int) { chainIdentifier }', { unused: 1 }))
    expect(error).toMatchObject({ code: 'UNUSED_VARIABLE', variable: 'unused' })
  })

  it('E2: a declared non-null variable with no value fails before sending', async () => {
    const error = await rejected(() => client().graphql.query('query Q($id: UInt53!) { epoch(id: $id) { epochId } }', {}))
    expect(error).toMatchObject({ code: 'MISSING_VARIABLE', variable: 'id' })
  })

  it('E2: a nullable variable without default left out is sent as null; one with a default is left to it', async () => {
    answer = () => withVersion({ data: { epoch: null } })
    await client().graphql.query(
      'query Q($id: UInt53, $first: Int = 3) { epoch(id: $id) { transactionBlocks(first: $first) { nodes { digest } } } }',
      {},
    )
    expect(seen[0]?.body.variables).toEqual({ id: null })
    await client().graphql.query('query Q($id: UInt53) { epoch(id: $id) { epochId } }', { id: 7 })
    expect(seen[1]?.body.variables).toEqual({ id: 7 })
  })

  it('E2: a used but undeclared variable fails; null counts as a value; a default counts as a value', async () => {
    const error = await rejected(() => client().graphql.query('query Q { epoch(id: $id) { epochId } }', {}))
    expect(error).toMatchObject({ code: 'MISSING_VARIABLE', variable: 'id' })
    answer = () => withVersion({ data: { epoch: null } })
    await client().graphql.query('query Q($id: UInt53) { epoch(id: $id) { epochId } }', { id: null })
    await client().graphql.query('query Q($id: UInt53 = 1) { epoch(id: $id) { epochId } }', {})
    expect(seen).toHaveLength(2)
  })

  it('E3/P5: first and last together fail before sending, as literals or variables', async () => {
    const literal = await rejected(() => client().graphql.query('{ events(first: 2, last: 2) { nodes { bcs } } }'))
    expect(literal).toMatchObject({ code: 'FIRST_AND_LAST' })
    const viaVariables = await rejected(() => client().graphql.events({ first: 3, last: 3 }))
    expect(viaVariables).toMatchObject({ code: 'FIRST_AND_LAST' })
  })

  it('E4/P4: first or last above maxPageSize (from serviceConfig) fails before sending; the max itself is fine', async () => {
    const error = await rejected(() => client().graphql.events({ last: 51 }))
    expect(error).toMatchObject({ code: 'PAGE_SIZE_EXCEEDED', pageSize: 51, maxPageSize: 50 })
    answer = () =>
      withVersion({
        data: { events: { pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null }, edges: [] } },
      })
    await client().graphql.events({ first: 50 })
    expect(seen).toHaveLength(1)
  })

  it('E7/L2: depth, input nodes and payload size over the limits fail before sending', async () => {
    const deep = await rejected(() =>
      client({ limits: { maxQueryDepth: 3 } }).graphql.query('{ epoch { transactionBlocks { nodes { digest } } } }'),
    )
    expect(deep).toBeInstanceOf(QueryLimitError)
    expect(deep).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryDepth', value: 4, max: 3 })
    // Two fields, two fragment nodes, two `nodes`, two `digest`: 8 nodes at depth 4 (graphql-anchor 2.2).
    const spreadAndInline = `query {
      a: transactionBlocks { ...Nodes }
      b: transactionBlocks { ... on TransactionBlockConnection { nodes { digest } } }
    }
    fragment Nodes on TransactionBlockConnection { nodes { digest } }`
    const nodes = await rejected(() => client({ limits: { maxQueryNodes: 7 } }).graphql.query(spreadAndInline))
    expect(nodes).toMatchObject({ limit: 'maxQueryNodes', value: 8, max: 7 })
    const small = client({ limits: { maxQueryPayloadSize: 600 } })
    const payload = await rejected(() => small.graphql.events({ filter: { eventType: `0x${'a'.repeat(64)}::m::E` } }))
    expect(payload).toMatchObject({ limit: 'maxQueryPayloadSize', max: 600 })
    expect((payload as QueryLimitError).value).toBeGreaterThan(600)
  })

  it('E7/L2: input nodes add up over every operation of the document, and each one is held to the depth limit', async () => {
    // The service checks every operation it parses, not only the one it runs (graphql-anchor 2.2):
    // A costs 3 nodes at depth 2, B 1 node at depth 1; running B still costs 4 nodes.
    const twoOperations = 'query A { epoch { epochId referenceGasPrice } } query B { chainIdentifier }'
    const nodes = await rejected(() => client({ limits: { maxQueryNodes: 3 } }).graphql.query(twoOperations, {}, { operationName: 'B' }))
    expect(nodes).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryNodes', value: 4, max: 3 })
    const deep = await rejected(() => client({ limits: { maxQueryDepth: 1 } }).graphql.query(twoOperations, {}, { operationName: 'B' }))
    expect(deep).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryDepth', value: 2, max: 1 })
    await client({ limits: { maxQueryNodes: 4, maxQueryDepth: 2 } }).graphql.query(twoOperations, {}, { operationName: 'B' })
    expect(seen).toHaveLength(1)
  })

  it('E1: a variable declared but unused in another operation of the document fails before sending', async () => {
    const document = 'query A($unused: Int) { chainIdentifier } query B($id: UInt53) { epoch(id: $id) { epochId } }'
    const error = await rejected(() => client().graphql.query(document, { id: 1 }, { operationName: 'B' }))
    expect(error).toMatchObject({ code: 'UNUSED_VARIABLE', variable: 'unused' })
  })

  it('E7/L2: the payload size is the UTF-8 byte length of the whole body', async () => {
    const text = 'query Q($s: SuiAddress) { events(filter: { sender: $s }) { nodes { bcs } } }'
    const body = (s: string) => Buffer.byteLength(JSON.stringify({ query: text, variables: { s } }))
    const value = '😀é€'.repeat(20)
    const max = body(value) - 1
    const error = await client({ limits: { maxQueryPayloadSize: max } })
      .graphql.query(text, { s: value })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxQueryPayloadSize', value: max + 1, max })
    expect(seen).toHaveLength(0)
  })

  it('L2: limits come from serviceConfig, fetched once per client; limits: false skips the checks', async () => {
    const configRequests = answerServiceConfig(() => HttpResponse.json({ data: { serviceConfig: limits } }))
    const shared = client()
    await Promise.all([shared.graphql.query('{ chainIdentifier }'), shared.graphql.query('{ chainIdentifier }')])
    await shared.graphql.query('{ chainIdentifier }')
    expect(configRequests()).toBe(1)
    await client({ limits: false }).graphql.query('{ chainIdentifier }')
    expect(configRequests()).toBe(1)
    const unchecked = await client({ limits: false }).graphql.query('{ events(first: 500) { nodes { bcs } } }')
    expect(unchecked.data).toEqual({ chainIdentifier: 'x' })
  })
})

describe('the shared serviceConfig fetch (L2)', () => {
  it('L2: one caller aborting while the limits load does not abort the other callers', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let configRequests = 0
    let arrived: () => void = () => undefined
    const configArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    mock.use(
      http.post(graphqlUrl, async ({ request }) => {
        const body = (await request.json()) as Seen['body']
        if (body.query.includes('serviceConfig')) {
          configRequests++
          arrived()
          await held
          return HttpResponse.json({ data: { serviceConfig: limits } })
        }
        return HttpResponse.json({ data: { chainIdentifier: 'x' } })
      }),
    )
    const shared = client()
    const controller = new AbortController()
    const leaving = shared.graphql.query('{ chainIdentifier }', {}, { signal: controller.signal }).catch((e: unknown) => e)
    const staying = shared.graphql.query('{ chainIdentifier }').catch((e: unknown) => e)
    await configArrived
    controller.abort()
    expect(await leaving).toMatchObject({ code: 'ABORTED' })
    release()
    expect(await staying).toMatchObject({ data: { chainIdentifier: 'x' } })
    // The limits were loaded once and kept: an over-size page is still refused before sending.
    const refused = await shared.graphql.events({ first: 51 }).catch((e: unknown) => e)
    expect(refused).toMatchObject({ code: 'PAGE_SIZE_EXCEEDED', sent: false })
    expect(configRequests).toBe(1)
  })
})

describe('service errors keep their detail and map to codes (graphql-anchor 2.4)', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ["'first' and 'last' must not be used together", 'FIRST_AND_LAST', {}],
    ["Connection's page size of 51 exceeds max of 50", 'PAGE_SIZE_EXCEEDED', { pageSize: 51, maxPageSize: 50 }],
    ['Variable "$after" is not used by operation "Q"', 'UNUSED_VARIABLE', { variable: 'after' }],
    ['Variable "$id" of required type "UInt53!" was not provided.', 'MISSING_VARIABLE', { variable: 'id' }],
    [
      'The provided cursors are taken from different checkpoints and cannot be used together in the same query.',
      'CURSOR_CHECKPOINT_MISMATCH',
      {},
    ],
    ['Requested data is outside the available range', 'STALE_CURSOR', {}],
    ['Query nesting is over 20', 'QUERY_LIMIT', { limit: 'maxQueryDepth', max: 20 }],
    ['Query has over 300 nodes', 'QUERY_LIMIT', { limit: 'maxQueryNodes', max: 300 }],
    ['Estimated output nodes exceeds 100000', 'QUERY_LIMIT', { limit: 'maxOutputNodes', max: 100_000 }],
    [
      'Query part too large: 5354 bytes. Requests are limited to 174763 bytes or fewer on transaction payloads (all inputs to executeTransactionBlock or dryRunTransactionBlock) and the rest of the request (the query part) must be 5000 bytes or fewer.',
      'QUERY_LIMIT',
      { limit: 'maxQueryPayloadSize', value: 5354, max: 5000 },
    ],
    ['Query request timed out. Limit: 40s', 'QUERY_LIMIT', { limit: 'requestTimeoutMs', max: 40_000 }],
    ['Filtering by both emitting module and event type is not supported', 'GRAPHQL', {}],
  ]
  for (const [message, code, fields] of cases) {
    it(`${code === 'STALE_CURSOR' ? 'E6/P8' : code === 'CURSOR_CHECKPOINT_MISMATCH' ? 'E5/P7' : code === 'QUERY_LIMIT' ? 'E7' : 'E1-E4'}: "${message.slice(0, 48)}" → ${code}`, async () => {
      const entry = { message, locations: [{ line: 2, column: 3 }], path: ['events'], extensions: { code: 'BAD_USER_INPUT' } }
      answer = () => withVersion({ data: null, errors: [entry] })
      const error = await client({ limits: false })
        .graphql.query('{ chainIdentifier }')
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(GraphQLError)
      expect(error).toMatchObject({ code, sent: true, errors: [entry], ...fields })
    })
  }

  it('partial data is kept next to the errors', async () => {
    answer = () =>
      withVersion({
        data: { a: { epochId: 1 }, b: null },
        errors: [
          { message: 'Internal error occurred while processing request: x', path: ['b'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ],
      })
    const error = await client({ limits: false })
      .graphql.query('{ chainIdentifier }')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'GRAPHQL', data: { a: { epochId: 1 }, b: null } })
  })

  it('G3/L5: the usage extension sent with execution errors is kept on the error', async () => {
    const usage = { inputNodes: 4, outputNodes: 62, depth: 4, variables: 0, fragments: 0, queryPayload: 394 }
    answer = () =>
      withVersion({
        data: null,
        extensions: { usage },
        errors: [
          { message: "'first' and 'last' must not be used together", path: ['transactionBlocks'], extensions: { code: 'BAD_USER_INPUT' } },
        ],
      })
    const error = await client({ limits: false })
      .graphql.query('{ chainIdentifier }', {}, { showUsage: true })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'FIRST_AND_LAST', usage })
  })

  it('a GraphQL-shaped body with a 5xx status is a retryable HTTP error, with the GraphQL error as its cause', async () => {
    let calls = 0
    answer = () => {
      calls++
      return calls === 1
        ? withVersion(
            {
              data: null,
              errors: [{ message: 'Internal error occurred while processing request: db', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
            },
            500,
          )
        : withVersion({ data: { chainIdentifier: 'x' } })
    }
    const retried = await client({ limits: false, retry: { retries: 1, baseDelayMs: 1 } }).graphql.query('{ chainIdentifier }')
    expect(retried.data).toEqual({ chainIdentifier: 'x' })
    expect(calls).toBe(2)
    calls = 0
    const error = await client({ limits: false })
      .graphql.query('{ chainIdentifier }')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'HTTP', status: 500, retryable: true, cause: { code: 'GRAPHQL', sent: true } })
  })

  it('L2: after a failed serviceConfig fetch, queries go unchecked for a while instead of refetching each time', async () => {
    const configRequests = answerServiceConfig(() => new HttpResponse('<html>502</html>', { status: 502 }))
    const shared = client()
    for (let i = 0; i < 3; i++) await shared.graphql.query('{ chainIdentifier }')
    expect(configRequests()).toBe(1)
    const unchecked = await shared.graphql.query('{ events(first: 500) { nodes { bcs } } }')
    expect(unchecked.data).toEqual({ chainIdentifier: 'x' })
  })

  it('a 200 body that is neither data nor errors is INVALID_RESPONSE', async () => {
    answer = () => withVersion({ hello: 'world' })
    const error = await client({ limits: false })
      .graphql.query('{ chainIdentifier }')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', version: { raw: '2025.3.1-abc' } })
  })
})

describe('output-node estimate before sending', () => {
  it('E7/L2: a query whose estimated output goes over maxOutputNodes fails before sending', async () => {
    const nested = 'query Q($a: Int, $b: Int) { checkpoints(first: $a) { nodes { transactionBlocks(first: $b) { nodes { digest } } } } }'
    const error = await client({ limits: { maxOutputNodes: 2_000, defaultPageSize: 20 } })
      .graphql.query(nested, { a: 50, b: 50 })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'QUERY_LIMIT', limit: 'maxOutputNodes', value: 1 + 1 + 50 + 50 + 2_500, max: 2_000, sent: false })
    expect(seen).toHaveLength(0)
    answer = () => withVersion({ data: { checkpoints: { nodes: [] } } })
    await client({ limits: { maxOutputNodes: 2_000, defaultPageSize: 20 } }).graphql.query(nested, { a: 10, b: 10 })
    expect(seen).toHaveLength(1)
  })
})
