/**
 * UTF-8 byte length of `text` from index `from` on, without encoding it (a request body's Content-Length; a body whose head is known can be
 * counted from there).
 */
export function utf8Length(text: string, from = 0): number {
  let bytes = text.length - from
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2 // a surrogate pair: 4 bytes for its 2 units
      i++
    } else bytes += 2
  }
  return bytes
}
