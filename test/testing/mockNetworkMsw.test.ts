import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient } from '../../src/index.js'
import { createMockNetwork, startMockNetwork, type RunningMockNetwork } from '../../src/testing/index.js'
import { mockNetworkHandlers, mockNetworkUrls } from '../../src/testing/msw.js'
import { EVENTS_QUERY, postRaw, type RawAnswer } from './mockNetworkClient.js'

const requests: { endpoint: 'graphql' | 'rpc'; body: string; headers?: Record<string, string> }[] = [
  { endpoint: 'graphql', body: JSON.stringify({ query: EVENTS_QUERY, variables: { first: 4 } }) },
  {
    endpoint: 'graphql',
    body: JSON.stringify({ query: EVENTS_QUERY, variables: { last: 3 } }),
    headers: { 'x-chain-rpc-show-usage': 'true' },
  },
  { endpoint: 'graphql', body: JSON.stringify({ query: '{ events(first: 1, last: 1) { nodes { json } } }' }) },
  { endpoint: 'graphql', body: JSON.stringify({ query: 'query Op($x: Int) { chainIdentifier }' }) },
  { endpoint: 'graphql', body: JSON.stringify({ query: '{ chainIdentifier }' }), headers: { 'x-chain-rpc-version': '1.2.3' } },
  { endpoint: 'graphql', body: 'not json' },
  { endpoint: 'rpc', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'chainx_queryEvents', params: [{ All: [] }, null, 3, true] }) },
  { endpoint: 'rpc', body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'nope', params: [] }) },
]

async function replay(urls: {
  graphqlUrl: string
  rpcUrl: string
}): Promise<{ status: number; body: string; version: string | null; type: string | null }[]> {
  const answers: RawAnswer[] = []
  for (const request of requests) {
    answers.push(await postRaw(request.endpoint === 'graphql' ? urls.graphqlUrl : urls.rpcUrl, request.body, request.headers))
  }
  return answers.map((answer) => ({
    status: answer.status,
    body: answer.text,
    version: answer.headers.get('x-chain-rpc-version'),
    type: answer.headers.get('content-type'),
  }))
}

describe('msw handlers', () => {
  const network = createMockNetwork({ events: 60, seed: 21 })
  const server = setupServer(...mockNetworkHandlers(network))
  let sockets: RunningMockNetwork

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' })
    sockets = await startMockNetwork({ events: 60, seed: 21 })
  })
  afterAll(async () => {
    server.close()
    await sockets.close()
  })

  it('msw: the handlers give exactly the responses of the socket server (same seed, same requests)', async () => {
    const viaMsw = await replay(mockNetworkUrls)
    const viaSockets = await replay(sockets)
    expect(viaMsw).toEqual(viaSockets)
    expect(viaMsw.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 400, 400, 200, 200])
    expect(JSON.parse(viaMsw[0]?.body ?? '{}').data.events.edges).toHaveLength(4)
  })

  it('msw: faults and new emissions apply to msw responses too', async () => {
    network.faults.badGatewayNext(1, { endpoint: 'graphql' })
    const faulted = await postRaw(mockNetworkUrls.graphqlUrl, JSON.stringify({ query: '{ chainIdentifier }' }))
    expect(faulted.status).toBe(502)
    expect(faulted.headers.get('x-chain-rpc-version')).toBe('2025.3.0')
    const dataset = network.dataset
    if (!dataset) throw new Error('dataset expected')
    const before = network.ledger.events.length
    network.execute({
      sender: dataset.senders[0] as string,
      package: dataset.counter.package,
      module: 'counter',
      function: 'increment',
      emit: [{ struct: 'Incremented', fields: { value: 5n, by: 1, tags: [] } }],
    })
    const answer = await postRaw(mockNetworkUrls.graphqlUrl, JSON.stringify({ query: EVENTS_QUERY, variables: { last: 1 } }))
    expect(answer.json.data.events.nodes).toEqual([{ json: { value: '5', by: 1, tags: [] } }])
    expect(network.ledger.events.length).toBe(before + 1)
  })

  it('msw: a connection reset is a network error, and a reset mid-body a body that fails after its status', async () => {
    const body = JSON.stringify({ query: EVENTS_QUERY, variables: { first: 3 } })
    network.faults.resetNext(1, { endpoint: 'graphql' }).resetNext(1, { endpoint: 'graphql', midBody: true })
    await expect(postRaw(mockNetworkUrls.graphqlUrl, body)).rejects.toThrow(TypeError)
    const response = await fetch(mockNetworkUrls.graphqlUrl, { method: 'POST', body, signal: AbortSignal.timeout(10_000) })
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow('connection reset')
    expect((await postRaw(mockNetworkUrls.graphqlUrl, body)).json.data.events.edges).toHaveLength(3)
  })

  it('msw: both resets reach the SDK as NETWORK errors, behind msw as over sockets', async () => {
    const client = new ChainxClient({ ...mockNetworkUrls, retry: false })
    for (const midBody of [false, true]) {
      network.faults.resetNext(1, { endpoint: 'rpc', midBody })
      await expect(client.events.query({ filter: { All: [] }, pageSize: 3 })).rejects.toMatchObject({ code: 'NETWORK' })
    }
    expect((await client.events.query({ filter: { All: [] }, pageSize: 3 })).items).toHaveLength(3)
  })
})
