// The per-request path of graphql.query: once the chunk of checks has loaded and the limits are
// known, a query is checked and handed to the transport in the same turn (no await between the
// call and the request), and the body's UTF-8 length is still exact when the document's part
// of it is counted once and reused.
import { describe, expect, it } from 'vitest'
import { createGraphQLClient } from '../../src/graphql/createGraphQLClient.js'
import type { Transport, TransportRequest } from '../../src/transport/createTransport.js'

const CONFIG = '{"data":{"serviceConfig":{"maxPageSize":50,"defaultPageSize":20,"maxQueryDepth":20,"maxQueryPayloadSize":5000}}}'

/** A transport answering each request at once with `answer(body)`, recording the bodies it was given. */
function recordingTransport(answer: (body: string) => string) {
  const bodies: string[] = []
  const transport: Transport = {
    request<T>(request: TransportRequest<T>): Promise<T> {
      bodies.push(request.body)
      return Promise.resolve().then(() =>
        request.parse({ status: 200, headers: { 'x-chain-rpc-version': '2025.3.0' }, body: answer(request.body) }, request.url),
      )
    },
  }
  return { transport, bodies }
}

const answer = (body: string) => (body.includes('serviceConfig') ? CONFIG : '{"data":{"chainIdentifier":"4c78adac"}}')

describe('graphql.query per request', () => {
  it('after the first query, a query reaches the transport in the same turn (limits fetched from serviceConfig)', async () => {
    const { transport, bodies } = recordingTransport(answer)
    const graphql = createGraphQLClient({ url: 'http://127.0.0.1:9/graphql', transport })
    await expect(graphql.query('query { chainIdentifier }')).resolves.toMatchObject({ data: { chainIdentifier: '4c78adac' } })
    expect(bodies).toHaveLength(2) // serviceConfig, then the query
    const pending = graphql.query('query { chainIdentifier }')
    expect(bodies).toHaveLength(3)
    await expect(pending).resolves.toMatchObject({ data: { chainIdentifier: '4c78adac' }, version: { raw: '2025.3.0' } })
    // Still checked before sending, in the same turn: a page over maxPageSize never reaches it.
    await expect(graphql.query('query Q($first: Int) { events(first: $first) { nodes { bcs } } }', { first: 51 })).rejects.toMatchObject({
      code: 'PAGE_SIZE_EXCEEDED',
    })
    expect(bodies).toHaveLength(3)
  })

  it('an aborted call with fetched limits fails as ABORTED before the checks, as the first query would', async () => {
    const { transport } = recordingTransport(answer)
    const graphql = createGraphQLClient({ url: 'http://127.0.0.1:9/graphql', transport })
    await graphql.query('query { chainIdentifier }')
    const controller = new AbortController()
    controller.abort()
    await expect(graphql.query('query Q($unused: Int) { chainIdentifier }', {}, { signal: controller.signal })).rejects.toMatchObject({
      code: 'ABORTED',
    })
  })

  it('E7/L2: the payload size counts the document once and the variables each time, exactly, non-ASCII in both', async () => {
    const text = 'query Q($s: SuiAddress) { events(filter: { sender: $s, type: "é€😀" }) { nodes { bcs } } }'
    const bytes = (s: string) => Buffer.byteLength(JSON.stringify({ query: text, variables: { s } }))
    const { transport, bodies } = recordingTransport(() => '{"data":{"events":{"nodes":[]}}}')
    const short = '😀'
    const long = '😀é€'.repeat(20)
    const graphql = createGraphQLClient({ url: 'http://127.0.0.1:9/graphql', transport, limits: { maxQueryPayloadSize: bytes(long) - 1 } })
    for (let round = 0; round < 2; round++) {
      await expect(graphql.query(text, { s: short })).resolves.toMatchObject({ data: { events: { nodes: [] } } })
      await expect(graphql.query(text, { s: long })).rejects.toMatchObject({
        code: 'QUERY_LIMIT',
        value: bytes(long),
        max: bytes(long) - 1,
      })
    }
    expect(bodies).toEqual([
      JSON.stringify({ query: text, variables: { s: short } }),
      JSON.stringify({ query: text, variables: { s: short } }),
    ])
    const exact = createGraphQLClient({ url: 'http://127.0.0.1:9/graphql', transport, limits: { maxQueryPayloadSize: bytes(long) } })
    await expect(exact.query(text, { s: long })).resolves.toBeDefined()
  })
})
