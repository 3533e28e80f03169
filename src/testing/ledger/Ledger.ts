import { toBase58 } from '@mysten/bcs'
import { createRandom, type Random } from './createRandom.js'
import { EventIndex, type EventKey } from './EventIndex.js'
import { LedgerEpochs } from './LedgerEpochs.js'
import { LedgerObjects, type NewObject, type ObjectMeta } from './LedgerObjects.js'
import { normalizeAddress } from './moveAddress.js'
import { firstIndexWhere } from './sortedSearch.js'
import { TransactionIndex } from './TransactionIndex.js'
import type {
  LedgerCheckpoint,
  LedgerDynamicField,
  LedgerEpoch,
  LedgerEvent,
  LedgerObject,
  LedgerReader,
  LedgerTransaction,
  TransactionDegradation,
} from './types.js'

export type { NewObject }

/** Options of a new Ledger. */
export interface LedgerOptions {
  /** Seed of the digests and generated addresses. @default 1 */
  seed?: number
  /** Checkpoints kept available (availableRange width); older ones are pruned. @default Infinity */
  retention?: number
  /** Timestamp of the genesis checkpoint. @default 1735689600000 (2025-01-01T00:00:00Z) */
  genesisTimestampMs?: number
  /** Simulated time between checkpoints. @default 250 */
  checkpointIntervalMs?: number
  /** Reference gas price of epoch 0. @default 1000n */
  referenceGasPrice?: bigint
}

/** An event to record: its canonical type, JSON fields and BCS (base64). */
export interface NewEvent {
  type: string
  parsedJson: Record<string, unknown>
  bcs: string
}

/** A transaction to record in the next checkpoint. */
export interface NewTransaction {
  sender: string
  call: { package: string; module: string; function: string }
  gasPrice?: bigint
  gasBudget?: bigint
  /** Gas coin; defaults to the sender's own coin, created on first use. */
  gasObject?: string
  events?: readonly NewEvent[]
  /** Objects the transaction touched (JSON-RPC `Object` filter). */
  objects?: readonly string[]
  /** Addresses that received objects (JSON-RPC `Recipient` and `ToAddress` filters). */
  recipients?: readonly string[]
  /** Makes it a failed transaction with this error (its events are still recorded as given). */
  failure?: string
  /** Served degraded by the read API (docs/testing.md). */
  degraded?: TransactionDegradation
}

/**
 * The mock network's in-memory chain: checkpoints, transaction blocks and events, kept
 * sorted so every read is a binary search, with its epochs (`LedgerEpochs`), objects
 * (`LedgerObjects`) and indexes (`EventIndex`, `TransactionIndex`). Old checkpoints' contents
 * are pruned according to `retention`, which moves `availableRange`.
 *
 * @example
 * const ledger = new Ledger({ retention: 100 })
 * ledger.appendCheckpoint([{ sender: '0x1', call: { package: '0x2', module: 'm', function: 'f' } }])
 * ledger.availableRange // { first: 0, last: 1 }
 */
export class Ledger implements LedgerReader {
  readonly retention: number
  readonly checkpointIntervalMs: number
  readonly #random: Random
  readonly #checkpoints: LedgerCheckpoint[] = []
  /** Headers of pruned checkpoints, from 0: the service still resolves them by id. */
  readonly #prunedCheckpoints: LedgerCheckpoint[] = []
  readonly #transactions: LedgerTransaction[] = []
  readonly #events: LedgerEvent[] = []
  readonly #epochs: LedgerEpochs
  readonly #objects: LedgerObjects
  readonly #txIndex = new TransactionIndex()
  readonly #txByDigest = new Map<string, LedgerTransaction>()
  readonly #checkpointByDigest = new Map<string, LedgerCheckpoint>()
  readonly #listeners = new Set<(events: readonly LedgerEvent[]) => void>()
  readonly #transactionListeners = new Set<(transactions: readonly LedgerTransaction[]) => void>()
  /** The version of every object a transaction changed, for the next transaction's inputs. */
  readonly #objectVersions = new Map<string, number>()
  readonly #genesisDigest: string
  #prunedSinceCompaction = 0
  #nextTxSeq = 0

