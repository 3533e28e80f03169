import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { type RunningMockNetwork } from '../../src/testing/index.js'
import { bump, postGraphql, publishCounter } from './mockNetworkClient.js'
import { useMockNetwork } from '../helpers/mockNetworkFixture.js'

// Where the mock used to differ from the real service (graphql-anchor 2.4, 2.2 step 4, 2.7 and
// the availableRange recording): each answered as the real service answers it.
let mock: RunningMockNetwork

useMockNetwork({ events: 0, retention: 3 }, async (started) => {
  mock = started
  publishCounter(mock)
  bump(mock, 2)
})

/** POSTs with node:http, which sends a header value's characters as Latin-1 bytes. */
function postWithRawHeader(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close', ...headers }, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end(body)
  })
}

describe('the mock answers as the real service does', () => {
  it('O9: an eventType the service cannot parse fails at the filter argument, path ["events"], with no code', async () => {
    const query = 'query Q($filter: EventFilter) {\n  events(first: 1, filter: $filter) { nodes { json } }\n}'
    const answer = await postGraphql(mock.graphqlUrl, query, { filter: { eventType: '0x2::coin::Coin<' } })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({
      data: null,
      errors: [
        {
          message:
            'Failed to parse "String": Invalid filter, expected: package[::module[::type[<type_params>]]] or primitive type (occurred while parsing "EventFilter")',
          locations: [{ line: 2, column: 28 }],
          path: ['events'],
        },
      ],
    })
    const literal = await postGraphql(mock.graphqlUrl, '{ events(filter: { eventType: "not a type" }) { nodes { json } } }')
    expect(literal.json.errors[0]).toMatchObject({ locations: [{ line: 1, column: 18 }], path: ['events'] })
    expect(literal.json.errors[0].extensions).toBeUndefined()
  })

  it('L2/L5: a page size that is not a 64-bit integer is estimated at defaultPageSize, usage reported, then fails on its type', async () => {
    const query = '{ transactionBlocks(first: 36893488147419103000) { edges { node { digest } } } }'
    const answer = await postGraphql(mock.graphqlUrl, query, undefined, { 'x-chain-rpc-show-usage': 'true' })
    expect(answer.json.data).toBeNull()
    expect(answer.json.extensions.usage).toMatchObject({ outputNodes: 1 + 1 + 20 + 20 })
    expect(answer.json.errors).toEqual([
      { message: 'Invalid value for argument "first", expected type "Int"', locations: [{ line: 1, column: 28 }] },
    ])
    // A u64 over the budget still fails on the estimate.
    const huge = await postGraphql(mock.graphqlUrl, '{ transactionBlocks(first: 18446744073709551615) { edges { node { digest } } } }')
    expect(huge.json.errors[0].message).toBe('Estimated output nodes exceeds 100000')
  })

  it('G2: a version header that is not UTF-8 is 400 "Not a UTF8 string."', async () => {
    const answer = await postWithRawHeader(mock.graphqlUrl, JSON.stringify({ query: '{ chainIdentifier }' }), {
      'x-chain-rpc-version': '2025.\u00ff',
    })
    expect(answer.status).toBe(400)
    expect(answer.json).toEqual({
      data: null,
      errors: [{ message: 'Failed to parse x-chain-rpc-version: Not a UTF8 string.', extensions: { code: 'BAD_REQUEST' } }],
    })
  })

  it('O6/P8: a checkpoint below availableRange.first still resolves by sequence number', async () => {
    mock.network.advance(5)
    const range = await postGraphql(mock.graphqlUrl, '{ availableRange { first { sequenceNumber } } }')
    const first = range.json.data.availableRange.first.sequenceNumber as number
    expect(first).toBeGreaterThan(1)
    const pruned = mock.network.ledger.checkpoint(1)!
    const answer = await postGraphql(mock.graphqlUrl, '{ checkpoint(id: { sequenceNumber: 1 }) { sequenceNumber digest } }')
    expect(answer.json).toEqual({ data: { checkpoint: { sequenceNumber: 1, digest: pruned.digest } } })
    expect(mock.network.ledger.checkpoints[0]?.sequenceNumber).toBe(first)
  })
})
