import { describe, expect, it } from 'vitest'
import { ChainxError, isChainxError } from '../../src/errors/ChainxError.js'
import { HttpError, NetworkError, RateLimitedError } from '../../src/errors/request.js'

describe('ChainxError', () => {
  it('keeps a stable code, a short message and the cause chain', () => {
    const root = new Error('ECONNRESET')
    const error = new NetworkError({ url: 'http://127.0.0.1:1/', cause: root })
    expect(error).toBeInstanceOf(ChainxError)
    expect(error.code).toBe('NETWORK')
    expect(error.message).toBe('Network request to http://127.0.0.1:1/ failed')
    expect(error.cause).toBe(root)
    expect(error.walk()).toBe(root)
    expect(error.walk((e) => e instanceof NetworkError)).toBe(error)
    expect(error.walk((e) => e === 'absent')).toBeUndefined()
    expect(new RateLimitedError({ status: 429 }).walk()).toBeInstanceOf(RateLimitedError)
  })

  it('isChainxError(error, code) narrows to the class of that code: its fields type-check', () => {
    const error: unknown = new RateLimitedError({ status: 429, retryAfterMs: 1_000 })
    if (!isChainxError(error, 'RATE_LIMITED')) throw new Error('not narrowed')
    // Compiles only if narrowed to RateLimitedError (tsc runs over the tests).
    const wait: number | undefined = error.retryAfterMs
    const status: number = error.status
    expect([wait, status]).toEqual([1_000, 429])
    const http: unknown = new HttpError({ status: 503, body: '', url: 'http://127.0.0.1:1/' })
    if (isChainxError(http, 'HTTP')) expect(http.bodyExcerpt).toBe('')
    const copy = Object.create(ChainxError.prototype) as object
    expect(isChainxError(copy)).toBe(true)
    expect(copy instanceof ChainxError).toBe(true)
    expect(isChainxError({ code: 'HTTP' })).toBe(false)
    expect(isChainxError(null)).toBe(false)
  })

  it('isChainxError narrows by code', () => {
    const error: unknown = new RateLimitedError({ status: 429, retryAfterMs: 1_000 })
    expect(isChainxError(error)).toBe(true)
    expect(isChainxError(error, 'RATE_LIMITED')).toBe(true)
    expect(isChainxError(error, 'HTTP')).toBe(false)
    expect(isChainxError(new Error('plain'))).toBe(false)
  })
})

describe('ChainxClient options', () => {
  it('a URL that is not absolute fails at construction with INVALID_ARGUMENT, not later as NETWORK', async () => {
    const { ChainxClient } = await import('../../src/client.js')
    expect(() => new ChainxClient({ graphqlUrl: 'localhost:9000/graphql' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => new ChainxClient({ graphqlUrl: 'http://127.0.0.1:1/graphql', rpcUrl: '/rpc' })).toThrow(
      /rpcUrl must be an absolute http: or https: URL/,
    )
    // A URL that does not parse is named without what could be its credentials.
    const bad = () => new ChainxClient({ graphqlUrl: 'http://alice:pw-SECRET@127.0.0.1:99999/graphql?apiKey=key-SECRET' })
    expect(bad).toThrow('graphqlUrl must be an absolute http: or https: URL, got "http://127.0.0.1:99999/graphql?[redacted]"')
    expect(new ChainxClient({ graphqlUrl: 'http://127.0.0.1:1/graphql' }).options.graphqlUrl).toBe('http://127.0.0.1:1/graphql')
  })
})
