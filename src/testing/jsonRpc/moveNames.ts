/**
 * Canonical forms of Move addresses and type names for filter keys, built on the ledger's
 * own parsers (`../ledger/moveAddress.js`, `../ledger/moveTypes.js`), so `0x2` and
 * `0x000…002`, or `Coin<0x2::sui::SUI>` with and without spaces, compare equal.
 */
import { isAddress, normalizeAddress } from '../ledger/moveAddress.js'
import { formatMoveType, parseMoveType } from '../ledger/moveTypes.js'

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const STRUCT_TAG_CACHE_SIZE = 4096
const structTags = new Map<string, StructTagParts | undefined>()

/**
 * The canonical form of an address (see `normalizeAddress`); text that is not an address
 * is returned unchanged instead of throwing, so odd ledger data never breaks a query.
 *
 * @example
 * canonicalAddress('0x2') // '0x0000…0002' (64 digits)
 * canonicalAddress('alice') // 'alice'
 */
export function canonicalAddress(text: string): string {
  return isAddress(text) ? normalizeAddress(text) : text
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
 * The parts of a struct tag, each in canonical form.
 *
 * @example
 * const { module, struct, name, full } = splitStructTag(event.type) ?? fail()
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
 * Splits a struct tag into its defining module, base struct tag and struct name, all
 * canonical; `undefined` when `type` is not a struct tag. Results are cached, as a ledger
 * has few distinct event types.
 *
 * @example
 * splitStructTag('0x2::coin::Coin<0x2::sui::SUI>')?.name // 'Coin'
 * splitStructTag('u64') // undefined
 */
export function splitStructTag(type: string): StructTagParts | undefined {
  if (structTags.has(type)) return structTags.get(type)
  const parts = parseStructTag(type)
  if (structTags.size >= STRUCT_TAG_CACHE_SIZE) structTags.clear()
  structTags.set(type, parts)
  return parts
}

function parseStructTag(type: string): StructTagParts | undefined {
  let tag: ReturnType<typeof parseMoveType>
  try {
    tag = parseMoveType(type)
  } catch {
    return undefined
  }
  if (tag.kind !== 'struct') return undefined
  const module = `${tag.address}::${tag.module}`
  return { module, struct: `${module}::${tag.name}`, name: tag.name, full: formatMoveType(tag) }
}