  constructor(options: LedgerOptions = {}) {
    this.retention = Math.max(1, options.retention ?? Number.POSITIVE_INFINITY)
    this.checkpointIntervalMs = options.checkpointIntervalMs ?? 250
    this.#random = createRandom(options.seed ?? 1)
    const timestampMs = options.genesisTimestampMs ?? 1_735_689_600_000
    this.#epochs = new LedgerEpochs({ referenceGasPrice: options.referenceGasPrice ?? 1000n, startTimestampMs: timestampMs })
    this.#objects = new LedgerObjects({
      newAddress: () => this.newAddress(),
      newDigest: () => this.newDigest(),
      randomInt: (below) => this.#random.int(below),
      latestCheckpoint: () => this.latestCheckpoint.sequenceNumber,
    })
    const genesis: LedgerCheckpoint = {
      sequenceNumber: 0,
      digest: this.newDigest(),
      previousDigest: null,
      timestampMs,
      epoch: 0,
      networkTotalTransactions: 0,
    }
    this.#genesisDigest = genesis.digest
    this.#checkpoints.push(genesis)
    this.#checkpointByDigest.set(genesis.digest, genesis)
  }

  /** Every event not pruned, ascending by (txSeq, eventIndex). */
  get events(): readonly LedgerEvent[] {
    return this.#events
  }

  /** Every transaction not pruned, ascending by txSeq. */
  get transactions(): readonly LedgerTransaction[] {
    return this.#transactions
  }

  /** Every checkpoint not pruned, ascending by sequence number. */
  get checkpoints(): readonly LedgerCheckpoint[] {
    return this.#checkpoints
  }

  /** Every epoch, ascending (epochs are never pruned). */
  get epochs(): readonly LedgerEpoch[] {
    return this.#epochs.all
  }

  /** The newest checkpoint. */
  get latestCheckpoint(): LedgerCheckpoint {
    return this.#checkpoints[this.#checkpoints.length - 1] as LedgerCheckpoint
  }

  /** First and last checkpoint sequence numbers still available. */
  get availableRange(): { first: number; last: number } {
    return { first: (this.#checkpoints[0] as LedgerCheckpoint).sequenceNumber, last: this.latestCheckpoint.sequenceNumber }
  }

  /** Base58 digest of the genesis checkpoint (kept after pruning, for chainIdentifier). */
  get genesisDigest(): string {
    return this.#genesisDigest
  }

  /** A fresh random Base58 digest of 32 bytes (deterministic for a seed). */
  newDigest(): string {
    return toBase58(this.#random.bytes(32))
  }

  /** A fresh random address (deterministic for a seed). */
  newAddress(): string {
    return normalizeAddress(`0x${Array.from(this.#random.bytes(32), (byte) => byte.toString(16).padStart(2, '0')).join('')}`)
  }

  /**
   * The checkpoint with this sequence number, pruned ones included: as on the real service,
   * availableRange bounds consistent pagination, not looking a checkpoint up; pruning drops
   * a checkpoint's transactions and events, not its header.
   */
  checkpoint(sequenceNumber: number): LedgerCheckpoint | undefined {
    const first = this.#checkpoints[0] as LedgerCheckpoint
    if (sequenceNumber < first.sequenceNumber) return this.#prunedCheckpoints[sequenceNumber]
    return this.#checkpoints[sequenceNumber - first.sequenceNumber]
  }

  /** The checkpoint with this digest, pruned ones included. */
  checkpointByDigest(digest: string): LedgerCheckpoint | undefined {
    return this.#checkpointByDigest.get(digest)
  }

  /** The available transaction with this digest. */
  findTransaction(digest: string): LedgerTransaction | undefined {
    return this.#txByDigest.get(digest)
  }

  /** The epoch with this id. */
  epoch(epochId: number): LedgerEpoch | undefined {
    return this.#epochs.get(epochId)
  }

  /** The epoch that holds checkpoint `sequenceNumber`. */
  epochAt(sequenceNumber: number): LedgerEpoch {
    return this.#epochs.at(sequenceNumber)
  }

  /** Last checkpoint of an epoch, or undefined while it is the current epoch. */
  epochLastCheckpoint(epochId: number): number | undefined {
    return this.#epochs.lastCheckpoint(epochId)
  }

  /** networkTotalTransactions just before the epoch's first checkpoint. */
  epochTransactionBase(epochId: number): number {
    return this.#epochs.transactionBase(epochId)
  }

  /** networkTotalTransactions at `sequenceNumber` (clamped to the latest checkpoint). */
  networkTotalAt(sequenceNumber: number): number {
    return (this.checkpoint(sequenceNumber) ?? this.latestCheckpoint).networkTotalTransactions
  }

  /** The available transaction with this sequence number. */
  transactionBySeq(txSeq: number): LedgerTransaction | undefined {
    const first = this.#transactions[0]
    return first ? this.#transactions[txSeq - first.txSeq] : undefined
  }

  /**
   * Events that have every key (see `EventIndex`), ascending. May include events of pruned
   * checkpoints at the front: bound reads by `availableRange.first`.
   */
  eventsMatching(keys: readonly EventKey[]): readonly LedgerEvent[] {
    return EventIndex.of(this).eventsMatching(keys)
  }

  /**
   * Transactions that have every key (see transactionIndexKeys), ascending. May include
   * pruned transactions at the front: bound reads by `availableRange.first`.
   */
  transactionsMatching(keys: readonly string[]): readonly LedgerTransaction[] {
    return this.#txIndex.matching(keys, this.#transactions)
  }

  /**
   * Lands a checkpoint holding `transactions` (possibly none), prunes past the retention and
   * then tells `onEvents` listeners about the new events.
   */
  appendCheckpoint(
    transactions: readonly NewTransaction[],
    options: { timestampMs?: number } = {},
  ): {
    checkpoint: LedgerCheckpoint
    transactions: LedgerTransaction[]
  } {
    const previous = this.latestCheckpoint
    const sequenceNumber = previous.sequenceNumber + 1
    const timestampMs = Math.max(options.timestampMs ?? previous.timestampMs + this.checkpointIntervalMs, previous.timestampMs)
    const epoch = this.epochAt(sequenceNumber)
    const added: LedgerTransaction[] = []
    const newEvents: LedgerEvent[] = []
    for (const input of transactions) {
      const tx = this.#buildTransaction(input, sequenceNumber, epoch, timestampMs)
      added.push(tx)
      this.#transactions.push(tx)
      this.#txByDigest.set(tx.digest, tx)
      this.#txIndex.add(tx)
      for (const event of tx.events) {
        this.#events.push(event)
        newEvents.push(event)
      }
    }
    const checkpoint: LedgerCheckpoint = {
      sequenceNumber,
      digest: this.newDigest(),
      previousDigest: previous.digest,
      timestampMs,
      epoch: epoch.epochId,
      networkTotalTransactions: this.#nextTxSeq,
    }
    this.#checkpoints.push(checkpoint)
    this.#checkpointByDigest.set(checkpoint.digest, checkpoint)
    this.#prune()
    notify(this.#listeners, newEvents)
    notify(this.#transactionListeners, added)
    return { checkpoint, transactions: added }
  }

  /**
   * Ends the current epoch at the latest checkpoint; the next checkpoint starts a new epoch.
   * Returns the new epoch.
   */
  endEpoch(options: { referenceGasPrice?: bigint } = {}): LedgerEpoch {
    return this.#epochs.end(this.latestCheckpoint, options)
  }

  /** Creates an object at the latest checkpoint. */
  createObject(input: NewObject): LedgerObject {
    return this.#objects.create(input)
  }

  /** Adds a dynamic field to an object (visible from the latest checkpoint on). */
  addDynamicField(parent: string, field: LedgerDynamicField): void {
    this.#objects.addDynamicField(parent, field)
  }

  /** The object at this address (any form of the address). */
  getObject(address: string): LedgerObject | undefined {
    return this.#objects.get(address)
  }

  /** Checkpoint at which the object appeared, whether it has public transfer, and when each dynamic field appeared. */
  objectMeta(address: string): Readonly<ObjectMeta> | undefined {
    return this.#objects.meta(address)
  }

  /** The sender's gas coin, created on first use. */
  gasCoinOf(sender: string): string {
    return this.#objects.gasCoinOf(sender)
  }

  /** Called with each new checkpoint's events, in order, after the checkpoint lands. */
  onEvents(listener: (events: readonly LedgerEvent[]) => void): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /** Called with each new checkpoint's transactions, in order, after the checkpoint lands. */
  onTransactions(listener: (transactions: readonly LedgerTransaction[]) => void): () => void {
    this.#transactionListeners.add(listener)
    return () => {
      this.#transactionListeners.delete(listener)
    }
  }

  #buildTransaction(input: NewTransaction, checkpoint: number, epoch: LedgerEpoch, timestampMs: number): LedgerTransaction {
    const sender = normalizeAddress(input.sender)
    const pkg = normalizeAddress(input.call.package)
    const digest = this.newDigest()
    const txSeq = this.#nextTxSeq++
    const objects = (input.objects ?? []).map(normalizeAddress)
    const recipients = (input.recipients ?? []).map(normalizeAddress)
    const gasObject = input.gasObject ? normalizeAddress(input.gasObject) : this.#objects.gasCoinOf(sender)
    if (!objects.includes(gasObject)) objects.push(gasObject)
    const inputVersions = objects.map((object) => this.#objectVersions.get(object) ?? 0)
    const version = Math.max(0, ...inputVersions) + 1
    for (const object of objects) this.#objectVersions.set(object, version)
    const timestamp = String(timestampMs)
    const events = (input.events ?? []).map((event, eventIndex): LedgerEvent => ({
      id: { txDigest: digest, eventSeq: String(eventIndex) },
      packageId: pkg,
      transactionModule: input.call.module,
      sender,
      type: event.type,
      parsedJson: event.parsedJson,
      bcs: event.bcs,
      timestampMs: timestamp,
      txSeq,
      eventIndex,
      checkpoint,
      objects,
      recipients,
    }))
    return {
      digest,
      sender,
      txSeq,
      checkpoint,
      epoch: epoch.epochId,
      gasPrice: input.gasPrice ?? epoch.referenceGasPrice,
      gasBudget: input.gasBudget ?? 50_000_000n,
      gasObject,
      call: { package: pkg, module: input.call.module, function: input.call.function },
      events,
      timestampMs,
      objects,
      inputVersions,
      version,
      recipients,
      ...(input.failure === undefined ? {} : { failure: input.failure }),
      ...(input.degraded === undefined ? {} : { degraded: input.degraded }),
    }
  }

  #prune(): void {
    const last = this.latestCheckpoint.sequenceNumber
    if (!Number.isFinite(this.retention)) return
    const newFirst = last - this.retention + 1
    const first = (this.#checkpoints[0] as LedgerCheckpoint).sequenceNumber
    if (newFirst <= first) return
    this.#prunedCheckpoints.push(...this.#checkpoints.splice(0, newFirst - first))
    const txCount = firstIndexWhere(this.#transactions, (tx) => tx.checkpoint >= newFirst)
    for (const tx of this.#transactions.splice(0, txCount)) this.#txByDigest.delete(tx.digest)
    const eventCount = firstIndexWhere(this.#events, (event) => event.checkpoint >= newFirst)
    this.#events.splice(0, eventCount)
    // The event index skips pruned events itself; the transaction index is compacted when
    // garbage outweighs live data (amortized).
    this.#prunedSinceCompaction += txCount
    if (this.#prunedSinceCompaction > this.#transactions.length) {
      this.#prunedSinceCompaction = 0
      this.#txIndex.compact(newFirst)
    }
  }
}

function notify<T>(listeners: ReadonlySet<(items: readonly T[]) => void>, items: readonly T[]): void {
  for (const listener of listeners) {
    try {
      listener(items)
    } catch {
      // A failing listener must not break the ledger or the other listeners.
    }
  }
}
