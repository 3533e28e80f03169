import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateMoveEvents, MoveCodegenError } from 'chainx-sdk/codegen'
import { parseMoveSource } from '../../src/codegen/parseMoveSource.js'

const fixture = (path: string) => readFileSync(new URL(`fixtures/kitchen/${path}`, import.meta.url), 'utf8')
const fieldsOf = (text: string, file = 'm.move') =>
  parseMoveSource(text, file).flatMap((module) =>
    module.structs.map((struct) => ({
      name: struct.name,
      abilities: struct.abilities,
      typeParameters: struct.typeParameters,
      fields: struct.fields.map((field) => `${field.name}: ${field.type.path.join('::')}${field.type.typeArguments.length ? '<…>' : ''}`),
    })),
  )

/** The problems of a generator run that must fail. */
function problemsOf(sources: Record<string, string>, manifest = '[package]\nname = "p"\n[addresses]\np = "0x7"'): string[] {
  try {
    generateMoveEvents({ manifest, sources: Object.entries(sources).map(([path, text]) => ({ path, text })) })
  } catch (error) {
    expect(error).toBeInstanceOf(MoveCodegenError)
    expect((error as MoveCodegenError).code).toBe('INVALID_ARGUMENT')
    return (error as MoveCodegenError).problems.map((problem) => `${problem.file}:${problem.line}: ${problem.message}`)
  }
  throw new Error('expected the generator to fail')
}

describe('parseMoveSource: Move 2024 syntax', () => {
  const [types] = parseMoveSource(fixture('sources/types.move'), 'sources/types.move')

  it('reads a module label, its structs in order, and leaves #[test_only] structs out', () => {
    expect(types).toMatchObject({ address: 'kitchen', name: 'types', line: 2 })
    expect(types!.structs.map((struct) => struct.name)).toEqual([
      'Numbers',
      'Names',
      'Pair',
      'Wrapped',
      'Tagged',
      'Priced',
      'Empty',
      'Deep',
      'Vault',
    ])
  })

  it('reads abilities before and after the fields, phantom parameters and their constraints', () => {
    const byName = new Map(types!.structs.map((struct) => [struct.name, struct]))
    expect(byName.get('Numbers')!.abilities).toEqual(['copy', 'drop', 'store'])
    expect(byName.get('Wrapped')).toMatchObject({ abilities: ['copy', 'drop'], typeParameters: [{ name: 'T', phantom: false }] })
    expect(byName.get('Tagged')!.typeParameters).toEqual([
      { name: 'T', phantom: false },
      { name: 'M', phantom: true },
    ])
    expect(byName.get('Vault')).toMatchObject({ abilities: ['key'], typeParameters: [{ name: 'T', phantom: true }] })
  })

  it('names positional fields pos0, pos1… and gives an empty struct dummy_field: bool', () => {
    const byName = new Map(types!.structs.map((struct) => [struct.name, struct]))
    expect(byName.get('Pair')!.fields.map((field) => [field.name, field.type.path.join('::')])).toEqual([
      ['pos0', 'u64'],
      ['pos1', 'address'],
    ])
    expect(byName.get('Empty')!.fields.map((field) => [field.name, field.type.path.join('::')])).toEqual([['dummy_field', 'bool']])
  })

  it('keeps field lines, doc comments and fully qualified paths', () => {
    const deep = types!.structs.find((struct) => struct.name === 'Deep')!
    expect(deep.doc).toBe('Generic structs inside a struct, and a fully qualified path.')
    const object = deep.fields.find((field) => field.name === 'object')!
    expect(object.type.path).toEqual(['0x2', 'object', 'ID'])
    expect(object.line).toBe(
      fixture('sources/types.move')
        .split('\n')
        .findIndex((line) => line.includes('object: 0x2::object::ID')) + 1,
    )
    expect(deep.fields.find((field) => field.name === 'tagged')!.type).toMatchObject({
      path: ['Tagged'],
      typeArguments: [{ path: ['u32'] }, { path: ['Coin'], typeArguments: [{ path: ['SUI'] }] }],
    })
  })

  it('reads use declarations: Self, aliases, nested groups, module aliases', () => {
    expect(Object.fromEntries(types!.uses.modules)).toEqual({
      string: { address: 'std', module: 'string' },
      ascii: { address: 'std', module: 'ascii' },
      geo: { address: 'kitchen', module: 'geometry' },
    })
    expect(Object.fromEntries(types!.uses.members)).toMatchObject({
      String: { address: 'std', module: 'string', name: 'String' },
      TypeName: { address: 'std', module: 'type_name', name: 'TypeName' },
      Balance: { address: 'sui', module: 'balance', name: 'Balance' },
      Coin: { address: 'sui', module: 'coin', name: 'Coin' },
      SUI: { address: 'sui', module: 'sui', name: 'SUI' },
      GeoPoint: { address: 'kitchen', module: 'geometry', name: 'Point' },
    })
  })

  it('skips functions, constants, comments and strings holding braces or struct-like text', () => {
    const text = `module a::m;
/* struct Hidden has copy, drop { x: u8 } */
// struct AlsoHidden has copy, drop { x: u8 }
const S: vector<u8> = b"struct No { }";
const H: vector<u8> = x"00ff";
public fun f(x: u64): u64 { if (x > 1) { x } else { let s = b"}"; 0 } }
native fun g(): u64;
public macro fun apply<$T>($x: $T, $f: |$T| -> $T): $T { $f($x) }
public struct Seen(u8) has copy, drop;`
    expect(fieldsOf(text).map((struct) => struct.name)).toEqual(['Seen'])
  })

  it('reads several module labels in one file, and enums (which it records but does not type)', () => {
    const modules = parseMoveSource(
      `module a::one;
public enum Color has copy, drop { Red, Rgb(u8, u8, u8), Named { name: vector<u8> } }
public struct A has copy, drop { x: u8 }
#[test_only]
module a::one_tests;
public struct Hidden has copy, drop { x: u8 }
module a::two;
public struct B has copy, drop { x: u8 }`,
      'm.move',
    )
    expect(modules.map((module) => [module.name, module.structs.map((struct) => struct.name)])).toEqual([
      ['one', ['A']],
      ['two', ['B']],
    ])
    expect([...modules[0]!.enums.keys()]).toEqual(['Color'])
  })
})

