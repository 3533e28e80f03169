const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Whether `text` is a transaction digest: Base58 text of exactly 32 bytes (32 to 44 characters), as the service writes digests. */
export function isTransactionDigest(text: string): boolean {
  if (!BASE58.test(text)) return false
  let zeros = 0
  while (text[zeros] === '1') zeros++
  let value = 0n
  for (let index = zeros; index < text.length; index++) value = value * 58n + BigInt(ALPHABET.indexOf(text[index] as string))
  let bytes = 0
  for (; value > 0n; value >>= 8n) bytes++
  return zeros + bytes === 32
}
