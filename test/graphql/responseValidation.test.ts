// Responses the SDK reads are checked at the boundary: a hostile serviceConfig,
// availableRange, usage extension or envelope is INVALID_RESPONSE naming the bad path,
// never a TypeError or RangeError. Served over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainxClient, ChainxError, InvalidResponseError } from '../../src/index.js'
import { startHostileServer, type HostileResponse, type HostileServer } from '../fuzz/hostileServer.js'

let server: HostileServer
beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(() => server.stop())

const json = (body: string, status = 200): HostileResponse => ({ status, headers: { 'content-type': 'application/json' }, body })
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
const CONFIG = '{"data":{"serviceConfig":{"maxPageSize":50,"defaultPageSize":20,"maxQueryDepth":20}}}'

/** A client whose serviceConfig requests get `serviceConfig` and other GraphQL requests `graphql`, then valid answers. */
function clientFor(script: { serviceConfig?: HostileResponse[]; graphql?: HostileResponse[] }) {
  const { graphqlUrl, rpcUrl } = server.open(
    {
      serviceConfig: script.serviceConfig ?? [],
      graphql: script.graphql ?? [],
      rpc: [],
      after: (channel) => json(channel === 'serviceConfig' ? CONFIG : '{"data":{"chainIdentifier":"4c78adac"}}'),
    },
    () => {},
  )
  return new ChainxClient({ graphqlUrl, rpcUrl, retry: false })
}

describe('serviceConfig is checked before its limits are used', () => {
  for (const [name, body, path] of [
    ['no serviceConfig field', '{"data":{}}', 'data.serviceConfig'],
    ['a null serviceConfig', '{"data":{"serviceConfig":null}}', 'data.serviceConfig'],
    ['a limit of deeply nested arrays', `{"data":{"serviceConfig":{"maxPageSize":${deep(100_000)}}}}`, 'data.serviceConfig.maxPageSize'],
    ['a negative limit', '{"data":{"serviceConfig":{"maxQueryDepth":-1}}}', 'data.serviceConfig.maxQueryDepth'],
    ['an infinite limit', '{"data":{"serviceConfig":{"maxQueryNodes":1e999}}}', 'data.serviceConfig.maxQueryNodes'],
    ['a fractional limit', '{"data":{"serviceConfig":{"maxPageSize":2.5}}}', 'data.serviceConfig.maxPageSize'],
    ['a string limit', '{"data":{"serviceConfig":{"defaultPageSize":"20"}}}', 'data.serviceConfig.defaultPageSize'],
  ] as const) {
    it(`O7: ${name} is INVALID_RESPONSE naming ${path}, and queries run unchecked`, async () => {
      const client = clientFor({ serviceConfig: [json(body), json(body)] })
      const error = await client.graphql.serviceConfig().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect((error as Error).message).toContain(path)
      // The lazy limits fetch gets the same answer: unknown limits, so the query is sent unchecked.
      await expect(client.graphql.limits()).resolves.toEqual({})
      await expect(client.graphql.query('query { chainIdentifier }')).resolves.toMatchObject({ data: { chainIdentifier: '4c78adac' } })
    })
  }

  it('O7: absent and null limits are left out, the others kept', async () => {
    const client = clientFor({
      serviceConfig: [json('{"data":{"serviceConfig":{"maxPageSize":50,"defaultPageSize":null,"__proto__":{"x":1},"constructor":7}}}')],
    })
    const limits = await client.graphql.limits()
    expect(limits).toEqual({ maxPageSize: 50 })
    expect(Object.getPrototypeOf(limits)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('availableRange, usage and the envelope are checked', () => {
  it('O6: an availableRange bound without an integer sequenceNumber is INVALID_RESPONSE naming it', async () => {
    const client = clientFor({ graphql: [json('{"data":{"availableRange":{"first":{"sequenceNumber":"0"},"last":null}}}')] })
    const error = await client.graphql.availableRange().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' })
    expect((error as Error).message).toContain('data.availableRange.first.sequenceNumber')
    expect((error as Error).message).toContain('the string "0"')
  })

  it('O6: null bounds are a well-formed availableRange', async () => {
    const client = clientFor({ graphql: [json('{"data":{"availableRange":{"first":null,"last":{"sequenceNumber":41}}}}')] })
    await expect(client.graphql.availableRange()).resolves.toMatchObject({
      data: { availableRange: { first: null, last: { sequenceNumber: 41 } } },
    })
  })

  it('G3: a usage extension with a non-integer count is INVALID_RESPONSE naming extensions.usage', async () => {
    const usage = '{"inputNodes":1,"outputNodes":1,"depth":1,"variables":0,"fragments":0,"queryPayload":[[[]]]}'
    const client = clientFor({ graphql: [json(`{"data":{"chainIdentifier":"x"},"extensions":{"usage":${usage}}}`)] })
    const error = await client.graphql.query('query { chainIdentifier }', {}, { showUsage: true }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' })
    expect((error as Error).message).toContain('extensions.usage.queryPayload')
  })

  it('an errors entry without a message is INVALID_RESPONSE naming errors[1].message', async () => {
    const client = clientFor({ graphql: [json('{"data":null,"errors":[{"message":"a"},{"message":{"deep":' + deep(50_000) + '}}]}')] })
    const error = await client.graphql.query('query { chainIdentifier }').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainxError)
    expect((error as Error).message).toContain('errors[1].message')
  })

  it('data nested 100,000 deep under an unknown field is passed on, not walked', async () => {
    const client = clientFor({ graphql: [json(`{"data":{"chainIdentifier":"x","extra":${deep(100_000)}}}`)] })
    await expect(client.graphql.query('query { chainIdentifier }')).resolves.toMatchObject({ data: { chainIdentifier: 'x' } })
  })
})
