import { bcs, fromBase64, toBase64 } from '@mysten/bcs'
import { describe, expect, it } from 'vitest'
import { startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { EVENTS_QUERY, SENDER_A, SENDER_B, bump, postGraphql, postRaw, publishCounter, values } from './mockNetworkClient.js'
import { useMockNetwork, withMockNetwork } from '../helpers/mockNetworkFixture.js'

const COUNTER_PKG = '0x0000000000000000000000000000000000000000000000000000000000c0ffee'
const BUMPED = `${COUNTER_PKG}::counter::Bumped`

function decodeCursor(cursor: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>
}

describe('mock GraphQL over sockets: ten events R0..R9', () => {
  let mock: RunningMockNetwork
  let url: string

  useMockNetwork({ events: 0 }, async (started) => {
    mock = started
    url = mock.graphqlUrl
    publishCounter(mock)
    bump(mock, 10)
  })

  it('G1: POST JSON {query, variables} with variables keyed without $ returns data with HTTP 200', async () => {
    const answer = await postGraphql(url, 'query Q($n: Int) { events(first: $n) { nodes { json } } }', { n: 2 })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.json).toEqual({
      data: { events: { nodes: [{ json: { value: '0', who: SENDER_A } }, { json: { value: '1', who: SENDER_A } }] } },
    })
  })

  it('G2: x-chain-rpc-version <YEAR>.<MONTH> of the server is served; malformed is 400 BAD_REQUEST; another version is 421', async () => {
    const ok = await postGraphql(url, '{ chainIdentifier }', undefined, { 'x-chain-rpc-version': '2025.3' })
    expect(ok.status).toBe(200)
    expect(ok.json.data.chainIdentifier).toMatch(/^[0-9a-f]{8}$/)
    const bad = await postGraphql(url, '{ chainIdentifier }', undefined, { 'x-chain-rpc-version': 'not-a-version' })
    expect(bad.status).toBe(400)
    expect(bad.json).toEqual({
      data: null,
      errors: [
        {
          message: "Failed to parse x-chain-rpc-version: 'not-a-version' not a valid <YEAR>.<MONTH> version.",
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    })
    const other = await postGraphql(url, '{ chainIdentifier }', undefined, { 'x-chain-rpc-version': '2024.1' })
    expect(other.status).toBe(421)
    expect(other.json).toEqual({
      data: null,
      errors: [{ message: "Version '2024.1' not supported.", extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    })
  })

  it('G3: x-chain-rpc-show-usage adds extensions.usage with six integers; without the header there is none', async () => {
    const query = '{ epoch { referenceGasPrice } }'
    const withUsage = await postGraphql(url, query, undefined, { 'x-chain-rpc-show-usage': 'true' })
    expect(Object.keys(withUsage.json)).toEqual(['data', 'extensions'])
    expect(withUsage.json.extensions.usage).toEqual({
      inputNodes: 2,
      outputNodes: 2,
      depth: 2,
      variables: 0,
      fragments: 0,
      queryPayload: query.length,
    })
    const without = await postGraphql(url, query)
    expect(without.json.extensions).toBeUndefined()
  })

  it('G4: every response carries x-chain-rpc-version <year>.<minor>.<patch>, errors included', async () => {
    const answers = [
      await postGraphql(url, '{ chainIdentifier }'),
      await postGraphql(url, '{ events(first: 1, last: 1) { nodes { json } } }'),
      await postGraphql(url, '{ nope }'),
      await postRaw(url, 'not json'),
      await postGraphql(url, '{ chainIdentifier }', undefined, { 'x-chain-rpc-version': '1999.1' }),
      await postRaw(
        mock.rpcUrl,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chainx_queryEvents', params: [{ All: [] }, null, 1, false] }),
      ),
      await postRaw(url.replace('/graphql', '/nowhere'), '{}'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 421, 200, 404])
    for (const answer of answers) expect(answer.headers.get('x-chain-rpc-version')).toMatch(/^\d{4}\.\d+\.\d+$/)
    expect(answers[3]?.headers.get('content-type')).toContain('text/plain')
  })

  it('G5: variables of scalar, enum and input types; named fragments and inline fragments', async () => {
    const query = `query Q($filter: EventFilter, $kind: TransactionBlockKindInput, $n: Int) {
      events(first: $n, filter: $filter) { ...Page nodes { ... on Event { json } } }
      transactionBlocks(first: $n, filter: { kind: $kind }) { nodes { digest } }
    }
    fragment Page on EventConnection { pageInfo { hasNextPage } }`
    const answer = await postGraphql(url, query, { filter: { eventType: BUMPED }, kind: 'PROGRAMMABLE_TX', n: 1 })
    expect(answer.json.errors).toBeUndefined()
    expect(answer.json.data.events).toEqual({ pageInfo: { hasNextPage: true }, nodes: [{ json: { value: '0', who: SENDER_A } }] })
    expect(answer.json.data.transactionBlocks.nodes).toHaveLength(1)
  })

  it('P1: a connection has pageInfo (hasNextPage, hasPreviousPage, startCursor, endCursor), nodes and edges {node cursor}', async () => {
    const answer = await postGraphql(url, EVENTS_QUERY, { first: 2 })
    const events = answer.json.data.events
    expect(Object.keys(events.pageInfo).sort()).toEqual(['endCursor', 'hasNextPage', 'hasPreviousPage', 'startCursor'])
    expect(events.edges).toHaveLength(2)
    expect(events.edges[0].node).toEqual(events.nodes[0])
    expect(events.pageInfo.startCursor).toBe(events.edges[0].cursor)
    expect(events.pageInfo.endCursor).toBe(events.edges[1].cursor)
  })

  it('P3: bounds first, then limit (first 3 -> R0-R2, last 3 -> R7-R9)', async () => {
    const first = await postGraphql(url, EVENTS_QUERY, { first: 3 })
    expect(values(first)).toEqual(['0', '1', '2'])
    expect(first.json.data.events.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true })
    const last = await postGraphql(url, EVENTS_QUERY, { last: 3 })
    expect(values(last)).toEqual(['7', '8', '9'])
    expect(last.json.data.events.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false })
    // Exclusive bounds R2 < x < R8 give R3..R7; then first 2 / last 2.
    const all = await postGraphql(url, EVENTS_QUERY, { first: 10 })
    const cursors = all.json.data.events.edges.map((edge: { cursor: string }) => edge.cursor)
    const between = { after: cursors[2], before: cursors[8] }
    expect(values(await postGraphql(url, EVENTS_QUERY, { ...between, first: 2 }))).toEqual(['3', '4'])
    expect(values(await postGraphql(url, EVENTS_QUERY, { ...between, last: 2 }))).toEqual(['6', '7'])
    const inner = await postGraphql(url, EVENTS_QUERY, { ...between, first: 10 })
    expect(values(inner)).toEqual(['3', '4', '5', '6', '7'])
    expect(inner.json.data.events.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true })
    const tail = await postGraphql(url, EVENTS_QUERY, { after: cursors[6], first: 5 })
    expect(values(tail)).toEqual(['7', '8', '9'])
    expect(tail.json.data.events.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false })
  })

  it('P4: first/last up to maxPageSize (50) are accepted, neither gives defaultPageSize (20), first: 0 is an empty page', async () => {
    expect(values(await postGraphql(url, EVENTS_QUERY, { first: 50 }))).toHaveLength(10)
    expect(values(await postGraphql(url, EVENTS_QUERY, { last: 50 }))).toHaveLength(10)
    const empty = await postGraphql(url, EVENTS_QUERY, { first: 0 })
    expect(empty.json.data.events).toEqual({
      pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null },
      edges: [],
      nodes: [],
    })
  })

  it('P5: first and last together -> error (E3 shape: data null, locations, path, BAD_USER_INPUT)', async () => {
    const answer = await postGraphql(url, '{\n  events(first: 1, last: 1) { nodes { json } }\n}')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      data: null,
      errors: [
        {
          message: "'first' and 'last' must not be used together",
          locations: [{ line: 2, column: 3 }],
          path: ['events'],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    })
  })

  it('E4: first or last over maxPageSize -> "Connection\'s page size of 51 exceeds max of 50"', async () => {
    for (const args of [{ first: 51 }, { last: 51 }]) {
      const answer = await postGraphql(url, EVENTS_QUERY, args)
      expect(answer.json.data).toBeNull()
      expect(answer.json.errors).toEqual([
        expect.objectContaining({
          message: "Connection's page size of 51 exceeds max of 50",
          path: ['events'],
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ])
    }
  })

  it('V1: cursors are opaque base64url (no padding) JSON holding the checkpoint c, never plain numbers', async () => {
    const answer = await postGraphql(url, EVENTS_QUERY, { first: 3 })
    for (const edge of answer.json.data.events.edges) {
      expect(edge.cursor).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(edge.cursor).not.toMatch(/^\d+$/)
      const fields = decodeCursor(edge.cursor)
      expect(fields).toEqual({ tx: expect.any(Number), e: 0, c: mock.network.ledger.latestCheckpoint.sequenceNumber })
    }
    const invalid = await postGraphql(url, EVENTS_QUERY, { first: 1, after: '42' })
    expect(invalid.json.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Invalid cursor/),
      extensions: { code: 'BAD_USER_INPUT' },
    })
  })

  it('O6: availableRange gives first and last checkpoint sequence numbers', async () => {
    const answer = await postGraphql(url, '{ availableRange { first { sequenceNumber } last { sequenceNumber } } }')
    expect(answer.json.data.availableRange).toEqual({ first: { sequenceNumber: 0 }, last: { sequenceNumber: 10 } })
  })

  it('O7: serviceConfig has the 12 limits with the real service defaults', async () => {
    const answer = await postGraphql(
      url,
      '{ serviceConfig { maxQueryDepth maxQueryNodes maxOutputNodes maxDbQueryCost defaultPageSize maxPageSize requestTimeoutMs maxQueryPayloadSize maxTypeArgumentDepth maxTypeArgumentWidth maxTypeNodes maxMoveValueDepth } }',
    )
    expect(answer.json.data.serviceConfig).toEqual({
      maxQueryDepth: 20,
      maxQueryNodes: 300,
      maxOutputNodes: 100000,
      maxDbQueryCost: 20000,
      defaultPageSize: 20,
      maxPageSize: 50,
      requestTimeoutMs: 40000,
      maxQueryPayloadSize: 5000,
      maxTypeArgumentDepth: 16,
      maxTypeArgumentWidth: 32,
      maxTypeNodes: 256,
      maxMoveValueDepth: 128,
    })
  })

  it('O8: an Event has sendingModule{name package{digest}}, type{repr}, sender{address}, timestamp, json, bcs', async () => {
    const answer = await postGraphql(
      url,
      '{ events(first: 1) { nodes { sendingModule { name package { address digest } } type { repr } sender { address } timestamp json bcs } } }',
    )
    const node = answer.json.data.events.nodes[0]
    const checkpoint = mock.network.ledger.checkpoint(1)
    expect(node).toEqual({
      sendingModule: { name: 'counter', package: { address: COUNTER_PKG, digest: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/) } },
      type: { repr: BUMPED },
      sender: { address: SENDER_A },
      timestamp: new Date(checkpoint?.timestampMs ?? 0).toISOString(),
      json: { value: '0', who: SENDER_A },
      bcs: toBase64(
        bcs
          .struct('Bumped', { value: bcs.u64(), who: bcs.bytes(32) })
          .serialize({ value: 0n, who: bcs.bytes(32).parse(Buffer.from(SENDER_A.slice(2), 'hex')) })
          .toBytes(),
      ),
    })
    expect(node.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('E1: a declared but unused variable fails, worded as the real service (named and anonymous), no code', async () => {
    const named = await postGraphql(url, 'query Op($x: Int) { chainIdentifier }', { x: 1 })
    expect(named.json).toEqual({
      data: null,
      errors: [{ message: 'Variable "$x" is not used by operation "Op"', locations: [{ line: 1, column: 10 }] }],
    })
    const anonymous = await postGraphql(url, 'query ($x: Int) { chainIdentifier }')
    expect(anonymous.json.errors).toEqual([{ message: 'Variable "$x" is not used', locations: [{ line: 1, column: 8 }] }])
    expect(anonymous.json.data).toBeNull()
  })

  it("E2: a used or declared variable without a value fails with graphql-js's message", async () => {
    const answer = await postGraphql(url, 'query Q($address: SuiAddress!) { object(address: $address) { address } }', {})
    expect(answer.json.data).toBeNull()
    expect(answer.json.errors).toEqual([
      { message: 'Variable "$address" of required type "SuiAddress!" was not provided.', locations: [{ line: 1, column: 9 }] },
    ])
    const undeclared = await postGraphql(url, '{ object(address: $address) { address } }')
    expect(undeclared.json.data).toBeNull()
    expect(undeclared.json.errors[0].message).toBe('Variable "$address" is not defined.')
  })
})

describe('mock GraphQL over sockets: generated dataset', () => {
  let mock: RunningMockNetwork
  let url: string

  useMockNetwork({ events: 300, seed: 11, dataset: { checkpointsPerEpoch: 20 } }, async (started) => {
    mock = started
    url = mock.graphqlUrl
  })

  it('O1: epoch(id) gives referenceGasPrice as a string and a transactionBlocks connection taking first', async () => {
    const latest = await postGraphql(url, '{ epoch { epochId referenceGasPrice transactionBlocks(first: 3) { nodes { digest } } } }')
    const epochs = mock.network.ledger.epochs
    expect(epochs.length).toBeGreaterThan(2)
    const last = epochs[epochs.length - 1]
    expect(latest.json.data.epoch.epochId).toBe(last?.epochId)
    expect(latest.json.data.epoch.referenceGasPrice).toBe(String(last?.referenceGasPrice))
    const first = await postGraphql(
      url,
      'query($id: UInt53) { epoch(id: $id) { epochId referenceGasPrice transactionBlocks(first: 3) { nodes { digest } } } }',
      { id: 0 },
    )
    expect(first.json.data.epoch.epochId).toBe(0)
    expect(first.json.data.epoch.referenceGasPrice).toBe('1000')
    const txs = mock.network.ledger.transactions.filter((tx) => tx.epoch === 0).slice(0, 3)
    expect(first.json.data.epoch.transactionBlocks.nodes).toEqual(txs.map((tx) => ({ digest: tx.digest })))
  })

  it('O2: a TransactionBlock has digest, sender, effects.gasEffects.gasObject.address and gasInput {gasPrice gasBudget}', async () => {
    const tx = mock.network.ledger.transactions[5]
    const answer = await postGraphql(
      url,
      'query($d: String!) { transactionBlock(digest: $d) { digest sender { address } effects { gasEffects { gasObject { address } } } gasInput { gasPrice gasBudget } } }',
      { d: tx?.digest },
    )
    expect(answer.json.data.transactionBlock).toEqual({
      digest: tx?.digest,
      sender: { address: tx?.sender },
      effects: { gasEffects: { gasObject: { address: tx?.gasObject } } },
      gasInput: { gasPrice: String(tx?.gasPrice), gasBudget: String(tx?.gasBudget) },
    })
  })

  it('O3, O4, O5: object.dynamicField(name {type, bcs}) gives name and value as MoveValue or MoveObject with __typename', async () => {
    const registry = mock.network.dataset?.registry
    const query = `query($a: SuiAddress!, $name: DynamicFieldName!) { object(address: $a) { dynamicField(name: $name) {
      name { type { repr } data bcs }
      value { __typename ... on MoveValue { type { repr } data bcs } ... on MoveObject { address contents { type { repr } data bcs } } } } } }`
    const u64 = (n: bigint) => toBase64(bcs.u64().serialize(n).toBytes())
    const plain = await postGraphql(url, query, { a: registry, name: { type: 'u64', bcs: u64(2n) } })
    expect(plain.json.data.object.dynamicField).toEqual({
      name: { type: { repr: 'u64' }, data: { Number: '2' }, bcs: u64(2n) },
      value: { __typename: 'MoveValue', type: { repr: 'u64' }, data: { Number: '2000' }, bcs: u64(2000n) },
    })
    const bytesName = toBase64(
      bcs
        .vector(bcs.u8())
        .serialize([...Buffer.from('alpha')])
        .toBytes(),
    )
    const vector = await postGraphql(url, query, { a: registry, name: { type: 'vector<u8>', bcs: bytesName } })
    expect(vector.json.data.object.dynamicField.value).toEqual({
      __typename: 'MoveValue',
      type: { repr: 'bool' },
      data: { Bool: true },
      bcs: 'AQ==',
    })
    const objectField = await postGraphql(url, query, { a: registry, name: { type: 'u64', bcs: u64(100n) } })
    const value = objectField.json.data.object.dynamicField.value
    expect(value.__typename).toBe('MoveObject')
    expect(value.address).toBe(mock.network.dataset?.registryChild)
    expect(value.contents.type.repr).toMatch(/::registry::Item$/)
    expect(value.contents.data.Struct[0]).toEqual({ name: 'id', value: { UID: [...Buffer.from(value.address.slice(2), 'hex')] } })
    const missing = await postGraphql(url, query, { a: registry, name: { type: 'u64', bcs: u64(99n) } })
    expect(missing.json.data.object.dynamicField).toBeNull()
  })

  it('O9: events filter by eventType (package, module, full type, generic with and without type args) and sender', async () => {
    const ledger = mock.network.ledger
    const dataset = mock.network.dataset
    if (!dataset) throw new Error('dataset expected')
    const count = async (filter: Record<string, unknown>): Promise<number> => {
      let total = 0
      let after: string | null = null
      for (let page = 0; page < 50; page++) {
        const answer = await postGraphql(url, EVENTS_QUERY, { first: 50, after, filter })
        expect(answer.json.errors).toBeUndefined()
        total += answer.json.data.events.nodes.length
        if (!answer.json.data.events.pageInfo.hasNextPage) break
        after = answer.json.data.events.pageInfo.endCursor
      }
      return total
    }
    const reward = dataset.game.eventTypes.Reward as string
    const sui = `${reward}<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>`
    const cases: [Record<string, unknown>, (type: string, sender: string, module: string) => boolean][] = [
      [{ eventType: dataset.market.package }, (type) => type.startsWith(`${dataset.market.package}::`)],
      [{ eventType: `${dataset.market.package}::vault` }, (type) => type.startsWith(`${dataset.market.package}::vault::`)],
      [{ eventType: dataset.market.eventTypes.Sold as string }, (type) => type === dataset.market.eventTypes.Sold],
      [{ eventType: reward }, (type) => type.startsWith(`${reward}<`)],
      [{ eventType: `${reward}<0x2::sui::SUI>` }, (type) => type === sui],
      [{ sender: dataset.senders[0] }, (_type, sender) => sender === dataset.senders[0]],
      [{ emittingModule: `${dataset.market.package}::market` }, (_type, _sender, module) => module === 'market'],
      [
        { sender: dataset.senders[1], eventType: dataset.game.package },
        (type, sender) => sender === dataset.senders[1] && type.startsWith(dataset.game.package),
      ],
    ]
    for (const [filter, predicate] of cases) {
      const expected = ledger.events.filter((event) => predicate(event.type, event.sender, event.transactionModule)).length
      expect(expected, JSON.stringify(filter)).toBeGreaterThan(0)
      expect(await count(filter), JSON.stringify(filter)).toBe(expected)
    }
    const both = await postGraphql(url, '{\n  events(filter: { emittingModule: "0x2", eventType: "0x2" }) { nodes { json } }\n}')
    expect(both.json).toEqual({
      data: null,
      errors: [
        {
          message: 'Filtering by both emitting module and event type is not supported',
          locations: [{ line: 2, column: 3 }],
          path: ['events'],
          extensions: { code: 'BAD_USER_INPUT' },
        },
      ],
    })
  })

  it('P4: with neither first nor last the page holds defaultPageSize items', async () => {
    const answer = await postGraphql(
      url,
      '{ events { nodes { json } } checkpoints { nodes { sequenceNumber } } transactionBlocks { nodes { digest } } }',
    )
    expect(answer.json.data.events.nodes).toHaveLength(20)
    expect(answer.json.data.checkpoints.nodes).toHaveLength(20)
    expect(answer.json.data.transactionBlocks.nodes).toHaveLength(20)
  })

  it('L5: the usage extension reports the real counting (fragments, inline fragments, output-node multiplicity)', async () => {
    const usage = async (query: string) =>
      (await postGraphql(url, query, undefined, { 'x-chain-rpc-show-usage': '1' })).json.extensions.usage
    expect(
      await usage(`{ fragmentSpread: transactionBlocks { ...Nodes } inlineFragment: transactionBlocks { ... on TransactionBlockConnection { nodes { digest } } } }
      fragment Nodes on TransactionBlockConnection { nodes { digest } }`),
    ).toMatchObject({ inputNodes: 8, depth: 4, fragments: 1 })
    expect((await usage('{ transactionBlocks(first: 20) { pageInfo { hasPreviousPage } } }')).outputNodes).toBe(3)
    expect((await usage('{ transactionBlocks { edges { node { digest } } } }')).outputNodes).toBe(42)
    expect((await usage('{ checkpoints { nodes { transactionBlocks { edges { txns: node { digest } } } } } }')).outputNodes).toBe(842)
    expect((await usage('{ transactionBlocks(first: 1) { edges { txns: node { digest } } } }')).outputNodes).toBe(4)
    const both = await postGraphql(url, '{ transactionBlocks(first: 20, last: 30) { edges { node { digest } } } }', undefined, {
      'x-chain-rpc-show-usage': '',
    })
    expect(Object.keys(both.json)).toEqual(['data', 'extensions', 'errors'])
    expect(both.json.extensions.usage.outputNodes).toBe(62)
    const withVariables = await postGraphql(
      url,
      'query($n: Int) { events(first: $n) { nodes { json } } }',
      { n: 5 },
      { 'x-chain-rpc-show-usage': '1' },
    )
    expect(withVariables.json.extensions.usage).toMatchObject({ variables: 1, outputNodes: 1 + 1 + 5 })
  })

  it('O1: epoch.transactionBlocks and checkpoint.transactionBlocks are scoped to their epoch and checkpoint', async () => {
    const ledger = mock.network.ledger
    const epochOne = ledger.transactions.filter((tx) => tx.epoch === 1)
    const answer = await postGraphql(
      url,
      '{ epoch(id: 1) { transactionBlocks(last: 2) { nodes { digest } } } checkpoint(id: { sequenceNumber: 3 }) { transactionBlocks { nodes { digest } } } }',
    )
    expect(answer.json.data.epoch.transactionBlocks.nodes).toEqual(epochOne.slice(-2).map((tx) => ({ digest: tx.digest })))
    expect(answer.json.data.checkpoint.transactionBlocks.nodes).toEqual(
      ledger.transactions.filter((tx) => tx.checkpoint === 3).map((tx) => ({ digest: tx.digest })),
    )
  })
})

describe('mock GraphQL: consistency, stale cursors and limits', () => {
  it("P6: later pages read the first page's checkpoint even when newer events exist (nested fields too)", async () => {
    const mock = await startMockNetwork({ events: 0 })
    try {
      publishCounter(mock)
      bump(mock, 4)
      const url = mock.graphqlUrl
      const page1 = await postGraphql(url, EVENTS_QUERY, { first: 2 })
      bump(mock, 3, 100, SENDER_B)
      const page2 = await postGraphql(url, EVENTS_QUERY, { first: 10, after: page1.json.data.events.pageInfo.endCursor })
      expect(values(page2)).toEqual(['2', '3'])
      expect(page2.json.data.events.pageInfo.hasNextPage).toBe(false)
      const fresh = await postGraphql(url, EVENTS_QUERY, { first: 10 })
      expect(values(fresh)).toEqual(['0', '1', '2', '3', '100', '101', '102'])
      // Nested: checkpoint nodes read at the pinned checkpoint do not see later transactions.
      const cps = await postGraphql(url, '{ checkpoints(first: 2) { pageInfo { endCursor } } }')
      mock.network.advance(2)
      const later = await postGraphql(url, 'query($a: String) { checkpoints(first: 50, after: $a) { nodes { sequenceNumber } } }', {
        a: cps.json.data.checkpoints.pageInfo.endCursor,
      })
      expect(later.json.data.checkpoints.nodes.at(-1).sequenceNumber).toBe(7)
      expect(mock.network.ledger.latestCheckpoint.sequenceNumber).toBe(9)
    } finally {
      await mock.close()
    }
  })

  it('P7: after and before from different checkpoints -> error (E5)', async () => {
    const mock = await startMockNetwork({ events: 0 })
    try {
      publishCounter(mock)
      bump(mock, 5)
      const url = mock.graphqlUrl
      const early = await postGraphql(url, EVENTS_QUERY, { first: 1 })
      bump(mock, 1, 5)
      const late = await postGraphql(url, EVENTS_QUERY, { last: 1 })
      const answer = await postGraphql(url, EVENTS_QUERY, {
        after: early.json.data.events.pageInfo.endCursor,
        before: late.json.data.events.pageInfo.startCursor,
      })
      expect(answer.json.data).toBeNull()
      expect(answer.json.errors).toEqual([
        expect.objectContaining({
          message: 'The provided cursors are taken from different checkpoints and cannot be used together in the same query.',
          path: ['events'],
          extensions: { code: 'BAD_USER_INPUT' },
        }),
      ])
    } finally {
      await mock.close()
    }
  })

  it('P8: a cursor whose checkpoint left availableRange is stale (E6, L4: the range moves with pruning)', async () => {
    const mock = await startMockNetwork({ events: 0, retention: 5 })
    try {
      publishCounter(mock)
      bump(mock, 3)
      const url = mock.graphqlUrl
      const range = async () =>
        (await postGraphql(url, '{ availableRange { first { sequenceNumber } last { sequenceNumber } } }')).json.data.availableRange
      expect(await range()).toEqual({ first: { sequenceNumber: 0 }, last: { sequenceNumber: 3 } })
      const page = await postGraphql(url, EVENTS_QUERY, { first: 1 })
      mock.network.advance(4)
      expect(await range()).toEqual({ first: { sequenceNumber: 3 }, last: { sequenceNumber: 7 } })
      const stillOk = await postGraphql(url, EVENTS_QUERY, { first: 5, after: page.json.data.events.pageInfo.endCursor })
      expect(stillOk.json.errors).toBeUndefined()
      mock.network.advance(1)
      const stale = await postGraphql(
        url,
        '{\n  events(first: 1, after: "' + page.json.data.events.pageInfo.endCursor + '") { nodes { json } }\n}',
      )
      expect(stale.json).toEqual({
        data: null,
        errors: [
          {
            message: 'Requested data is outside the available range',
            locations: [{ line: 2, column: 3 }],
            path: ['events'],
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      })
      expect(mock.network.ledger.events.every((event) => event.checkpoint >= 4)).toBe(true)
    } finally {
      await mock.close()
    }
  })

  it('E7, L2: depth, node, output-node and payload limits reject the query with the real wording and no usage', async () => {
    const mock = await startMockNetwork({
      events: 0,
      limits: { maxQueryDepth: 3, maxQueryNodes: 5, maxOutputNodes: 100, maxQueryPayloadSize: 400, maxTransactionPayloadSize: 1000 },
    })
    try {
      const url = mock.graphqlUrl
      const usage = { 'x-chain-rpc-show-usage': 'true' }
      const deep = await postGraphql(
        url,
        '{\n  epoch {\n    checkpoints {\n      nodes {\n        digest\n      }\n    }\n  }\n}',
        undefined,
        usage,
      )
      expect(deep.json).toEqual({
        data: null,
        errors: [{ message: 'Query nesting is over 3', locations: [{ line: 5, column: 9 }], extensions: { code: 'BAD_USER_INPUT' } }],
      })
      const wideQuery =
        '{ a: chainIdentifier b: chainIdentifier c: chainIdentifier d: chainIdentifier e: chainIdentifier f: chainIdentifier }'
      const wide = await postGraphql(url, wideQuery, undefined, usage)
      expect(wide.json).toEqual({
        data: null,
        errors: [
          {
            message: 'Query has over 5 nodes',
            locations: [{ line: 1, column: wideQuery.indexOf('f:') + 1 }],
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      })
      const output = await postGraphql(url, '{ events(first: 50) { nodes { json bcs } } }', undefined, usage)
      expect(output.json).toEqual({
        data: null,
        errors: [{ message: 'Estimated output nodes exceeds 100', extensions: { code: 'BAD_USER_INPUT' } }],
      })
      const big = `{ chainIdentifier ${' '.repeat(400)}}`
      const payload = await postGraphql(url, big, undefined, usage)
      const bytes = Buffer.byteLength(JSON.stringify({ query: big }))
      expect(payload.json).toEqual({
        data: null,
        errors: [
          {
            message: `Query part too large: ${bytes} bytes. Requests are limited to 1000 bytes or fewer on transaction payloads (all inputs to executeTransactionBlock or dryRunTransactionBlock) and the rest of the request (the query part) must be 400 bytes or fewer.`,
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      })
      const config = await postGraphql(url, '{ serviceConfig { maxQueryDepth maxQueryNodes maxOutputNodes maxQueryPayloadSize } }')
      expect(config.json.data.serviceConfig).toEqual({ maxQueryDepth: 3, maxQueryNodes: 5, maxOutputNodes: 100, maxQueryPayloadSize: 400 })
    } finally {
      await mock.close()
    }
  })

  it('L3: defaultPageSize and maxPageSize are configurable and enforced', async () => {
    const mock = await startMockNetwork({ events: 0, limits: { defaultPageSize: 3, maxPageSize: 4 } })
    try {
      publishCounter(mock)
      bump(mock, 6)
      expect(values(await postGraphql(mock.graphqlUrl, EVENTS_QUERY, {}))).toEqual(['0', '1', '2'])
      const tooBig = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 5 })
      expect(tooBig.json.errors[0].message).toBe("Connection's page size of 5 exceeds max of 4")
      // before alone pages from the back with the default size, as the real service.
      const all = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { first: 4 })
      const lastCursor = all.json.data.events.edges[3].cursor
      expect(values(await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { before: lastCursor }))).toEqual(['0', '1', '2'])
    } finally {
      await mock.close()
    }
  })
})

describe('event emission as Move code does it', () => {
  it('M1: event::emit fields become json (u64/u128 as strings), the type name type, the tx sender sender; bcs is real BCS', async () => {
    const mock = await startMockNetwork({ events: 0 })
    try {
      const module = publishCounter(mock)
      const result = mock.network.execute({
        sender: SENDER_B,
        module: 'counter',
        function: 'wrap',
        emit: [
          { struct: 'Bumped', fields: { value: 18446744073709551615n, who: SENDER_A } },
          { struct: 'Wrapped', typeArguments: ['0x2::sui::SUI'], fields: { amount: 2n ** 100n } },
        ],
      })
      expect(module.eventTypes.Bumped).toBe(BUMPED)
      const [bumped, wrapped] = result.events
      expect(bumped).toMatchObject({
        id: { txDigest: result.digest, eventSeq: '0' },
        packageId: COUNTER_PKG,
        transactionModule: 'counter',
        sender: SENDER_B,
        type: BUMPED,
        parsedJson: { value: '18446744073709551615', who: SENDER_A },
        timestampMs: String(mock.network.ledger.latestCheckpoint.timestampMs),
      })
      expect(wrapped).toMatchObject({
        id: { eventSeq: '1' },
        type: `${COUNTER_PKG}::counter::Wrapped<0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI>`,
        parsedJson: { amount: String(2n ** 100n) },
      })
      const decoded = bcs.struct('Bumped', { value: bcs.u64(), who: bcs.bytes(32) }).parse(fromBase64(bumped?.bcs ?? ''))
      expect(decoded.value).toBe('18446744073709551615')
      expect(`0x${Buffer.from(decoded.who).toString('hex')}`).toBe(SENDER_A)
      expect(() =>
        mock.network.execute({ sender: SENDER_A, module: 'counter', emit: [{ struct: 'Bumped', fields: { value: -1 } }] }),
      ).toThrow()
      expect(mock.network.ledger.events).toHaveLength(2)
    } finally {
      await mock.close()
    }
  })

  it('M2: emission makes the event available to GraphQL queries, onEvents listeners and JSON-RPC', async () => {
    const mock = await startMockNetwork({ events: 0 })
    try {
      publishCounter(mock)
      const seen: string[] = []
      const stop = mock.network.ledger.onEvents((events) => seen.push(...events.map((event) => event.type)))
      const [result] = bump(mock, 1, 41)
      stop()
      expect(seen).toEqual([BUMPED])
      const answer = await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { filter: { transactionDigest: result?.digest } })
      expect(values(answer)).toEqual(['41'])
      const rpc = await postRaw(
        mock.rpcUrl,
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chainx_queryEvents', params: [{ Transaction: result?.digest }, null, 10, false] }),
      )
      expect(rpc.json.result.data.map((event: { parsedJson: unknown }) => event.parsedJson)).toEqual([{ value: '41', who: SENDER_A }])
    } finally {
      await mock.close()
    }
  })
})

describe('other connections and lookups', () => {
  let mock: RunningMockNetwork

  useMockNetwork({ events: 120, seed: 13 }, async (started) => {
    mock = started
  })

  it('P3: object.dynamicFields pages the fields in order with exclusive cursors', async () => {
    const query =
      'query($a: SuiAddress!, $first: Int, $after: String) { object(address: $a) { dynamicFields(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { name { type { repr } json } value { __typename } } } } }'
    const a = mock.network.dataset?.registry
    const first = await postGraphql(mock.graphqlUrl, query, { a, first: 10 })
    const page1 = first.json.data.object.dynamicFields
    expect(page1.nodes.map((node: { name: { json: unknown } }) => node.name.json)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ])
    expect(page1.pageInfo.hasNextPage).toBe(true)
    const second = await postGraphql(mock.graphqlUrl, query, { a, first: 10, after: page1.pageInfo.endCursor })
    const page2 = second.json.data.object.dynamicFields
    expect(
      page2.nodes.map((node: { name: { type: { repr: string } }; value: { __typename: string } }) => [
        node.name.type.repr,
        node.value.__typename,
      ]),
    ).toEqual([
      ['vector<u8>', 'MoveValue'],
      ['vector<u8>', 'MoveValue'],
      ['u64', 'MoveObject'],
    ])
    expect(page2.pageInfo.hasNextPage).toBe(false)
  })

  it('O2: transactionBlocks filter by sentAddress, function, checkpoints and transactionIds', async () => {
    const ledger = mock.network.ledger
    const dataset = mock.network.dataset
    if (!dataset) throw new Error('dataset expected')
    const query = 'query($filter: TransactionBlockFilter) { transactionBlocks(first: 50, filter: $filter) { nodes { digest } } }'
    const digests = async (filter: Record<string, unknown>) =>
      (await postGraphql(mock.graphqlUrl, query, { filter })).json.data.transactionBlocks.nodes.map(
        (node: { digest: string }) => node.digest,
      )
    const sender = dataset.senders[2] as string
    expect(await digests({ sentAddress: sender })).toEqual(
      ledger.transactions
        .filter((tx) => tx.sender === sender)
        .slice(0, 50)
        .map((tx) => tx.digest),
    )
    const fn = `${dataset.market.package}::market::buy`
    expect(await digests({ function: fn })).toEqual(
      ledger.transactions
        .filter((tx) => tx.call.module === 'market' && tx.call.function === 'buy')
        .slice(0, 50)
        .map((tx) => tx.digest),
    )
    expect(await digests({ afterCheckpoint: 3, beforeCheckpoint: 6 })).toEqual(
      ledger.transactions.filter((tx) => tx.checkpoint > 3 && tx.checkpoint < 6).map((tx) => tx.digest),
    )
    const picked = [ledger.transactions[9], ledger.transactions[2]].map((tx) => tx?.digest)
    expect(await digests({ transactionIds: picked })).toEqual([picked[1], picked[0]])
    expect(await digests({ kind: 'SYSTEM_TX' })).toEqual([])
  })

  it('O6: checkpoint(id) by sequence number or digest; both at once is an error', async () => {
    const checkpoint = mock.network.ledger.checkpoint(4)
    const bySeq = await postGraphql(
      mock.graphqlUrl,
      '{ checkpoint(id: { sequenceNumber: 4 }) { digest sequenceNumber previousCheckpointDigest epoch { epochId } } }',
    )
    expect(bySeq.json.data.checkpoint).toEqual({
      digest: checkpoint?.digest,
      sequenceNumber: 4,
      previousCheckpointDigest: mock.network.ledger.checkpoint(3)?.digest,
      epoch: { epochId: checkpoint?.epoch },
    })
    const byDigest = await postGraphql(mock.graphqlUrl, 'query($d: String) { checkpoint(id: { digest: $d }) { sequenceNumber } }', {
      d: checkpoint?.digest,
    })
    expect(byDigest.json.data.checkpoint).toEqual({ sequenceNumber: 4 })
    const both = await postGraphql(
      mock.graphqlUrl,
      'query($d: String) { checkpoint(id: { digest: $d, sequenceNumber: 4 }) { sequenceNumber } }',
      { d: checkpoint?.digest },
    )
    expect(both.json.errors[0]).toMatchObject({
      message: 'Provide one of digest or sequence_number, not both',
      extensions: { code: 'BAD_USER_INPUT' },
    })
  })

  it('E7: directives other than @include and @skip are rejected', async () => {
    const answer = await postGraphql(mock.graphqlUrl, '{ chainIdentifier @deprecated }')
    expect(answer.json.data).toBeNull()
    expect(answer.json.errors[0]).toMatchObject({
      message: 'Directive `@deprecated` is not supported. Supported directives are `@include`, `@skip`',
      extensions: { code: 'BAD_USER_INPUT' },
    })
    expect((await postGraphql(mock.graphqlUrl, '{ chainIdentifier @skip(if: true) }')).json).toEqual({ data: {} })
  })
})

describe('type limits', () => {
  it('L2: eventType filters respect maxTypeArgumentDepth / maxTypeArgumentWidth; malformed ones are invalid filters', async () => {
    await withMockNetwork({ events: 0, limits: { maxTypeArgumentDepth: 1, maxTypeArgumentWidth: 2 } }, async (mock) => {
      const run = async (eventType: string) => (await postGraphql(mock.graphqlUrl, EVENTS_QUERY, { filter: { eventType } })).json
      expect((await run('0x2::m::S<u8, u64>')).errors).toBeUndefined()
      expect((await run('0x2::m::S<u8, u64, bool>')).errors[0]).toMatchObject({
        message: 'Type argument width exceeds max of 2',
        extensions: { code: 'BAD_USER_INPUT' },
      })
      expect((await run('0x2::m::S<0x2::m::T<u8>>')).errors[0]).toMatchObject({ message: 'Type argument nesting exceeds max of 1' })
      const invalid = (await run('not a type')).errors[0]
      expect(invalid.message).toBe(
        'Failed to parse "String": Invalid filter, expected: package[::module[::type[<type_params>]]] or primitive type (occurred while parsing "EventFilter")',
      )
      expect(invalid.extensions).toBeUndefined()
    })
  })
})
