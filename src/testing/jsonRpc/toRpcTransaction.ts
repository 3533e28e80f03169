import { fromBase58, toBase58 } from '@mysten/bcs'
import { encodeBase64 } from '../ledger/encodeBase64.js'
import type { LedgerTransaction } from '../ledger/types.js'
import { toRpcEvent } from './toRpcEvent.js'

/**
 * The `show*` flags of `chainx_queryTransactionBlocks` (the real service's `TransactionBlockResponseOptions`).
 *
 * @example
 * const options: RpcTransactionOptions = { showEffects: true }
 */
export interface RpcTransactionOptions {
  showInput?: boolean
  showRawInput?: boolean
  showEffects?: boolean
  showRawEffects?: boolean
  showEvents?: boolean
  showObjectChanges?: boolean
  showBalanceChanges?: boolean
}

const GAS_COIN_TYPE = '0x2::coin::Coin<0x2::sui::SUI>'
const SUI = '0x2::sui::SUI'
const COMPUTATION_UNITS = 1_000n
const STORAGE_COST_PER_OBJECT = 988_000n
const REBATE_PER_OBJECT = 978_120n
const NON_REFUNDABLE_PER_OBJECT = 9_880n

type Owner = { AddressOwner: string }
type Ref = { objectId: string; version: number; digest: string }

/**
 * The mock's effects of a ledger transaction, derived from it and nothing else, so every
 * read (HTTP, WebSocket, backfill) gives the same bytes (versions are JSON numbers, as the
 * reference's `SequenceNumber`): every input object (the gas coin
 * included) is mutated to the transaction's Lamport `version`, owned by the sender; one new
 * `<package>::<module>::Receipt` is created for each recipient, owned by it; gas is
 * `gasPrice × 1000` of computation plus storage per written object, minus a rebate per
 * mutated one. Object digests are derived from the transaction digest (stand-ins: the mock
 * stores no object contents for them).
 *
 * @example
 * rpcEffects(ledger.transactions[0]).gasUsed.computationCost // '1000000'
 */
export function rpcEffects(tx: LedgerTransaction) {
  const owner: Owner = { AddressOwner: tx.sender }
  const mutated = tx.objects.map((objectId, index) => ({ owner, reference: ref(tx, objectId, index) }))
  const created = tx.recipients.map((recipient, index) => ({
    owner: { AddressOwner: recipient },
    reference: ref(tx, createdObjectIds(tx)[index] as string, tx.objects.length + index),
  }))
  const gasIndex = tx.objects.indexOf(tx.gasObject)
  const effects: Record<string, unknown> = {
    messageVersion: 'v1',
    status: tx.failure === undefined ? { status: 'success' } : { status: 'failure', error: tx.failure },
    executedEpoch: String(tx.epoch),
    gasUsed: gasUsed(tx),
    modifiedAtVersions: tx.objects.map((objectId, index) => ({ objectId, sequenceNumber: tx.inputVersions[index] ?? 0 })),
    transactionDigest: tx.digest,
    mutated,
    gasObject: mutated[gasIndex] ?? { owner, reference: ref(tx, tx.gasObject, 0) },
    dependencies: [],
  }
  if (created.length > 0) effects.created = created
  if (tx.events.length > 0) effects.eventsDigest = derivedDigest(tx.digest, 0xff)
  return effects
}

/**
 * A ledger transaction in the wire shape of `TransactionBlockResponse`: its digest, and the
 * fields the options ask for (with any option on, `checkpoint` and `timestampMs` too).
 * `rawTransaction` and `rawEffects` are stand-in bytes derived from the digest, not real BCS.
 * Versions are written as the real service writes them: JSON numbers in object references
 * (effects, gas payment, `modifiedAtVersions`), strings in object changes and inputs. A
 * transaction recorded `degraded` is served as the real read API serves one it cannot load
 * whole: the missing fields asked for left out, and a message for each in `errors`.
 *
 * @example
 * toRpcTransaction(tx, { showEffects: true }) // { digest, checkpoint: '3', timestampMs: '…', effects: { … } }
 */
export function toRpcTransaction(tx: LedgerTransaction, options: RpcTransactionOptions): Record<string, unknown> {
  const response = wholeTransaction(tx, options)
  if (tx.degraded === undefined) return response
  const errors: string[] = []
  for (const field of tx.degraded.missing) {
    if (response[field] === undefined) continue
    delete response[field]
    errors.push(`Failed to load ${DEGRADED_NAMES[field]} of transaction ${tx.digest} (mock network degraded mode)`)
  }
  if (errors.length > 0) response.errors = tx.degraded.errors ? [...tx.degraded.errors] : errors
  return response
}

const DEGRADED_NAMES = { events: 'events', objectChanges: 'object changes', balanceChanges: 'balance changes' } as const

