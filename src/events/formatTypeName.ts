import type { MoveTypeTag } from './parseTypeName.js'

/** How `formatTypeName` writes addresses. */
export interface FormatTypeNameOptions {
  /**
   * `'long'`: lower case, zero-padded to 64 hex digits, as the service writes them; `'short'`: without leading zeros.
   * @default 'long'
   */
  addresses?: 'long' | 'short' | undefined
}

/**
 * Writes a parsed Move type back as text, without spaces, with addresses in one form, so
 * two spellings of one type (`0x2::sui::SUI` and `0x0…02::sui::SUI`) compare equal.
 *
 * @example
 * formatTypeName(parseTypeName('vector<0x02::m::S>'), { addresses: 'short' }) // 'vector<0x2::m::S>'
 */
export function formatTypeName(tag: MoveTypeTag, options: FormatTypeNameOptions = {}): string {
  const form = options.addresses ?? 'long'
  const write = (node: MoveTypeTag): string => {
    switch (node.kind) {
      case 'primitive':
        return node.name
      case 'vector':
        return `vector<${write(node.element)}>`
      case 'struct': {
        const address = formatMoveAddress(node.address, form)
        const args = node.typeArguments.length === 0 ? '' : `<${node.typeArguments.map(write).join(',')}>`
        return `${address}::${node.module}::${node.name}${args}`
      }
    }
  }
  return write(tag)
}

/** Writes a Move address (as `isMoveAddress` checks) in the form `formatTypeName` uses. */
export function formatMoveAddress(address: string, form: FormatTypeNameOptions['addresses'] = 'long'): string {
  const hex = address.slice(2).toLowerCase()
  return form === 'long' ? `0x${hex.padStart(64, '0')}` : `0x${hex.replace(/^0+(?=.)/, '')}`
}
