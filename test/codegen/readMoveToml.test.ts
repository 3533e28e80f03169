import { describe, expect, it } from 'vitest'
import { generateMoveEvents, MoveCodegenError } from 'chainx-sdk/codegen'
import { readMoveToml } from '../../src/codegen/readMoveToml.js'

/** The manifest as plain data: the package name and the named addresses in order. */
const read = (text: string) => {
  const manifest = readMoveToml(text)
  return { name: manifest.name, addresses: Object.fromEntries(manifest.addresses) }
}

describe('readMoveToml: the TOML forms the Move tooling writes', () => {
  it('reads [package] and [addresses] tables with double-quoted strings and comments', () => {
    const text = `# written by sui move new
[package]
name = "demo" # the package
edition = "2024.beta"

[dependencies]
Sui = { git = "https://github.com/MystenLabs/sui.git", subdir = "crates/sui-framework/packages/sui-framework", rev = "framework/testnet" }

[addresses]
demo = "0x0"
# a comment between entries
market = "0xc0ffee" # trailing comment with "quotes" and a = sign
`
    expect(read(text)).toEqual({ name: 'demo', addresses: { demo: '0x0', market: '0xc0ffee' } })
  })

  it('reads single-quoted (literal) strings', () => {
    expect(read("[package]\nname = 'demo'\n[addresses]\ndemo = '0x7'\n")).toEqual({ name: 'demo', addresses: { demo: '0x7' } })
  })

  it('reads an inline table of addresses (one under [package] is package.addresses, not the addresses)', () => {
    expect(read('[package]\nname = "demo"\naddresses = { ignored = "0x9" }\n\n[dev-addresses]\ndemo = "0x5"\n')).toEqual({
      name: 'demo',
      addresses: {},
    })
    expect(read('addresses = { demo = "0x0", other = \'0x2\' }\n[package]\nname = "demo"\n')).toEqual({
      name: 'demo',
      addresses: { demo: '0x0', other: '0x2' },
    })
  })

  it('reads dotted keys', () => {
    expect(read('package.name = "demo"\naddresses.demo = "0x3"\naddresses.std = "0x1"\n')).toEqual({
      name: 'demo',
      addresses: { demo: '0x3', std: '0x1' },
    })
  })

  it('skips what is not a string address ("_" is a string and is kept) and reads an empty manifest', () => {
    expect(read('[package]\nname = "demo"\n[addresses]\ndemo = "_"\ncount = 3\nnested = { a = "0x1" }\n')).toEqual({
      name: 'demo',
      addresses: { demo: '_' },
    })
    expect(read('')).toEqual({ name: undefined, addresses: {} })
    expect(read('[package]\nname = 7\n')).toEqual({ name: undefined, addresses: {} })
  })

  it('rejects text that is not TOML with a MoveCodegenError naming Move.toml and the line', () => {
    const error = (() => {
      try {
        readMoveToml('[package]\nname = "demo"\n[addresses\ndemo = "0x0"\n')
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(MoveCodegenError)
    expect((error as MoveCodegenError).code).toBe('INVALID_ARGUMENT')
    expect((error as MoveCodegenError).problems).toEqual([
      { file: 'Move.toml', line: 3, message: expect.stringMatching(/^not valid TOML: /) as string },
    ])
  })

  it('gives the generator the address of an inline table written with single quotes', () => {
    const code = generateMoveEvents({
      manifest: "addresses = { demo = '0xc0ffee' }\n[package]\nname = 'demo'\n",
      sources: [{ path: 'sources/market.move', text: 'module demo::market;\npublic struct Listed has copy, drop { price: u64 }' }],
    })
    expect(code).toContain(`export const PACKAGE_ADDRESS = '0x${'c0ffee'.padStart(64, '0')}'`)
  })
})
