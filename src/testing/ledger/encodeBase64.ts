import { toBase64 } from '@mysten/bcs'

type BufferLike = { from(data: ArrayBufferLike, offset: number, length: number): { toString(encoding: string): string } }
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer

/**
 * Standard padded Base64 of bytes: Node's Buffer when present (faster for the millions of
 * event BCS strings a large dataset needs), @mysten/bcs otherwise. Same output.
 *
 * @example
 * encodeBase64(new Uint8Array([1, 2, 3])) // 'AQID'
 */
export function encodeBase64(bytes: Uint8Array): string {
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64') : toBase64(bytes)
}