describe('parseMoveSource: legacy syntax', () => {
  const legacy = `// Legacy (pre-2024) syntax.
address kitchen {
module legacy {
    use std::option::{Self, Option};
    use sui::object::{Self, ID};
    friend kitchen::other;

    /// A point.
    struct Point has copy, drop, store {
        x: u64,
        y: u64
    }

    struct Tagged<T: copy + drop, phantom M> has copy, drop {
        value: T,
        note: Option<vector<u8>>,
        id: ID,
    }

    #[test_only]
    struct Hidden has copy, drop { x: u8 }

    public(friend) fun origin(): Point { Point { x: 0, y: 0 } }
    spec origin { ensures true; }
}
}
module 0x42::plain {
    struct Flag has copy, drop { on: bool }
}`

  it('reads address blocks, module blocks, prefix abilities and visibility modifiers', () => {
    const modules = parseMoveSource(legacy, 'legacy.move')
    expect(modules.map((module) => `${module.address}::${module.name}`)).toEqual(['kitchen::legacy', '0x42::plain'])
    expect(fieldsOf(legacy)).toEqual([
      { name: 'Point', abilities: ['copy', 'drop', 'store'], typeParameters: [], fields: ['x: u64', 'y: u64'] },
      {
        name: 'Tagged',
        abilities: ['copy', 'drop'],
        typeParameters: [
          { name: 'T', phantom: false },
          { name: 'M', phantom: true },
        ],
        fields: ['value: T', 'note: Option<…>', 'id: ID'],
      },
      { name: 'Flag', abilities: ['copy', 'drop'], typeParameters: [], fields: ['on: bool'] },
    ])
    expect(modules[0]!.structs[0]!.doc).toBe('A point.')
  })

  it('generates legacy structs with the same types as 2024 ones', () => {
    const code = generateMoveEvents({
      manifest: '[addresses]\nkitchen = "0x99"',
      sources: [{ path: 'legacy.move', text: legacy.replace(/module 0x42[\s\S]*$/, '') }],
    })
    expect(code).toContain('export interface LegacyTagged<T = unknown> {\n  value: T\n  note: Array<number> | null\n  id: string\n}')
    expect(code).toContain("export const PACKAGE_ADDRESS = '0x0000000000000000000000000000000000000000000000000000000000000099'")
  })
})

