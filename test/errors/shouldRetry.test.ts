import { describe, expect, it } from 'vitest'
import { JsonRpcError, SocketClosedError } from '../../src/errors/jsonRpc.js'
import { CursorNotAdvancingError, StaleCursorError } from '../../src/errors/pagination.js'
import { AbortedError, HttpError, InvalidArgumentError, NetworkError, RateLimitedError, TimeoutError } from '../../src/errors/request.js'
import { isTransientRpcError, isTransientStatus, shouldRetry } from '../../src/errors/shouldRetry.js'
import { isRateLimitGraphQLError } from '../../src/graphql/mapGraphQLErrors.js'

const request = { context: 'request', failures: 0 } as const
const poll = { context: 'poll', failures: 0 } as const
const resubscribe = { context: 'resubscribe', failures: 0 } as const
const rpc = (rpcCode: number, message: string) => new JsonRpcError({ rpcCode, message, method: 'chainx_queryEvents' })

describe('shouldRetry: the one table of retry decisions', () => {
  it('by code: network faults, rate limits, the SDK time limit, 5xx and 408 are retried; the caller abort and deadline, bad arguments and stale cursors are not', () => {
    expect(shouldRetry(new NetworkError({ url: 'http://127.0.0.1:1/' }), request)).toBe(true)
    expect(shouldRetry(new RateLimitedError({ status: 429 }), request)).toBe(true)
    expect(shouldRetry(new TimeoutError({ timeoutMs: 5 }), request)).toBe(true)
    expect(shouldRetry(new TimeoutError({ timeoutMs: undefined }), request)).toBe(false)
    expect(shouldRetry(new HttpError({ status: 503, body: '', url: 'http://x/' }), request)).toBe(true)
    expect(shouldRetry(new HttpError({ status: 408, body: '', url: 'http://x/' }), request)).toBe(true)
    expect(shouldRetry(new HttpError({ status: 404, body: '', url: 'http://x/' }), request)).toBe(false)
    expect(shouldRetry(new AbortedError(), request)).toBe(false)
    expect(shouldRetry(new InvalidArgumentError('bad'), request)).toBe(false)
    expect(shouldRetry(new StaleCursorError({}), request)).toBe(false)
    expect(shouldRetry(new Error('not ours'), request)).toBe(false)
  })

  it("the service's 'Could not find the referenced transaction' (-32602) is retried by a poll, at most 3 times in a row, and by nothing else", () => {
    const notFound = rpc(-32602, 'Could not find the referenced transaction [TransactionDigest(abc)].')
    expect(shouldRetry(notFound, poll)).toBe(true)
    expect(shouldRetry(notFound, { context: 'poll', failures: 3 })).toBe(false)
    expect(shouldRetry(notFound, request)).toBe(false)
    expect(shouldRetry(rpc(-32602, 'Invalid params'), poll)).toBe(false)
  })

  it('a page that does not move its cursor is retried by a poll only; a subscribe call retries the transient JSON-RPC codes', () => {
    const stuck = new CursorNotAdvancingError({ cursor: 'c', delivered: 0 })
    expect(shouldRetry(stuck, poll)).toBe(true)
    expect(shouldRetry(stuck, request)).toBe(false)
    for (const code of [-32009, -32603, -32050]) expect(shouldRetry(rpc(code, 'x'), resubscribe)).toBe(true)
    expect(shouldRetry(rpc(-32602, 'x'), resubscribe)).toBe(false)
    expect(shouldRetry(new SocketClosedError({ reason: 'gone' }), resubscribe)).toBe(true)
  })

  it("the errors' own retryable flag comes from the table: 5xx and 408; -32050, and -32603 only with id null (the service's time-out)", () => {
    for (const [status, transient] of [
      [500, true],
      [503, true],
      [599, true],
      [408, true],
      [404, false],
      [429, false],
      [400, false],
    ] as const) {
      expect(isTransientStatus(status)).toBe(transient)
      expect(new HttpError({ status, body: '', url: 'http://x/' }).retryable).toBe(transient)
    }
    const rows = [
      [-32050, 1, true],
      [-32603, null, true],
      [-32603, 1, false],
      [-32602, null, false],
      [-32009, null, false],
    ] as const
    for (const [rpcCode, id, transient] of rows) {
      expect(isTransientRpcError(rpcCode, id)).toBe(transient)
      const error = new JsonRpcError({ rpcCode, id, message: 'x', method: 'chainx_queryEvents' })
      expect(error.retryable).toBe(transient)
      expect(shouldRetry(error, request)).toBe(transient)
    }
  })

  it('a GraphQL error is the rate limit by its extension code or its "too many requests" text, nothing else', () => {
    expect(isRateLimitGraphQLError('RATE_LIMITED', 'refused')).toBe(true)
    expect(isRateLimitGraphQLError(undefined, 'Too Many Requests, slow down')).toBe(true)
    expect(isRateLimitGraphQLError('BAD_USER_INPUT', 'Query has over 300 nodes')).toBe(false)
  })
})
