import type { LedgerEvent } from '../ledger/types.js'

/**
 * An event in the JSON-RPC wire shape of spec 2.1.
 *
 * @example
 * const event: RpcEvent = toRpcEvent(ledger.events[0])
 */
export interface RpcEvent {
  id: { txDigest: string; eventSeq: string }
  packageId: string
  transactionModule: string
  sender: string
  type: string
  parsedJson: Record<string, unknown>
  bcsEncoding: 'base64'
  bcs: string
  timestampMs: string
}

/**
 * The wire form of a ledger event (spec 2.1): the ledger's internal fields (`txSeq`,
 * `eventIndex`, `checkpoint`, `objects`, `recipients`) are left out and `bcsEncoding`
 * is added, as the real service always sends base64.
 *
 * @example
 * toRpcEvent(ledger.events[0]) // { id: { txDigest, eventSeq: '0' }, packageId, ..., bcsEncoding: 'base64', bcs, timestampMs }
 */
export function toRpcEvent(event: LedgerEvent): RpcEvent {
  return {
    id: { txDigest: event.id.txDigest, eventSeq: String(event.id.eventSeq) },
    packageId: event.packageId,
    transactionModule: event.transactionModule,
    sender: event.sender,
    type: event.type,
    parsedJson: event.parsedJson,
    bcsEncoding: 'base64',
    bcs: event.bcs,
    timestampMs: String(event.timestampMs),
  }
}