describe('parseMoveSource and the generator: errors name the file and line, nothing is guessed', () => {
  it('a syntax it does not know', () => {
    expect(problemsOf({ 'sources/bad.move': 'module p::bad;\n\npublic struct S has copy, drop {\n  x: &u64,\n}' })).toEqual([
      'sources/bad.move:4: a struct field cannot have a reference, tuple or function type (found `&`)',
    ])
    expect(problemsOf({ 'sources/bad.move': 'module p::bad;\npublic struct S has copy, drop { x u64 }' })).toEqual([
      'sources/bad.move:2: expected `:`, found `u64`',
    ])
    expect(problemsOf({ 'sources/bad.move': 'module p::bad;\n/* never closed\nstruct' })).toEqual([
      'sources/bad.move:2: unterminated block comment',
    ])
    expect(problemsOf({ 'sources/bad.move': 'module p::bad {\npublic struct S has copy, drop { x: u8 }\n' })).toEqual([
      'sources/bad.move:3: module bad is not closed: expected `}`',
    ])
    expect(problemsOf({ 'sources/bad.move': 'script { fun main() {} }' })).toEqual([
      'sources/bad.move:1: expected `module` or `address`, found `script`',
    ])
  })

  it('a type outside the package and the framework types it knows, an enum, an unknown name, a wrong arity', () => {
    const problems = problemsOf({
      'sources/a.move': `module p::a;
use sui::coin::Coin;
use sui::sui::SUI;
public enum Side has copy, drop { Buy, Sell }
public struct Trade has copy, drop {
    coin: Coin<SUI>,
    side: Side,
    who: Somebody,
    many: vector<u8, u8>,
    ok: u64,
}`,
      'sources/b.move': `module p::b;
public struct Other has copy, drop { url: sui::url::Url, t: other::Thing }`,
    })
    expect(problems).toEqual([
      'sources/a.move:6: cannot type `Coin<SUI>` in struct Trade: it is not declared in this package and is not a framework type whose JSON form is known (String, ascii::String, ID, UID, Option, Balance, TypeName)',
      'sources/a.move:7: cannot type `Side` in struct Trade: enums have no JSON form in this generator yet',
      'sources/a.move:8: cannot type `Somebody` in struct Trade: unknown type `Somebody` (no struct of this module, no `use` brings it in)',
      'sources/a.move:9: cannot type `vector<u8, u8>` in struct Trade: expected 1 type argument, found 2',
      'sources/b.move:2: cannot type `sui::url::Url` in struct Other: it is not declared in this package and is not a framework type whose JSON form is known (String, ascii::String, ID, UID, Option, Balance, TypeName)',
      'sources/b.move:2: cannot type `other::Thing` in struct Other: unknown module `other` (no `use` brings it in)',
    ])
  })

  it('names that would clash in the generated file: a reserved module name, two structs with one interface name', () => {
    expect(
      problemsOf({
        'sources/a.move': 'module p::registry;\npublic struct E has copy, drop { x: u8 }',
        'sources/b.move':
          'module p::a_b;\npublic struct C has copy, drop { x: u8 }\nmodule p::a;\npublic struct BC has copy, drop { x: u8 }',
      }),
    ).toEqual([
      'sources/b.move:4: a::BC and a_b::C would both be named ABC',
      'sources/a.move:1: module name `registry` cannot be an exported name of the generated file',
    ])
  })

  it('a package without an address asks for --address; structs that are not events are not typed', () => {
    expect(problemsOf({ 'sources/a.move': 'module p::a;\npublic struct E has copy, drop { x: u8 }' }, '[addresses]\np = "0x0"')).toEqual([
      'Move.toml:1: the package has no address (named address `p` is unset or 0x0): pass --address 0x…',
    ])
    const code = generateMoveEvents(
      {
        manifest: '[addresses]\np = "_"',
        sources: [
          {
            path: 'a.move',
            text: 'module p::a;\npublic struct Vault has key { id: UID, coin: sui::coin::Coin<sui::sui::SUI> }\npublic struct E has copy, drop { x: u8 }',
          },
        ],
      },
      { address: '0xabc' },
    )
    expect(code).toContain('export const a = {\n  E: $a$E,\n} as const')
    expect(code).not.toContain('Vault')
  })
})

describe('parseMoveSource on any text', () => {
  const words = [
    'module',
    'address',
    'struct',
    'public',
    'has',
    'copy',
    'drop',
    'phantom',
    'use',
    'fun',
    'const',
    'enum',
    'a',
    '0x2',
    'u64',
    'vector',
  ]
  const pieces = fc.oneof(
    fc.constantFrom(...words, '::', '<', '>', '{', '}', '(', ')', ';', ',', ':', '#[test_only]', '/*', '*/', '//', '"', 'b"', '\n', ' '),
    fc.string({ maxLength: 4 }),
  )

  it('returns modules or throws MoveCodegenError with a file and a line, never anything else', () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        const text = parts.join(' ')
        try {
          const modules = parseMoveSource(text, 'fuzz.move')
          expect(Array.isArray(modules)).toBe(true)
          generateMoveEvents({ manifest: '[addresses]\na = "0x5"', sources: [{ path: 'fuzz.move', text }] })
        } catch (error) {
          expect(error).toBeInstanceOf(MoveCodegenError)
          for (const problem of (error as MoveCodegenError).problems) {
            expect(problem.line).toBeGreaterThanOrEqual(1)
            expect(problem.line).toBeLessThanOrEqual(text.split('\n').length)
          }
        }
      }),
      { numRuns: 1_000 },
    )
  })
})
