// Errors in logs: JSON.stringify gives name, code, message, the set fields and a summary of the
// cause chain with every URL redacted; util.inspect (console.log) shows no unset field.
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ChainxClient, HttpError, JsonRpcError, NetworkError, TimeoutError } from '../../src/index.js'

const SECRET_URL = 'https://alice:pa55word@rpc.example/graphql?apiKey=k3y'

describe('ChainxError toJSON and inspect', () => {
  it('JSON.stringify has name, code, message, the fields that are set and no undefined one', () => {
    const error = new HttpError({ status: 503, body: 'Service Unavailable', url: SECRET_URL, retryAfterMs: 1_000 })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'HttpError',
      code: 'HTTP',
      message: 'HTTP 503 from https://rpc.example/graphql?apiKey=%5Bredacted%5D',
      retryable: true,
      status: 503,
      bodyExcerpt: 'Service Unavailable',
      url: 'https://rpc.example/graphql?apiKey=%5Bredacted%5D',
      retryAfterMs: 1_000,
    })
  })

  it('the cause is summarised a few levels deep (name, code, message), with URLs in messages redacted', () => {
    const root = Object.assign(new Error(`getaddrinfo ENOTFOUND for ${SECRET_URL}`), { code: 'ENOTFOUND' })
    const error = new NetworkError({ url: SECRET_URL, cause: new TypeError('fetch failed', { cause: root }) })
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>
    expect(json.cause).toEqual({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { name: 'Error', code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND for https://rpc.example/graphql?apiKey=%5Bredacted%5D' },
    })
    const text = JSON.stringify(error)
    for (const secret of ['pa55word', 'k3y', 'alice']) expect(text).not.toContain(secret)
  })

  it('a JSON-RPC error keeps its code, method and service version; unstructured data stays out', () => {
    const error = new JsonRpcError({
      rpcCode: -32602,
      message: 'Invalid params',
      data: { deep: 'object' },
      method: 'chainx_queryEvents',
      version: { raw: '2025.3.0', year: 2025, minor: 3, patch: 0 } as never,
    })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'JsonRpcError',
      code: 'JSON_RPC',
      message: 'Invalid params',
      version: '2025.3.0',
      retryable: false,
      rpcCode: -32602,
      method: 'chainx_queryEvents',
    })
  })

  it('util.inspect shows the stack, the set fields and [cause], and no undefined field', () => {
    const error = new HttpError({ status: 503, body: '', url: 'https://rpc.example/graphql', cause: new Error('inner') })
    const shown = inspect(error)
    expect(shown).toContain('HttpError: HTTP 503 from https://rpc.example/graphql')
    expect(shown).toContain('status: 503')
    expect(shown).toContain('[cause]: Error: inner')
    expect(shown).not.toContain('undefined')
    expect(inspect({ nested: new TimeoutError({ timeoutMs: 5 }) })).not.toContain('undefined')
  })

  it('an error thrown by a call serialises and inspects cleanly', async () => {
    const client = new ChainxClient({ graphqlUrl: 'http://127.0.0.1:9/graphql', retry: false, limits: false })
    const error = await client.graphql.query('query Chain { chainIdentifier }').catch((thrown: unknown) => thrown)
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'NetworkError', code: 'NETWORK', message: expect.any(String) })
    expect(inspect(error)).not.toContain('undefined')
  })
})
