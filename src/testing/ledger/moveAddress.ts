import { BcsType, fromHex } from '@mysten/bcs'

const ADDRESS = /^0x[0-9a-fA-F]{1,64}$/
const CACHE_LIMIT = 10_000
const normalized = new Map<string, string>()

/**
 * Canonical form of a Move address: `0x` and 64 lowercase hex digits. Throws on anything
 * that is not `0x` followed by 1 to 64 hex digits.
 *
 * @example
 * normalizeAddress('0x2') // '0x0000…0002' (66 characters)
 */
export function normalizeAddress(address: string): string {
  const hit = normalized.get(address)
  if (hit) return hit
  if (!ADDRESS.test(address)) throw new TypeError(`Invalid address: ${address}`)
  const result = `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
  if (normalized.size >= CACHE_LIMIT) normalized.clear()
  normalized.set(address, result)
  return result
}

/**
 * Whether `text` is `0x` followed by 1 to 64 hex digits.
 *
 * @example
 * isAddress('0x2') // true
 * isAddress('alice') // false
 */
export function isAddress(text: string): boolean {
  return ADDRESS.test(text)
}

const bytesCache = new Map<string, Uint8Array>()
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/**
 * `0x` + hex of 32 bytes as one flat string, interned through the normalize cache so equal
 * addresses share one string (a concatenated hex string would keep a rope of 32 pieces alive).
 */
function readAddress(bytes: Uint8Array): string {
  const parts = new Array<string>(bytes.length)
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX[bytes[i] as number] as string
  const text = `0x${parts.join('')}`
  const interned = normalized.get(text)
  if (interned) return interned
  if (normalized.size >= CACHE_LIMIT) normalized.clear()
  normalized.set(text, text)
  return text
}

/** The 32 bytes of an address (cached: datasets reuse a few thousand addresses at most). */
function addressBytes(address: string): Uint8Array {
  const hit = bytesCache.get(address)
  if (hit) return hit
  const bytes = fromHex(normalizeAddress(address).slice(2))
  if (bytesCache.size >= CACHE_LIMIT) bytesCache.clear()
  bytesCache.set(address, bytes)
  return bytes
}

/**
 * BCS type of a Move `address`: 32 raw bytes on the wire, a `0x…` hex string in JavaScript
 * (short forms such as `0x2` are accepted on input; output is always 66 characters).
 *
 * @example
 * import { bcs } from '@mysten/bcs'
 * const Transfer = bcs.struct('Transfer', { to: moveAddress, amount: bcs.u64() })
 * Transfer.serialize({ to: '0x2', amount: 5n }).toBase64()
 */
export const moveAddress = new BcsType<string, string, 'address'>({
  name: 'address',
  read: (reader) => readAddress(reader.readBytes(32)),
  write: (value, writer) => {
    writer.writeBytes(addressBytes(value))
  },
  serializedSize: () => 32,
  validate: (value) => {
    if (typeof value !== 'string' || !ADDRESS.test(value)) throw new TypeError(`Invalid address: ${String(value)}`)
  },
})

/**
 * BCS type of a Move `0x2::object::UID`: 32 bytes on the wire, a `0x…` string in JavaScript.
 * Its MoveData form is `{ UID: [bytes] }`, like the real service prints object ids.
 *
 * @example
 * const Item = bcs.struct('Item', { id: moveUid, level: bcs.u8() })
 */
export const moveUid = new BcsType<string, string, '0x2::object::UID'>({
  name: '0x2::object::UID',
  read: moveAddress.read,
  write: (value, writer) => moveAddress.write(value, writer),
  serializedSize: () => 32,
  validate: moveAddress.validate,
})
