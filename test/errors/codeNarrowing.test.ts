import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  ChainxError,
  GraphQLError,
  InvalidArgumentError,
  InvalidResponseError,
  isChainxError,
  isWalkError,
  MoveEventError,
  NetworkError,
  RateLimitedError,
  StaleCursorError,
  type ChainxEvent,
  type EventId,
  type PageIterable,
  type ChainxErrorByCode,
  type ChainxErrorCode,
  type ChainxErrorUnion,
} from '../../src/index.js'
import { MoveCodegenError } from '../../src/codegen/MoveCodegenError.js'

// Codes match classes (issue 23 item 4): every code has one class with a literal `code`, so
// isChainxError(e, code), e.code === code and switch (e.code) all narrow to what is there.
// These are type tests: `npm run typecheck` fails if a code stops narrowing.

const ALL_CODES = [
  'FIRST_AND_LAST',
  'PAGE_SIZE_EXCEEDED',
  'UNUSED_VARIABLE',
  'MISSING_VARIABLE',
  'QUERY_LIMIT',
  'CURSOR_CHECKPOINT_MISMATCH',
  'STALE_CURSOR',
  'CURSOR_NOT_ADVANCING',
  'EMPTY_PAGES',
  'GRAPHQL',
  'RATE_LIMITED',
  'HTTP',
  'NETWORK',
  'TIMEOUT',
  'ABORTED',
  'INVALID_RESPONSE',
  'RESPONSE_TOO_LARGE',
  'INVALID_ARGUMENT',
  'INVALID_FILTER',
  'JSON_RPC',
  'SOCKET_CLOSED',
  'CLIENT_CLOSED',
  'VERSION_CHANGED',
  'CHUNK_LOAD_FAILED',
  'UNEXPECTED',
  'DATABASE',
] as const satisfies readonly ChainxErrorCode[]

/** Each member of the union carries exactly its own code (a mapped check over every code). */
type CodeOf<C extends ChainxErrorCode> = ChainxErrorByCode[C]['code']
type EveryCodeLiteral = { [C in ChainxErrorCode]: [CodeOf<C>] extends [C] ? ([C] extends [CodeOf<C>] ? true : false) : false }

describe('codes match classes', () => {
  it('every code narrows by isChainxError, ===, switch and instanceof (type tests)', () => {
    expectTypeOf<EveryCodeLiteral>().toEqualTypeOf<{ [C in ChainxErrorCode]: true }>()
    expectTypeOf<(typeof ALL_CODES)[number]>().toEqualTypeOf<ChainxErrorCode>()
    const error: unknown = new RateLimitedError({ status: 429, retryAfterMs: 5 })
    if (isChainxError(error, 'RATE_LIMITED')) expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>()
    if (error instanceof ChainxError) {
      expectTypeOf(error).toEqualTypeOf<ChainxErrorUnion>()
      if (error.code === 'RATE_LIMITED') expectTypeOf(error).toEqualTypeOf<RateLimitedError>()
      if (error.code === 'INVALID_RESPONSE') expectTypeOf(error.status).toEqualTypeOf<number>()
      switch (error.code) {
        case 'HTTP':
          expectTypeOf(error.status).toEqualTypeOf<number>()
          break
        case 'STALE_CURSOR':
          expectTypeOf(error.code).toEqualTypeOf<'STALE_CURSOR'>()
          break
        case 'GRAPHQL':
          expectTypeOf(error).toMatchTypeOf<GraphQLError>()
          break
        default:
          // @ts-expect-error retryAfterMs is not on every other error
          void error.retryAfterMs
      }
    }
    if (error instanceof RateLimitedError) expectTypeOf(error).toEqualTypeOf<RateLimitedError>()
    expect(isChainxError(error, 'RATE_LIMITED')).toBe(true)
  })

  it('messages say the remedy: the errno of a NETWORK error, the option over which a Retry-After fails, what to do with a stale cursor', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
    expect(new NetworkError({ url: 'http://127.0.0.1:1/', cause: new TypeError('fetch failed', { cause: refused }) }).message).toBe(
      'Network request to http://127.0.0.1:1/ failed (ECONNREFUSED)',
    )
    expect(new RateLimitedError({ status: 429, retryAfterMs: 120_000, maxRetryAfterMs: 60_000 }).message).toMatch(
      /over retry\.maxRetryAfterMs \(60000 ms\); raise it/,
    )
    expect(new StaleCursorError({}).message).toMatch(/start over without a cursor \(or onStale: 'restart'\), or resume by checkpoint/)
  })

  it('a walk error carries resumeCursor typed as the walk cursor', () => {
    const walk = null as unknown as PageIterable<ChainxEvent, unknown, EventId>
    const error: unknown = Object.assign(new InvalidArgumentError('x'), { delivered: 1, resumeCursor: null })
    if (isWalkError(error, walk)) expectTypeOf(error.resumeCursor).toEqualTypeOf<EventId | null>()
    expect(isWalkError(error, walk)).toBe(true)
    expect(isWalkError(new InvalidArgumentError('not from a walk'), walk)).toBe(false)
  })

  it('MoveEventError is an InvalidResponseError and MoveCodegenError an InvalidArgumentError: what their codes say', () => {
    const move = new MoveEventError({ eventType: '0x1::m::E', reason: 'no such type' })
    expect(move).toBeInstanceOf(InvalidResponseError)
    expect(move).toMatchObject({ code: 'INVALID_RESPONSE', status: 0, retryable: false, message: 'Move event 0x1::m::E: no such type' })
    const codegen = new MoveCodegenError([{ file: 'a.move', line: 1, message: 'bad' }])
    expect(codegen).toBeInstanceOf(InvalidArgumentError)
    expect(codegen.code).toBe('INVALID_ARGUMENT')
    for (const code of ALL_CODES) expect(typeof code).toBe('string')
  })
})
