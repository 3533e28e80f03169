import { describe, expect, it } from 'vitest'
import { formatTypeName } from '../../src/events/formatTypeName.js'
import { TypeNameError } from '../../src/errors/TypeNameError.js'
import { parseStructTag, parseTypeName } from '../../src/events/parseTypeName.js'

const SUI = { kind: 'struct', address: '0x2', module: 'sui', name: 'SUI', typeArguments: [] }

function failure(text: string, options = {}): TypeNameError {
  try {
    parseTypeName(text, options)
  } catch (error) {
    if (error instanceof TypeNameError) return error
    throw error
  }
  throw new Error(`${text} parsed`)
}

describe('parseTypeName', () => {
  it('J4: parses a struct tag <package>::<module>::<Struct>', () => {
    expect(parseTypeName('0x2::sui::SUI')).toEqual(SUI)
  })

  it('J4: parses type arguments, nested generics and spaces', () => {
    expect(parseTypeName('0x2::coin::Coin< 0x2::sui::SUI >')).toEqual({
      kind: 'struct',
      address: '0x2',
      module: 'coin',
      name: 'Coin',
      typeArguments: [SUI],
    })
    const pool = parseTypeName('0xabc::pool::Pool<0x2::coin::Coin<0x2::sui::SUI>, vector<u8>, u256>')
    expect(pool).toEqual({
      kind: 'struct',
      address: '0xabc',
      module: 'pool',
      name: 'Pool',
      typeArguments: [
        { kind: 'struct', address: '0x2', module: 'coin', name: 'Coin', typeArguments: [SUI] },
        { kind: 'vector', element: { kind: 'primitive', name: 'u8' } },
        { kind: 'primitive', name: 'u256' },
      ],
    })
  })

  it('J4: parses every primitive and vector<T>', () => {
    for (const name of ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer']) {
      expect(parseTypeName(name)).toEqual({ kind: 'primitive', name })
    }
    expect(parseTypeName('vector<vector<address>>')).toEqual({
      kind: 'vector',
      element: { kind: 'vector', element: { kind: 'primitive', name: 'address' } },
    })
  })

  it('J4: accepts what Move accepts: a trailing comma in a type-argument list, decimal addresses', () => {
    expect(parseTypeName('0x2::coin::Coin<0x2::sui::SUI,>')).toEqual({
      kind: 'struct',
      address: '0x2',
      module: 'coin',
      name: 'Coin',
      typeArguments: [SUI],
    })
    expect(parseTypeName('0x2::m::Pair< u8 , u64 , >')).toMatchObject({ typeArguments: [{ name: 'u8' }, { name: 'u64' }] })
    expect(parseTypeName('2::sui::SUI')).toEqual(SUI)
    expect(parseStructTag('255::m::S').address).toBe('0xff')
    const max = (2n ** 256n - 1n).toString()
    expect(formatTypeName(parseTypeName(`${max}::m::S`))).toBe(`0x${'f'.repeat(64)}::m::S`)
    // Still refused, as by Move: an empty list, a comma alone, a trailing comma in vector<T>,
    // a decimal address past 2^256 - 1.
    expect(failure('0x2::m::S<,>').reason).toMatch(/expected a type/)
    expect(failure('0x2::m::S<u8,,>').reason).toMatch(/expected a type/)
    expect(failure('vector<u8,>').reason).toMatch(/exactly one type argument/)
    expect(failure(`${2n ** 256n}::m::S`).position).toBe(0)
    expect(failure('12ab::m::S').reason).toMatch(/found '12ab'/)
  })

  it('J4: rejects malformed names with the position of the problem', () => {
    expect(failure('0x2::coin').reason).toMatch(/expected '::'/)
    expect(failure('0x2::coin::Coin<>').position).toBe(16)
    expect(failure('0x2::coin::Coin<u8').reason).toMatch(/expected '>'/)
    expect(failure('0x2::coin::Coin<u8>>').reason).toMatch(/unexpected '>'/)
    expect(failure('0xZZ::m::S').position).toBe(0)
    expect(failure(`0x${'1'.repeat(65)}::m::S`).reason).toMatch(/1 to 64 hex digits/)
    expect(failure('0x2::9m::S').reason).toMatch(/module name/)
    expect(failure('0x2::m::').reason).toMatch(/struct name/)
    expect(failure('vector<u8, u16>').reason).toMatch(/exactly one type argument/)
    expect(failure('u9').reason).toMatch(/found 'u9'/)
    expect(failure('').reason).toMatch(/expected a type/)
    expect(failure('0x2::m::S,').reason).toMatch(/unexpected ','/)
  })

  it('L2: type-argument depth is limited (default 16, as serviceConfig.maxTypeArgumentDepth)', () => {
    const nest = (depth: number) => `${'0x2::m::B<'.repeat(depth)}u8${'>'.repeat(depth)}`
    expect(() => parseTypeName(nest(16))).not.toThrow()
    expect(failure(nest(17)).reason).toMatch(/deeper than 16/)
    expect(() => parseTypeName(nest(3), { maxTypeArgumentDepth: 3 })).not.toThrow()
    expect(failure(nest(4), { maxTypeArgumentDepth: 3 }).reason).toMatch(/deeper than 3/)
    expect(failure('vector<vector<vector<u8>>>', { maxTypeArgumentDepth: 2 }).reason).toMatch(/deeper than 2/)
  })

  it('L2: type-argument width is limited (default 32, as serviceConfig.maxTypeArgumentWidth)', () => {
    const wide = (width: number) => `0x2::m::T<${Array.from({ length: width }, () => 'u8').join(',')}>`
    expect(() => parseTypeName(wide(32))).not.toThrow()
    expect(failure(wide(33)).reason).toMatch(/more than 32 type arguments/)
    expect(failure(wide(3), { maxTypeArgumentWidth: 2 }).reason).toMatch(/more than 2/)
  })

  it('J4: TypeNameError is an INVALID_ARGUMENT ChainxError', () => {
    expect(failure('nope')).toMatchObject({ code: 'INVALID_ARGUMENT', text: 'nope' })
  })

  it('J4: parseStructTag refuses primitives and vectors', () => {
    expect(parseStructTag('0x2::sui::SUI').name).toBe('SUI')
    expect(() => parseStructTag('u64')).toThrow(TypeNameError)
    expect(() => parseStructTag('vector<0x2::sui::SUI>')).toThrow(TypeNameError)
  })
})

describe('formatTypeName', () => {
  it('J4: writes one canonical form: long lower-case addresses, no spaces', () => {
    const long2 = `0x${'0'.repeat(63)}2`
    expect(formatTypeName(parseTypeName('0x2::coin::Coin< 0x2::sui::SUI >'))).toBe(`${long2}::coin::Coin<${long2}::sui::SUI>`)
    expect(formatTypeName(parseTypeName(`vector<${long2}::m::S<U8Y, u8>>`.replace('U8Y', '0xAB::x::Y')), { addresses: 'short' })).toBe(
      'vector<0x2::m::S<0xab::x::Y,u8>>',
    )
    expect(formatTypeName(parseTypeName('0x0::m::S'), { addresses: 'short' })).toBe('0x0::m::S')
  })

  it('J4: parse and format round-trip', () => {
    const text = `0x${'1'.repeat(64)}::pool::Pool<0x${'2'.repeat(64)}::c::C<u64>,vector<bool>>`
    expect(formatTypeName(parseTypeName(text))).toBe(text)
  })
})
