/**
 * Canonical forms of Move addresses and type names, so `0x2` and `0x000…002`, or
 * `Coin<0x2::sui::SUI>` with and without spaces, compare equal.
 */

const ADDRESS = /^0x[0-9a-fA-F]{1,64}$/
const ADDRESS_IN_TYPE = /\b0x([0-9a-fA-F]{1,64})(?=::)/g
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const STRUCT_TAG = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*(<.+>)?$/

/**
 * Whether `text` is a `0x`-prefixed hex address or object ID of 1 to 64 digits.
 *
 * @example
 * isMoveAddress('0x2') // true
 * isMoveAddress('alice') // false
 */
export function isMoveAddress(text: string): boolean {
  return ADDRESS.test(text)
}

/**
 * Whether `text` is a Move identifier (module or struct name).
 *
 * @example
 * isMoveIdentifier('market') // true
 */
export function isMoveIdentifier(text: string): boolean {
  return IDENTIFIER.test(text)
}

/**
 * Whether `text` looks like a struct tag `<address>::<module>::<Struct>` with optional type arguments.
 *
 * @example
 * isStructTag('0x2::coin::Coin<0x2::sui::SUI>') // true
 */
export function isStructTag(text: string): boolean {
  return STRUCT_TAG.test(text.replace(/\s+/g, ''))
}

/**
 * The canonical form of an address: lower-case, zero-padded to 64 hex digits. Text that is
 * not an address is returned unchanged.
 *
 * @example
 * normalizeAddress('0x2') // '0x0000…0002' (64 digits)
 */
export function normalizeAddress(text: string): string {
  return ADDRESS.test(text) ? `0x${text.slice(2).toLowerCase().padStart(64, '0')}` : text
}

/**
 * The canonical form of a type name: every address padded as by `normalizeAddress`,
 * white space removed.
 *
 * @example
 * normalizeTypeName('0x2::coin::Coin<0x2::sui::SUI, u64>') // '0x00…02::coin::Coin<0x00…02::sui::SUI,u64>'
 */
export function normalizeTypeName(text: string): string {
  return text
    .replace(/\s+/g, '')
    .replace(ADDRESS_IN_TYPE, (_match, hex: string) => `0x${hex.toLowerCase().padStart(64, '0')}`)
}

/**
 * The parts of a struct tag, each in canonical form.
 *
 * @example
 * const { module, struct, name, full } = splitStructTag(event.type)
 */
export interface StructTagParts {
  /** `<address>::<module>` of the module that defines the struct. */
  module: string
  /** `<address>::<module>::<Struct>` without type arguments. */
  struct: string
  /** The struct name alone. */
  name: string
  /** The whole type, type arguments included. */
  full: string
}

/**
 * Splits a struct tag into its defining module, base struct tag and struct name.
 *
 * @example
 * splitStructTag('0x2::coin::Coin<0x2::sui::SUI>').name // 'Coin'
 */
export function splitStructTag(type: string): StructTagParts {
  const full = normalizeTypeName(type)
  const angle = full.indexOf('<')
  const base = angle < 0 ? full : full.slice(0, angle)
  const lastSeparator = base.lastIndexOf('::')
  return {
    module: lastSeparator < 0 ? base : base.slice(0, lastSeparator),
    struct: base,
    name: lastSeparator < 0 ? base : base.slice(lastSeparator + 2),
    full,
  }
}