function wholeTransaction(tx: LedgerTransaction, options: RpcTransactionOptions): Record<string, unknown> {
  const response: Record<string, unknown> = { digest: tx.digest }
  if (Object.values(options).some((flag) => flag === true)) {
    response.checkpoint = String(tx.checkpoint)
    response.timestampMs = String(tx.timestampMs)
  }
  if (options.showInput) response.transaction = transactionData(tx)
  if (options.showRawInput) response.rawTransaction = encodeBase64(fromBase58(tx.digest))
  if (options.showEffects) response.effects = rpcEffects(tx)
  if (options.showRawEffects) response.rawEffects = Array.from(fromBase58(derivedDigest(tx.digest, 0xfe)))
  if (options.showEvents) response.events = tx.events.map(toRpcEvent)
  if (options.showObjectChanges) response.objectChanges = objectChanges(tx)
  if (options.showBalanceChanges) {
    const { computationCost, storageCost, storageRebate } = gasUsed(tx)
    const charged = BigInt(computationCost) + BigInt(storageCost) - BigInt(storageRebate)
    response.balanceChanges = [{ owner: { AddressOwner: tx.sender }, coinType: SUI, amount: String(-charged) }]
  }
  return response
}

const createdIds = new WeakMap<LedgerTransaction, string[]>()

/**
 * Ids of the objects `tx` created, one per recipient (worked out once per transaction).
 *
 * @example
 * createdObjectIds(tx).length === tx.recipients.length // true
 */
export function createdObjectIds(tx: LedgerTransaction): string[] {
  let ids = createdIds.get(tx)
  if (ids === undefined) {
    ids = tx.recipients.map((_, index) => createdId(tx, index))
    createdIds.set(tx, ids)
  }
  return ids
}

function gasUsed(tx: LedgerTransaction) {
  const written = BigInt(tx.objects.length + tx.recipients.length)
  const rebated = BigInt(tx.objects.length)
  return {
    computationCost: String(tx.gasPrice * COMPUTATION_UNITS),
    storageCost: String(written * STORAGE_COST_PER_OBJECT),
    storageRebate: String(rebated * REBATE_PER_OBJECT),
    nonRefundableStorageFee: String(rebated * NON_REFUNDABLE_PER_OBJECT),
  }
}

function transactionData(tx: LedgerTransaction) {
  const inputs = tx.objects
    .filter((objectId) => objectId !== tx.gasObject)
    .map((objectId) => ({
      type: 'object',
      objectType: 'immOrOwnedObject',
      objectId,
      version: String(versionBefore(tx, objectId)),
      digest: derivedDigest(tx.digest, 0x40 + tx.objects.indexOf(objectId)),
    }))
  return {
    data: {
      messageVersion: 'v1',
      transaction: {
        kind: 'ProgrammableTransaction',
        inputs,
        transactions: [{ MoveCall: { package: tx.call.package, module: tx.call.module, function: tx.call.function } }],
      },
      sender: tx.sender,
      gasData: {
        payment: [{ objectId: tx.gasObject, version: versionBefore(tx, tx.gasObject), digest: derivedDigest(tx.digest, 0xfd) }],
        owner: tx.sender,
        price: String(tx.gasPrice),
        budget: String(tx.gasBudget),
      },
    },
    txSignatures: [encodeBase64(fromBase58(derivedDigest(tx.digest, 0xfc)))],
  }
}

function objectChanges(tx: LedgerTransaction): Record<string, unknown>[] {
  const owner: Owner = { AddressOwner: tx.sender }
  const changes: Record<string, unknown>[] = tx.objects.map((objectId, index) => ({
    type: 'mutated',
    sender: tx.sender,
    owner,
    objectType: objectId === tx.gasObject ? GAS_COIN_TYPE : `${tx.call.package}::${tx.call.module}::Item`,
    objectId,
    version: String(tx.version),
    previousVersion: String(tx.inputVersions[index] ?? 0),
    digest: ref(tx, objectId, index).digest,
  }))
  tx.recipients.forEach((recipient, index) => {
    const { objectId, version, digest } = ref(tx, createdObjectIds(tx)[index] as string, tx.objects.length + index)
    changes.push({
      type: 'created',
      sender: tx.sender,
      owner: { AddressOwner: recipient },
      objectType: `${tx.call.package}::${tx.call.module}::Receipt`,
      objectId,
      version: String(version),
      digest,
    })
  })
  return changes
}

function versionBefore(tx: LedgerTransaction, objectId: string): number {
  return tx.inputVersions[tx.objects.indexOf(objectId)] ?? 0
}

function ref(tx: LedgerTransaction, objectId: string, index: number): Ref {
  return { objectId, version: tx.version, digest: derivedDigest(tx.digest, index) }
}

function createdId(tx: LedgerTransaction, index: number): string {
  const bytes = fromBase58(derivedDigest(tx.digest, 0x80 + index))
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/** A Base58 digest of 32 bytes derived from `digest` and `salt` (deterministic, distinct per salt). */
function derivedDigest(digest: string, salt: number): string {
  const bytes = fromBase58(digest)
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = ((bytes[i] ?? 0) ^ ((salt * 131 + i * 29 + 7) & 0xff)) & 0xff
  return toBase58(out)
}
