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

/** A switch over every code, each case checking the type narrowed to; `never` at the end proves it exhaustive. */
function narrowsInEveryCase(error: ChainxErrorUnion): ChainxErrorCode {
  switch (error.code) {
    case 'FIRST_AND_LAST':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['FIRST_AND_LAST']>()
      return error.code
    case 'PAGE_SIZE_EXCEEDED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['PAGE_SIZE_EXCEEDED']>()
      return error.code
    case 'UNUSED_VARIABLE':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['UNUSED_VARIABLE']>()
      return error.code
    case 'MISSING_VARIABLE':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['MISSING_VARIABLE']>()
      return error.code
    case 'QUERY_LIMIT':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['QUERY_LIMIT']>()
      return error.code
    case 'CURSOR_CHECKPOINT_MISMATCH':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['CURSOR_CHECKPOINT_MISMATCH']>()
      return error.code
    case 'STALE_CURSOR':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['STALE_CURSOR']>()
      return error.code
    case 'CURSOR_NOT_ADVANCING':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['CURSOR_NOT_ADVANCING']>()
      return error.code
    case 'EMPTY_PAGES':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['EMPTY_PAGES']>()
      return error.code
    case 'GRAPHQL':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['GRAPHQL']>()
      return error.code
    case 'RATE_LIMITED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['RATE_LIMITED']>()
      return error.code
    case 'HTTP':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['HTTP']>()
      return error.code
    case 'NETWORK':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['NETWORK']>()
      return error.code
    case 'TIMEOUT':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['TIMEOUT']>()
      return error.code
    case 'ABORTED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['ABORTED']>()
      return error.code
    case 'INVALID_RESPONSE':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['INVALID_RESPONSE']>()
      return error.code
    case 'RESPONSE_TOO_LARGE':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['RESPONSE_TOO_LARGE']>()
      return error.code
    case 'INVALID_ARGUMENT':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['INVALID_ARGUMENT']>()
      return error.code
    case 'INVALID_FILTER':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['INVALID_FILTER']>()
      return error.code
    case 'JSON_RPC':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['JSON_RPC']>()
      return error.code
    case 'SOCKET_CLOSED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['SOCKET_CLOSED']>()
      return error.code
    case 'CLIENT_CLOSED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['CLIENT_CLOSED']>()
      return error.code
    case 'VERSION_CHANGED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['VERSION_CHANGED']>()
      return error.code
    case 'UNEXPECTED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['UNEXPECTED']>()
      return error.code
    case 'CHUNK_LOAD_FAILED':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['CHUNK_LOAD_FAILED']>()
      return error.code
    case 'DATABASE':
      expectTypeOf(error).toEqualTypeOf<ChainxErrorByCode['DATABASE']>()
      return error.code
    default: {
      const unreachable: never = error
      return unreachable
    }
  }
}

describe('every code narrows through switch (error.code)', () => {
  it('after isChainxError(error), error instanceof ChainxError and in a catch (e: unknown) (type tests)', () => {
    const thrown: unknown = new RateLimitedError({ status: 429 })
    const seen: ChainxErrorCode[] = []
    if (isChainxError(thrown)) {
      expectTypeOf(thrown).toEqualTypeOf<ChainxErrorUnion>()
      seen.push(narrowsInEveryCase(thrown))
    }
    if (thrown instanceof ChainxError) {
      expectTypeOf(thrown).toEqualTypeOf<ChainxErrorUnion>()
      seen.push(narrowsInEveryCase(thrown))
    }
    try {
      throw thrown
    } catch (e: unknown) {
      if (isChainxError(e)) seen.push(narrowsInEveryCase(e))
      if (e instanceof ChainxError) seen.push(narrowsInEveryCase(e))
    }
    expect(seen).toEqual(['RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED'])
  })
})
