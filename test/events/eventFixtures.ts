import { toBase58 } from '@mysten/bcs'
import type { ChainxEvent, EventId } from '../../src/events/types.js'

export const PACKAGE = `0x${'ab'.repeat(32)}`
export const SENDER = `0x${'0'.repeat(63)}7`

/** A Base58 digest of 32 bytes, different for each `n`. */
export function digest(n: number): string {
  const bytes = new Uint8Array(32).fill(7)
  new DataView(bytes.buffer).setUint32(28, n)
  return toBase58(bytes)
}

/** An event in the wire shape of spec 2.1, number `n` of a made-up ledger (one event per transaction). */
export function wireEvent(n: number, overrides: Partial<ChainxEvent> = {}): ChainxEvent {
  return {
    id: { txDigest: digest(n), eventSeq: '0' },
    packageId: PACKAGE,
    transactionModule: 'market',
    sender: SENDER,
    type: `${PACKAGE}::market::Listed`,
    parsedJson: { item: n, price: '18446744073709551615' },
    bcsEncoding: 'base64',
    bcs: 'AAAA',
    timestampMs: String(1_700_000_000_000 + n * 1000),
    ...overrides,
  }
}

export function idOf(n: number): EventId {
  return { txDigest: digest(n), eventSeq: '0' }
}
