import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { codegenMove, generateMoveEvents, readMovePackage, runCli } from 'chainx-sdk/codegen'
import { types } from './fixtures/kitchen.generated.js'

const kitchen = fileURLToPath(new URL('fixtures/kitchen', import.meta.url))
const STD = `0x${'0'.repeat(63)}1`
const SUI = `0x${'0'.repeat(63)}2`
const scratch = mkdtempSync(join(tmpdir(), 'chainx-codegen-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function cli(...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = runCli(args, { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('codegenMove', () => {
  it('the committed fixture output is what the generator writes now', () => {
    const code = generateMoveEvents(readMovePackage(kitchen), { source: 'test/codegen/fixtures/kitchen' })
    expect(readFileSync(new URL('fixtures/kitchen.generated.ts', import.meta.url), 'utf8')).toBe(code)
  })

  it('generated field types are the Move source types, framework names resolved through use, aliases and implicit imports', () => {
    const names = (definition: { fieldTypes: Record<string, { type: string }> }) =>
      Object.values(definition.fieldTypes).map((field) => field.type)
    expect(names(types.Numbers)).toEqual(['u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'bool'])
    expect(names(types.Names)).toEqual([
      'address',
      `${SUI}::object::ID`,
      `${STD}::string::String`,
      `${STD}::ascii::String`,
      'vector<u8>',
      `${STD}::option::Option<u64>`,
      'vector<vector<u16>>',
      `${STD}::option::Option<${STD}::string::String>`,
      `${STD}::type_name::TypeName`,
    ])
    expect(names(types.Deep)).toEqual([
      `${types.Wrapped.baseType}<${types.Pair.type}>`,
      `${types.Priced.baseType}<${SUI}::sui::SUI>`,
      `${types.Tagged.baseType}<u32, ${SUI}::coin::Coin<${SUI}::sui::SUI>>`,
      `${SUI}::object::ID`,
      `vector<${types.Wrapped.of(types.Pair).fieldTypes.at!.type}>`,
    ])
    expect(Object.keys(types.Pair.fieldTypes)).toEqual(['pos0', 'pos1'])
  })

  it('writes the file given as out, and returns the code', () => {
    const out = join(scratch, 'kitchen.ts')
    const code = codegenMove(kitchen, { out, address: '0x77' })
    expect(readFileSync(out, 'utf8')).toBe(code)
    expect(code).toContain(`export const PACKAGE_ADDRESS = '0x${'0'.repeat(62)}77'`)
    expect(() => readMovePackage(scratch)).toThrow(/no sources\/ directory/)
  })
})

describe('the chainx command', () => {
  it('codegen-move prints to standard output or writes --out; --check tells a stale file from a fresh one', () => {
    const printed = cli('codegen-move', kitchen)
    expect(printed.code).toBe(0)
    expect(printed.out).toContain('export const registry = $registry({ geometry, types })')
    // What the file needs goes to standard error, so that standard output stays the code.
    expect(printed.err).toBe(
      'the generated file imports chainx-sdk/move, which needs its optional peers zod (4.x) and @mysten/bcs (2.x) in your app: npm install zod @mysten/bcs',
    )
    expect(printed.out).not.toContain('npm install')
    const out = join(scratch, 'cli.ts')
    expect(cli('codegen-move', kitchen, '--out', out, '--runtime', '../move/index.js')).toEqual({ code: 0, out: `wrote ${out}`, err: '' })
    expect(readFileSync(out, 'utf8')).toContain("} from '../move/index.js'")
    expect(cli('codegen-move', kitchen, '--out', out, '--runtime', '../move/index.js', '--check')).toMatchObject({ code: 0 })
    writeFileSync(out, 'stale')
    expect(cli('codegen-move', kitchen, '--out', out, '--runtime', '../move/index.js', '--check')).toMatchObject({
      code: 1,
      err: expect.stringContaining(`stale: ${out}`),
    })
  })

  it('prints each problem as file:line: message and exits 1', () => {
    const dir = join(scratch, 'broken')
    const sources = join(dir, 'sources')
    rmSync(dir, { recursive: true, force: true })
    codegenMoveFixture(sources, 'module broken::m;\n\npublic struct E has copy, drop { coin: sui::coin::Coin<u8> }\n')
    const result = cli('codegen-move', dir, '--address', '0x1')
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      'chainx: sources/m.move:3: cannot type `sui::coin::Coin<u8>` in struct E: it is not declared in this package and is not a framework type whose JSON form is known (String, ascii::String, ID, UID, Option, Balance, TypeName)',
    )
    expect(cli('codegen-move', dir, '--address', 'nope').err).toBe('chainx: --address:1: not an address: nope')
  })

  it('--help prints the usage on standard output and exits 0', () => {
    const result = cli('codegen-move', '--help')
    expect([result.code, result.err]).toEqual([0, ''])
    expect(result.out).toMatch(/^usage: chainx codegen-move <move-package-dir>/)
  })

  it('wrong usage exits 2 with one line naming the problem and the help', () => {
    for (const args of [
      [],
      ['build'],
      ['codegen-move'],
      ['codegen-move', kitchen, '--out'],
      ['codegen-move', kitchen, '--check'],
      ['codegen-move', kitchen, '--what'],
    ]) {
      const result = cli(...args)
      expect(result.code).toBe(2)
      expect(result.err).toMatch(/^chainx: .* \(chainx codegen-move --help\)$/)
    }
  })
})

function codegenMoveFixture(sources: string, text: string) {
  mkdirSync(sources, { recursive: true })
  writeFileSync(join(sources, 'm.move'), text)
}
